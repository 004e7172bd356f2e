import StateJSON
import StateJournal

/// The action types of an app, each under the name its journal tags start with, so that a recording
/// can be decoded back into the app's own actions for replay.
///
/// Apps rarely have one action type. A ReSwift-style app has a struct per action behind its own
/// `protocol Action`; a SwiftyState-style app has an enum per feature. Register each `Codable` action
/// type in one line; the recorder tags an action with its type's name, plus the case for an enum:
///
/// ```swift
/// struct AddUser: Action, Codable { var name: String }
/// enum AccountAction: Codable { case deposit(amount: Int), close }
///
/// let actions = ActionRegistry(AddUser.self, AccountAction.self)
/// actions.tag(of: AddUser(name: "Blob"))           // "AddUser"
/// actions.tag(of: AccountAction.deposit(amount: 5))  // "AccountAction.deposit"
/// ```
///
/// An action whose type is not registered is still recorded, under the same name, and its payload is
/// its `Codable` form when it has one; an action type that is not `Codable` at all is recorded through
/// reflection and marked not replayable. Nothing is ever dropped.
///
/// Names that start with `statedbg.` are statedbg's own (`StateJournal`'s `ReservedActionTag`): a
/// type cannot be registered or named under one.
public struct ActionRegistry: Sendable {
    /// The registered types, in the order given.
    var types: [RegisteredActionType]
    private var indexByType: [ObjectIdentifier: Int]
    /// Tag names of action types that are not `Codable`, which are recorded but never replayed.
    private var namesOfOtherTypes: [ObjectIdentifier: String]

    /// An empty registry: every action is recorded under its type's name, and none can be replayed.
    public init() {
        types = []
        indexByType = [:]
        namesOfOtherTypes = [:]
    }

    /// A registry of these `Codable` action types, each under its own name (``defaultName(of:)``).
    ///
    /// A type whose own name starts with `statedbg.` (a type nested in a type named `statedbg`) stops
    /// the program with a message: its tags would be statedbg's own. Register it with
    /// ``register(_:as:)`` under another name instead.
    public init(_ types: any Codable.Type...) {
        self.init()
        for type in types {
            do {
                try register(type)
            } catch {
                // The names here are the types' own, fixed when the app is compiled: a programmer error.
                preconditionFailure(error.description)
            }
        }
    }

    /// Registers `type` under `name`, the start of the tags of its actions.
    ///
    /// ```swift
    /// var actions = ActionRegistry()
    /// try actions.register(AccountAction.self, as: "bank")   // tags such as bank.deposit
    /// ```
    ///
    /// - Parameters:
    ///   - type: The `Codable` action type.
    ///   - name: The tag of a struct's actions, or the part before the case of an enum's
    ///     (`bank` gives `bank.pay`); ``defaultName(of:)`` when `nil`. Keep it stable: recordings find
    ///     their types by it.
    /// - Throws: ``ActionRegistryError/reservedName(_:type:)`` for a name that starts with `statedbg.`.
    public mutating func register(_ type: any Codable.Type, as name: String? = nil) throws(ActionRegistryError) {
        let name = name ?? Self.defaultName(of: type)
        guard !ReservedActionTag.isReserved(name) else { throw .reservedName(name, type: String(reflecting: type)) }
        let entry = RegisteredActionType(type, name: name)
        if let index = indexByType[entry.id] {
            types[index] = entry
        } else {
            indexByType[entry.id] = types.count
            types.append(entry)
        }
    }

    /// Gives the actions of a type that is not `Codable` a tag name of your choice, instead of their
    /// full Swift name (`TCASearchApp.Search.Action`): they are still recorded through reflection and
    /// cannot be replayed, but their tags stay short and stable when the type moves.
    ///
    /// ```swift
    /// var actions = ActionRegistry(SearchQuery.self)
    /// try actions.name(Search.Action.self, as: "search")   // tags such as search.queryChanged
    /// ```
    ///
    /// - Throws: ``ActionRegistryError/reservedName(_:type:)`` for a name that starts with `statedbg.`.
    public mutating func name(_ type: Any.Type, as name: String) throws(ActionRegistryError) {
        guard !ReservedActionTag.isReserved(name) else { throw .reservedName(name, type: String(reflecting: type)) }
        namesOfOtherTypes[ObjectIdentifier(type)] = name
    }

