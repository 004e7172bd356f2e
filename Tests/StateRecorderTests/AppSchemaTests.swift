import Foundation
import StateJSON
import StateRecorder
import Testing

/// How ``AppSchema`` describes types (reflection merged with a probing decoder) and how it compares
/// the schema of a recording with the current one.
@Suite struct AppSchemaTests {
    struct Note: Codable, Equatable {
        var text: String
        var pinned: Bool
    }

    struct Project: Codable, Equatable {
        var title: String
        var notes: [Note]
    }

    struct Person: Codable, Equatable {
        var name: String
        var nickname: String?
    }

    enum Kind: String, Codable, CaseIterable {
        case small, large
    }

    enum Route: Codable, Equatable {
        case list
        case detail(id: Int, tab: String)
        case search(String)
    }

    struct Board: Codable, Equatable {
        var projects: [Project] = []
        var owner: Person?
        var backup: Person??
        var people: [String: Person] = [:]
        var kinds: Set<Kind> = []
        var route: Route = .detail(id: 1, tab: "info")
    }

    enum BoardAction: Codable, Equatable {
        case reset
        case add(Project)
        case rename(projectID: Int, to: String)
        case importNotes([Note], into: Route)
    }

    /// The schema's state as canonical JSON text, for comparing with a literal.
    private func stateText<State>(_ state: State) -> String {
        AppSchema(initialState: state, actionSamples: [Int](), describer: ActionDescriber(prefix: "test")).state.canonicalText
    }

