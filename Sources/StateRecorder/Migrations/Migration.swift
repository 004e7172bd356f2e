/// How a recording made with one version of an app's types reads with the next: the steps from
/// version ``version`` to `version + 1`.
///
/// An app states the version of its recorded types (`schemaVersion:` of its ``AppDefinition`` or
/// ``RecordableApp``) and declares one migration from each earlier version. A recording made with
/// version 1 is then read through the migrations from 1, 2, … up to the app's version: its initial
/// state, keyframes, patches and action payloads alike, as it is read (the file is never changed),
/// or once for good with `statedbg migrate`.
///
/// ```swift
/// schemaVersion: 3,
/// migrations: [
///     .from(1, .renameField("age", to: "years", in: .state(".users[*]")),
///              .renameField("age", to: "years", in: .action("users.updateAge", ".updateAge"))),
///     .from(2, .renameAction("users.updateAge", to: "users.setYears")),
/// ]
/// ```
///
/// `schemaHash` is a check: the `schemaHash` of the recordings made with version ``version`` (their
/// journal header has it). A recording of that version whose types hash otherwise was made by code
/// that called its types by that version without having them, and the schema verdict says so.
public struct Migration: Sendable, CustomStringConvertible {
    /// The version the migration starts from; it ends at `version + 1`.
    public let version: Int
    /// The schema fingerprint of the recordings made with ``version``, when the app states it.
    public let schemaHash: String?
    /// The changes, in order.
    public let steps: [MigrationStep]

    /// A migration from `version` to `version + 1`.
    public init(from version: Int, schemaHash: String? = nil, steps: [MigrationStep]) {
        self.version = version
        self.schemaHash = schemaHash
        self.steps = steps
    }

    /// A migration from `version` to `version + 1` made of `steps`, one a line.
    public static func from(_ version: Int, schemaHash: String? = nil, _ steps: MigrationStep...) -> Migration {
        Migration(from: version, schemaHash: schemaHash, steps: steps)
    }

    /// A migration from `version` to `version + 1` made of `steps`.
    public static func from(_ version: Int, schemaHash: String? = nil, steps: [MigrationStep]) -> Migration {
        Migration(from: version, schemaHash: schemaHash, steps: steps)
    }

    /// The migration as the Swift that declares it.
    public var description: String {
        let hash = schemaHash.map { ", schemaHash: \(MigrationScope.literal($0))" } ?? ""
        return ".from(\(version)\(hash)" + steps.map { ", " + $0.description }.joined() + ")"
    }
}