    /// This registry with `type` registered as well.
    ///
    /// - Throws: ``ActionRegistryError/reservedName(_:type:)`` for a name that starts with `statedbg.`.
    public func registering(_ type: any Codable.Type, as name: String? = nil) throws(ActionRegistryError) -> ActionRegistry {
        var copy = self
        try copy.register(type, as: name)
        return copy
    }

    /// The names types are registered under, in order.
    public var names: [String] { types.map(\.name) }

    /// The name a type's tags start with when none is given: its Swift name without the module,
    /// `UsersApp.AddUser` for `struct AddUser` nested in `enum UsersApp`.
    public static func defaultName(of type: Any.Type) -> String {
        let full = String(reflecting: type)
        // `Module.Outer.Name<Arguments>`: generic arguments can hold dots too, so split only before `<`.
        let genericStart = full.firstIndex(of: "<") ?? full.endIndex
        let parts = full[..<genericStart].split(separator: ".")
        // A private type's name has a `(unknown context at $…)` part; an extension's, `(extension in …)`.
        let named = parts.dropFirst().filter { !$0.hasPrefix("(") }
        guard !named.isEmpty else { return full }
        return named.joined(separator: ".") + full[genericStart...]
    }

    /// The tag a recording gives `action`: its type's registered (or default) name, with the case
    /// chain of an enum.
    public func tag(of action: Any) -> String {
        describer(for: action).tag(of: action)
    }

    /// The registered type of `action`, if its type is registered.
    func entry(for action: Any) -> RegisteredActionType? {
        indexByType[ObjectIdentifier(type(of: action))].map { types[$0] }
    }

    /// The describer that tags and labels `action`.
    func describer(for action: Any) -> ActionDescriber {
        let type = type(of: action)
        let name = entry(for: action)?.name ?? namesOfOtherTypes[ObjectIdentifier(type)] ?? Self.defaultName(of: type)
        return ActionDescriber(prefix: name)
    }

    /// The registered type whose actions carry `tag`: the one whose name is the longest prefix of the
    /// tag that ends at a `.` (or is the whole tag).
    func entry(forTag tag: String) -> RegisteredActionType? {
        var best: RegisteredActionType?
        for entry in types where tag == entry.name || tag.hasPrefix(entry.name + ".") {
            if entry.name.count > best?.name.count ?? -1 { best = entry }
        }
        return best
    }

    /// Decodes a recorded action back into the app's action value.
    ///
    /// - Throws: ``ReplayError/unknownActionType(_:detail:)`` when no registered type has the tag,
    ///   ``ReplayError/notReplayable(_:)`` for an action recorded through reflection,
    ///   ``ReplayError/undecodableAction(_:detail:)`` when the payload does not decode, and
    ///   ``ReplayError/mismatchedTag(_:decoded:)`` when it decodes as an action with another tag.
    func decode(_ action: JournalAction) throws(ReplayError) -> Any {
        switch action.replayMode {
        case .decode: break
        case .notReplayable: throw .notReplayable(action.type)
        case .recordedState: throw .replacesState
        }
        guard let entry = entry(forTag: action.type) else {
            throw .unknownActionType(action.type, detail: "registered types: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        let value: Any
        do {
            value = try entry.decode(action.payload)
        } catch {
            throw .undecodableAction(action.type, detail: "\(error)")
        }
        let decodedTag = ActionDescriber(prefix: entry.name).tag(of: value)
        guard decodedTag == action.type else { throw .mismatchedTag(action.type, decoded: decodedTag) }
        return value
    }
}
