import Foundation
import StateCollections
import Testing
@testable import StateRecorder

/// The recorder decides from a state's type, never from one value, whether the state may wait for the
/// writer thread as a Swift value (a type that cannot hold objects) or must be encoded on the calling
/// thread (one that may).
@Suite struct StateTypeScanTests {
    struct Tag: Hashable {
        var name: String
        var colour: Int
    }

    enum Filter {
        case all, active, done
    }

    struct Todo {
        var id: Int
        var title: String
        var done: Bool
        var tags: Set<Tag>
        var due: Date?
        var attachment: Data
        var link: URL?
    }

    /// Strings, arrays, dictionaries, sets, optionals, tuples, nested structs, a payload-free enum and
    /// Foundation's values.
    struct ValueState {
        var todos: [Todo]
        var byOwner: [String: [Int]]
        var filter: Filter
        var selection: (Int, String)?
        var pages: ChunkedArray<Todo>
        var history: ContiguousArray<[String: Double]>
        var id: UUID
    }

    /// A tree whose nodes hold nodes: the scan ends.
    struct Node {
        var name: String
        var children: [Node]
    }

    final class Session {
        var token = ""
    }

    protocol Reminder {}

    enum Payload {
        case text(String)
        case none
    }

    struct WithObject {
        var todos: [Todo]
        var session: Session
    }

    struct WithObjectInAnArray {
        var sessions: [Int: [Session?]]
    }

    struct WithExistential {
        var title: String
        var reminder: any Reminder
    }

    struct WithClosure {
        var todos: [Todo]
        var onChange: () -> Void
    }

    struct WithPayloadEnum {
        var last: Payload
    }

    /// A callback the app keeps in its state, declared `@Sendable`: it captures only Sendable values.
    struct WithSendableClosures {
        var todos: [Todo]
        var onChange: @Sendable (Int) -> Void
        var load: (@Sendable () async throws -> [Todo])?
        var mainActorCallback: @MainActor @Sendable () -> Void
    }

    /// A `@MainActor` function type is Sendable in Swift 6 (SE-0434), and its metadata says so.
    struct WithMainActorClosure {
        var onChange: @MainActor () -> Void
    }

    @Test func aStateOfValuesAnywhereInsideIsHandedToTheWriter() {
        #expect(StateTypeScan.verdict(for: ValueState.self) == .valuesOnly)
        #expect(StateTypeScan.verdict(for: [String: [Int?]].self) == .valuesOnly)
        #expect(StateTypeScan.verdict(for: Int.self) == .valuesOnly)
        #expect(StateTypeScan.verdict(for: String.self) == .valuesOnly)
    }

    @Test func aRecursiveTypeIsDecided() {
        #expect(StateTypeScan.verdict(for: Node.self) == .valuesOnly)
    }

    @Test func aClassFieldNamesWhereTheObjectIs() {
        #expect(StateTypeScan.verdict(for: WithObject.self)
            == .mayHoldObjects(path: ".session", reason: .classType(String(reflecting: Session.self))))
        #expect(StateTypeScan.verdict(for: WithObjectInAnArray.self)
            == .mayHoldObjects(path: ".sessions[value][]?", reason: .classType(String(reflecting: Session.self))))
    }

    @Test func aClassStateIsTheObject() {
        #expect(StateTypeScan.verdict(for: Session.self)
            == .mayHoldObjects(path: "", reason: .classType(String(reflecting: Session.self))))
    }

    @Test func anExistentialAClosureAndAnEnumWithPayloadsMayHoldObjects() {
        #expect(StateTypeScan.verdict(for: WithExistential.self)
            == .mayHoldObjects(path: ".reminder", reason: .existential(String(reflecting: (any Reminder).self))))
        #expect(StateTypeScan.verdict(for: WithClosure.self)
            == .mayHoldObjects(path: ".onChange", reason: .function(String(reflecting: (() -> Void).self))))
        #expect(StateTypeScan.verdict(for: WithPayloadEnum.self)
            == .mayHoldObjects(path: ".last", reason: .enumPayloads(String(reflecting: Payload.self))))
        #expect(StateTypeScan.verdict(for: (any Reminder).self)
            == .mayHoldObjects(path: "", reason: .existential(String(reflecting: (any Reminder).self))))
    }

    /// Read from the function type's metadata, not from a value: the same decision for every value.
    @Test func aSendableFunctionIsAValueAndAnyOtherMayCaptureObjects() {
        #expect(StateTypeScan.verdict(for: WithSendableClosures.self) == .valuesOnly)
        #expect(StateTypeScan.isSendableFunction((@Sendable (Int) -> Void).self))
        #expect(StateTypeScan.isSendableFunction((@Sendable () async throws -> [Todo]).self))
        #expect(!StateTypeScan.isSendableFunction(((Int) -> Void).self))
        #expect(!StateTypeScan.isSendableFunction(((Int) async throws -> Void).self))
        #expect(StateTypeScan.verdict(for: WithMainActorClosure.self) == .valuesOnly)
        #expect(CaptureMode.choose(for: WithSendableClosures.self, options: RecorderOptions(), live: false, owner: .app(nil)) == .writerThread)
    }

    @Test func theVerdictSaysWhereAndWhy() {
        #expect("\(StateTypeScan.verdict(for: WithClosure.self))" == ".onChange is a function (() -> ()), which may capture objects")
        #expect("\(StateTypeScan.verdict(for: ValueState.self))" == "values only")
    }

    /// The decision is the type's: an empty array of objects is still an array of objects, and a
    /// struct of values needs no value to look at.
    @Test func theCaptureModeFollowsTheTypeNotTheValue() {
        let options = RecorderOptions()
        #expect(CaptureMode.choose(for: ValueState.self, options: options, live: false, owner: .app(nil)) == .writerThread)
        #expect(CaptureMode.choose(for: WithObjectInAnArray.self, options: options, live: false, owner: .app(nil)) == .preparedSteps)
        #expect(CaptureMode.choose(for: WithClosure.self, options: options, live: false, owner: .app(nil)) == .preparedSteps)
        #expect(CaptureMode.choose(for: WithExistential.self, options: options, live: true, owner: .app(nil)) == .callingThread)
    }

    /// `.onWriterThread` takes the app's word for what the type cannot show, but not against a class.
    @Test func onWriterThreadOverridesEverythingButAClass() {
        var options = RecorderOptions()
        options.stateCapture = .onWriterThread
        #expect(CaptureMode.choose(for: WithPayloadEnum.self, options: options, live: false, owner: .app(nil)) == .writerThread)
        #expect(CaptureMode.choose(for: WithClosure.self, options: options, live: false, owner: .app(nil)) == .writerThread)
        #expect(CaptureMode.choose(for: WithObject.self, options: options, live: false, owner: .app(nil)) == .preparedSteps)
    }
}
