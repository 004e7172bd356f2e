@_spi(Reflection) import Swift
import Foundation
import StateCollections

/// Decides from a state's type alone, never from one value of it, whether the state can hold an object
/// the app might change after handing the state to the recorder: only a state that cannot may wait in
/// the writer's queue as a Swift value.
///
/// It walks the type's stored fields through the standard library's field reflection
/// (`_forEachField(of:options:body:)`, in the runtime since iOS 13.4 and macOS 10.15.4), into structs,
/// tuples, optionals and the standard collections' element types. Plain data, strings and Foundation's
/// immutable copy-on-write values (`Data`, `URL`, `Locale`, …) are values, and so is a `@Sendable`
/// function (it captures only Sendable values, and the encoder never calls it); a class, an existential
/// (`any P`, which may hold a class), any other function (which may capture one) and an enum with
/// payloads (whose payload types the runtime does not list) may hold objects.
enum StateTypeScan {
    /// What the scan found.
    enum Verdict: Equatable, CustomStringConvertible {
        /// No value of the type can hold an object.
        case valuesOnly
        /// A value may hold an object, at `path` inside the state (`.todos[].owner`), because of `reason`.
        case mayHoldObjects(path: String, reason: Reason)

        var description: String {
            switch self {
            case .valuesOnly: "values only"
            case .mayHoldObjects(let path, let reason): "\(path.isEmpty ? "the state" : path) \(reason)"
            }
        }
    }

    /// Why a type may hold an object.
    enum Reason: Equatable, CustomStringConvertible {
        case classType(String)
        case existential(String)
        case function(String)
        /// An enum with payloads, or an indirect one: the runtime does not list its payloads' types.
        case enumPayloads(String)
        /// A kind of type the scan does not look into (deeper than it goes, or unknown to it).
        case opaque(String)

        var description: String {
            switch self {
            case .classType(let name): "is a class (\(name))"
            case .existential(let name): "is an existential (\(name)), which may hold a class instance"
            case .function(let name): "is a function (\(name)), which may capture objects"
            case .enumPayloads(let name): "is an enum with payloads (\(name)), whose types the runtime does not list"
            case .opaque(let name): "is a type the scan cannot look into (\(name))"
            }
        }
    }

    /// The verdict for `State`.
    static func verdict<State>(for _: State.Type) -> Verdict {
        var walk = Walk()
        return walk.element(State.self, path: "", depth: 0)
    }

    /// Holds one value, so that a type the scan has no field of at hand is seen as a field, with its kind.
    private struct Holder<Value> {
        var value: Value
    }

    /// One scan: the types it is deciding, so that a recursive type (a tree of nodes) ends.
    private struct Walk {
        var deciding: Set<ObjectIdentifier> = []

        /// The verdict for every stored field of the struct or tuple `type`.
        mutating func fields(of type: Any.Type, path: String, depth: Int) -> Verdict {
            var verdict = Verdict.valuesOnly
            let walked = _forEachField(of: type) { name, _, fieldType, kind in
                let label = String(cString: name)
                // A tuple's unlabelled elements come named `.0`, `.1`.
                let fieldPath = path + (label.hasPrefix(".") ? label : "." + label)
                verdict = self.field(fieldType, kind: kind, path: fieldPath, depth: depth + 1)
                return verdict == .valuesOnly
            }
            if !walked, verdict == .valuesOnly { return .mayHoldObjects(path: path, reason: .opaque(String(reflecting: type))) }
            return verdict
        }

