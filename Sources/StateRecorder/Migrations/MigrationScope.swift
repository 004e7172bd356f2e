/// Where a ``MigrationStep`` applies: to values of the state, or to the payloads of one action type, at
/// a path of the debugger's syntax that names members and `[*]` (every element of an array, or every
/// value of a dictionary).
///
/// ```swift
/// .state                                          // the whole state
/// .state(".users[*]")                             // every user
/// .state(".accounts[*].holder")                   // every account's holder
/// .action("users.updateAge", ".updateAge")        // the values of the case updateAge
/// .action("ReSwiftUsersApp.AddUser")              // the whole payload of a struct action
/// ```
///
/// A migration is about types, so a scope names no particular element: an index (`[3]`) or a search at
/// any depth (`..name`) is refused when the migration is first used, with
/// ``MigrationError/Code/invalidScope(_:reason:)``.
public struct MigrationScope: Sendable, Hashable, CustomStringConvertible {
    /// What the path is in.
    package enum Target: Sendable, Hashable {
        /// The state: the initial state, every keyframe and every patch.
        case state
        /// The payload of every action with this tag, in steps and in rejected-action events.
        case action(String)
    }

    /// What the path is in.
    package let target: Target
    /// The path as written: `.users[*]`, or `.` for the whole value.
    public let path: String

    /// The whole state.
    public static var state: MigrationScope { MigrationScope(target: .state, path: ".") }

    /// The values of the state at `path`, such as `.users[*]` (every user) or `.settings`.
    public static func state(_ path: String) -> MigrationScope {
        MigrationScope(target: .state, path: path)
    }

    /// The payload of every action tagged `tag`, or the values at `path` inside it: `.updateAge` is the
    /// associated values of the enum case `updateAge`, as its `Codable` form nests them.
    public static func action(_ tag: String, _ path: String = ".") -> MigrationScope {
        MigrationScope(target: .action(tag), path: path)
    }

    /// The scope as the Swift that declares it: `.state(".users[*]")`, `.action("users.rename", ".rename")`.
    public var description: String {
        switch target {
        case .state:
            return path == "." ? ".state" : ".state(\(Self.literal(path)))"
        case .action(let tag):
            return path == "." ? ".action(\(Self.literal(tag)))" : ".action(\(Self.literal(tag)), \(Self.literal(path)))"
        }
    }

    /// Where the scope's values are, for summaries: `.users[*]` (of the state), `.rename of users.rename`,
    /// `users.rename` (the whole payload).
    var place: String {
        switch target {
        case .state: path == "." ? "the state" : path
        case .action(let tag): path == "." ? tag : "\(path) of \(tag)"
        }
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default:
                if character.value < 0x20 || character.value == 0x7F {
                    escaped += "\\u{\(String(character.value, radix: 16))}"
                } else {
                    escaped.unicodeScalars.append(character)
                }
            }
        }
        return "\"\(escaped)\""
    }
}