    @Test func emptyArraysDictionariesAndAbsentOptionalsAreDescribedFromTheirTypes() {
        #expect(stateText(Board()) == """
            {"fields":{\
            "backup":{"type":"Optional<Optional<Person>>","wrapped":{"type":"Optional<Person>","wrapped":\
            {"fields":{"name":{"type":"String"},"nickname":{"type":"Optional<String>","wrapped":{"type":"String"}}},"type":"Person"}}},\
            "kinds":{"element":{"type":"Kind"},"type":"Set<Kind>"},\
            "owner":{"type":"Optional<Person>","wrapped":\
            {"fields":{"name":{"type":"String"},"nickname":{"type":"Optional<String>","wrapped":{"type":"String"}}},"type":"Person"}},\
            "people":{"type":"Dictionary<String, Person>","value":\
            {"fields":{"name":{"type":"String"},"nickname":{"type":"Optional<String>","wrapped":{"type":"String"}}},"type":"Person"}},\
            "projects":{"element":{"fields":{"notes":{"element":{"fields":{"pinned":{"type":"Bool"},"text":{"type":"String"}},"type":"Note"},\
            "type":"Array<Note>"},"title":{"type":"String"}},"type":"Project"},"type":"Array<Project>"},\
            "route":{"cases":{"detail":{"fields":{"id":{"type":"Int"},"tab":{"type":"String"}},"type":"tuple"}},"type":"Route"}\
            },"type":"Board"}
            """)
    }

    @Test func aFilledArrayAndAnEmptyOneDescribeTheirElementsAlike() {
        let filled = Board(projects: [Project(title: "a", notes: [Note(text: "n", pinned: true)])])
        let schema = AppSchema(initialState: filled, actionSamples: [Int](), describer: ActionDescriber(prefix: "test"))
        #expect(stateText(filled) == stateText(Board()))
        #expect(schema.compatibility(withRecorded: AppSchema(initialState: Board(), actionSamples: [Int](),
                                                             describer: ActionDescriber(prefix: "test")).jsonValue) == .compatible)
    }

    @Test func actionPayloadsAreDescribedFromTheirTypesToo() {
        let schema = AppSchema(initialState: 0, actionSamples: [BoardAction.reset, .add(Project(title: "p", notes: [])),
                                                                .rename(projectID: 1, to: "x"), .importNotes([], into: .list)],
                               describer: ActionDescriber(prefix: "board"))
        #expect(schema.actions.keys.sorted() == ["board.add", "board.importNotes", "board.rename", "board.reset"])
        #expect(schema.actions["board.reset"]?.canonicalText == #"{"type":"BoardAction"}"#)
        #expect(schema.actions["board.add"]?.canonicalText == """
            {"cases":{"add":{"fields":{"notes":{"element":{"fields":{"pinned":{"type":"Bool"},"text":{"type":"String"}},"type":"Note"},\
            "type":"Array<Note>"},"title":{"type":"String"}},"type":"Project"}},"type":"BoardAction"}
            """)
        #expect(schema.actions["board.importNotes"]?.canonicalText == """
            {"cases":{"importNotes":{"fields":{".0":{"element":{"fields":{"pinned":{"type":"Bool"},"text":{"type":"String"}},"type":"Note"},\
            "type":"Array<Note>"},"into":{"type":"Route"}},"type":"tuple"}},"type":"BoardAction"}
            """)
    }

    /// An enum with associated values inside an empty array has no value to name a case, so its
    /// probing stops there; the fields before it are kept, and nothing traps.
    @Test func anEnumWithoutAValueEndsItsOwnPartOnly() {
        struct Step: Codable {
            var title: String
            var route: Route
            var after: Int
        }
        struct Plan: Codable {
            var steps: [Step] = []
            var kind: Kind = .small
        }
        #expect(stateText(Plan()) == """
            {"fields":{"kind":{"type":"Kind"},"steps":{"element":{"fields":{"route":{"type":"Route"},"title":{"type":"String"}},\
            "type":"Step"},"type":"Array<Step>"}},"type":"Plan"}
            """)
    }

    @Test func aCaseIterableEnumThatRejectsThePlaceholderGetsItsFirstCase() {
        struct Tagged: Codable {
            var kind: Kind
            var label: String
        }
        struct Tags: Codable {
            var tags: [Tagged] = []
        }
        #expect(stateText(Tags()) == """
            {"fields":{"tags":{"element":{"fields":{"kind":{"type":"Kind"},"label":{"type":"String"}},"type":"Tagged"},\
            "type":"Array<Tagged>"}},"type":"Tags"}
            """)
    }

    @Test func typesWhoseDecodingRejectsPlaceholdersAreDescribedAsFarAsTheyGo() {
        struct Email: Codable {
            struct Invalid: Error {}
            var address: String
            init(from decoder: any Decoder) throws {
                address = try decoder.singleValueContainer().decode(String.self)
                guard address.contains("@") else { throw Invalid() }
            }
        }
        struct Contact: Codable {
            var name: String
            var email: Email
            var phone: String
        }
        struct Book: Codable {
            var contacts: [Contact] = []
            var favourite: Contact?
        }
        #expect(stateText(Book()) == """
            {"fields":{"contacts":{"element":{"fields":{"email":{"type":"Email"},"name":{"type":"String"}},"type":"Contact"},\
            "type":"Array<Contact>"},"favourite":{"type":"Optional<Contact>","wrapped":{"fields":{"email":{"type":"Email"},\
            "name":{"type":"String"}},"type":"Contact"}}},"type":"Book"}
            """)
    }

    @Test func aStateWhoseDecodingAlwaysThrowsKeepsItsReflectedShape() {
        struct Sealed: Codable {
            struct Refused: Error {}
            var secret = 1
            var log: [String] = []
            init() {}
            init(from decoder: any Decoder) throws { throw Refused() }
        }
        #expect(stateText(Sealed()) == #"{"fields":{"log":{"type":"Array<String>"},"secret":{"type":"Int"}},"type":"Sealed"}"#)
    }

    @Test func recursiveTypesEndWhereTheyRepeat() {
        struct Folder: Codable {
            var name: String
            var children: [Folder]
            var parent: Box?
        }
        final class Box: Codable {
            var folder: Folder
        }
        struct Tree: Codable {
            var roots: [Folder] = []
        }
        #expect(stateText(Tree()) == """
            {"fields":{"roots":{"element":{"fields":{"children":{"element":{"type":"Folder"},"type":"Array<Folder>"},\
            "name":{"type":"String"},"parent":{"type":"Optional<Box>","wrapped":{"fields":{"folder":{"type":"Folder"}},"type":"Box"}}},\
            "type":"Folder"},"type":"Array<Folder>"}},"type":"Tree"}
            """)
    }

    @Test func deepTypesStopAtTheDepthLimit() {
        struct Level: Codable {
            var next: [Level]
        }
        indirect enum Chain: Codable {
            case end
            case link(Chain)
        }
        struct Deep: Codable {
            var levels: [[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]] = []
            var chain: Chain = .link(.link(.end))
        }
        let text = stateText(Deep())
        #expect(text.hasPrefix(#"{"fields":{"chain":{"cases":{"link":{"cases":{"link":{"type":"Chain"}},"type":"Chain"}},"type":"Chain"},"levels":"#))
        #expect(!text.contains(#""type":"Int""#))
    }

    @Test func aTypeThatListsItsKeysWhileDecodingKeepsItsFields() {
        struct Strict: Decodable {
            enum CodingKeys: String, CodingKey { case size, notes }
            struct UnknownKeys: Error {}
            var size: Int
            var notes: [Note]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                guard container.allKeys.count <= 2 else { throw UnknownKeys() }
                size = try container.decode(Int.self, forKey: .size)
                notes = try container.decode([Note].self, forKey: .notes)
            }
        }
        struct Shelf: Decodable {
            var boxes: [Strict] = []
            var extra: [String: JSONValue] = [:]
            var meta: JSONValue = ["kind": "shelf"]
        }
        #expect(stateText(Shelf()).hasPrefix("""
            {"fields":{"boxes":{"element":{"fields":{"notes":{"element":{"fields":{"pinned":{"type":"Bool"},"text":{"type":"String"}},\
            "type":"Note"},"type":"Array<Note>"},"size":{"type":"Int"}},"type":"Strict"},"type":"Array<Strict>"},\
            "extra":{"type":"Dictionary<String, JSONValue>","value":{"type":"JSONValue"}},"meta":
            """))
    }

    @Test func nonDecodableStatesAreReflectedAsBefore() {
        struct Plain {
            var count = 0
            var names: [String] = []
        }
        #expect(stateText(Plain()) == #"{"fields":{"count":{"type":"Int"},"names":{"type":"Array<String>"}},"type":"Plain"}"#)
    }
}