        /// The verdict for a field of type `type`, of the runtime's `kind`.
        mutating func field(_ type: Any.Type, kind: _MetadataKind, path: String, depth: Int) -> Verdict {
            let identifier = ObjectIdentifier(type)
            if deciding.contains(identifier) || isPlainData(type) || StateTypeScan.values.contains(identifier) {
                return .valuesOnly
            }
            let name = String(reflecting: type)
            guard depth < 64 else { return .mayHoldObjects(path: path, reason: .opaque(name)) }
            if let container = type as? any ValueContainer.Type {
                deciding.insert(identifier)
                defer { deciding.remove(identifier) }
                for element in container.elementTypes {
                    let verdict = self.element(element.type, path: path + element.suffix, depth: depth + 1)
                    if verdict != .valuesOnly { return verdict }
                }
                return .valuesOnly
            }
            switch kind {
            case .struct, .tuple:
                deciding.insert(identifier)
                defer { deciding.remove(identifier) }
                return fields(of: type, path: path, depth: depth)
            case .metatype, .existentialMetatype:
                return .valuesOnly
            case .class, .foreignClass, .objcClassWrapper:
                return .mayHoldObjects(path: path, reason: .classType(name))
            case .existential:
                return .mayHoldObjects(path: path, reason: .existential(name))
            case .function:
                // A `@Sendable` function captures only Sendable values, which may be read, shared and
                // freed on any thread; the encoder never calls a function, so the writer may hold it.
                if StateTypeScan.isSendableFunction(type) { return .valuesOnly }
                return .mayHoldObjects(path: path, reason: .function(name))
            case .enum, .optional:
                return .mayHoldObjects(path: path, reason: .enumPayloads(name))
            default:
                return .mayHoldObjects(path: path, reason: .opaque(name))
            }
        }

        /// The verdict for a type whose kind is not at hand (the state's own, a collection's element
        /// type): it is read off a holder's one field.
        mutating func element(_ type: Any.Type, path: String, depth: Int) -> Verdict {
            func holder<Element>(_: Element.Type) -> Any.Type { Holder<Element>.self }
            var verdict = Verdict.valuesOnly
            _forEachField(of: holder(type)) { _, _, fieldType, kind in
                verdict = self.field(fieldType, kind: kind, path: path, depth: depth)
                return false
            }
            return verdict
        }
    }

    // Safe because `type` is a function type's metadata (the runtime gave its kind as function): in the
    // Swift ABI, stable on Apple platforms since Swift 5.0, such metadata is the kind word and then the
    // flags word, whose bit 30 marks a `@Sendable` function type (since Swift 5.5). Only that word is read.
    /// Whether the function type `type` is `@Sendable`, read from its metadata's flags.
    static func isSendableFunction(_ type: Any.Type) -> Bool {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        return flags & 0x4000_0000 != 0
    }

    /// Types known to be values whose storage no one can change in place behind the app's back: the
    /// standard library's and Foundation's copy-on-write and immutable values.
    private static let values: Set<ObjectIdentifier> = [
        ObjectIdentifier(String.self), ObjectIdentifier(Substring.self), ObjectIdentifier(Character.self),
        ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(Date.self), ObjectIdentifier(UUID.self),
        ObjectIdentifier(Decimal.self), ObjectIdentifier(Locale.self), ObjectIdentifier(TimeZone.self),
        ObjectIdentifier(Calendar.self), ObjectIdentifier(DateComponents.self),
    ]
}

/// Whether values of `type` are plain data (no references at all): bits copied, nothing to release.
private func isPlainData(_ type: Any.Type) -> Bool {
    func open<Value>(_ type: Value.Type) -> Bool { _isPOD(type) }
    return open(type)
}

/// A value type whose stored fields the scan should not walk (they are the collection's storage, a
/// class) but whose element types it should: the standard collections and `Optional`.
private protocol ValueContainer {
    /// The types of the values inside, with how a path names them (`[]` for an element, `?` for the
    /// wrapped value of an optional, `[key]`/`[value]` for a dictionary's).
    static var elementTypes: [(type: Any.Type, suffix: String)] { get }
}

extension Optional: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Wrapped.self, "?")] }
}

extension Array: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Element.self, "[]")] }
}

extension ContiguousArray: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Element.self, "[]")] }
}

extension ArraySlice: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Element.self, "[]")] }
}

extension Set: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Element.self, "[]")] }
}

extension Dictionary: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Key.self, "[key]"), (Value.self, "[value]")] }
}

extension ChunkedArray: ValueContainer {
    static var elementTypes: [(type: Any.Type, suffix: String)] { [(Element.self, "[]")] }
}
