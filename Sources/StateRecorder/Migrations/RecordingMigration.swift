import StateJournal

/// How a recording reads with an app's current code: the version of the types it was made with (its
/// header's `schemaVersion`), the app's, the migrations between them, and the schema verdict on the
/// recording as they leave it.
///
/// - A recording of the app's version needs no migration; the verdict compares its schema with the
///   app's, and when they differ in a way a replay cannot survive, proposes the migration to declare.
/// - An older recording is read through the app's migrations from its version (``plan``); the verdict
///   compares its schema, migrated step by step, with the app's, so a change no migration covers is
///   still named, with the steps that would cover it.
/// - A recording of a version the app declares no migration from, or of a newer version, is
///   incompatible and says so.
///
/// ```swift
/// let migration = try RecordingMigration(app: app, header: reader.header)
/// migration.plan?.description    // the migration from version 1 to 2: rename .users[*].age to years
/// migration.compatibility        // .compatible
/// ```
public struct RecordingMigration: Sendable {
    /// The version of the types the recording was made with.
    public let recordedVersion: Int
    /// The app's version of its types.
    public let currentVersion: Int
    /// The migrations the recording is read through; `nil` when it needs none or none can read it.
    public let plan: MigrationPlan?
    /// The schema verdict on the recording as the migrations leave it.
    public let compatibility: SchemaCompatibility

    /// Decides how `app` reads the recording whose header is `header`.
    ///
    /// - Throws: ``MigrationError`` when the app's migrations cannot work as declared (a scope naming
    ///   one element, two migrations from one version, one from beyond the app's version).
    public init(app: any RegisteredApp, header: JournalHeader) throws(MigrationError) {
        let recorded = header.schemaVersion
        let current = app.schemaVersion
        let migrations = app.migrations
        try MigrationPlan.check(migrations, schemaVersion: current)
        recordedVersion = recorded
        currentVersion = current
        let schema = app.schema
        if recorded == current {
            plan = nil
            compatibility = schema.compatibility(withRecorded: header.schema, recordedVersion: recorded)
            return
        }
        if recorded > current {
            plan = nil
            compatibility = .incompatible([
                "the recording was made with version \(recorded) of the app's types, newer than the current code's version \(current); "
                    + "no migration reads a recording backwards, so replay it with the code that made it",
            ])
            return
        }
        let missing = (recorded..<current).filter { version in !migrations.contains { $0.version == version } }
        guard missing.isEmpty else {
            plan = nil
            let list = missing.map(String.init).joined(separator: ", ")
            var reasons = ["the recording was made with version \(recorded) of the app's types and the current code is at version \(current), "
                           + "but the app declares no migration from version \(list)"]
            switch schema.compatibility(withRecorded: header.schema, recordedVersion: recorded) {
            case .incompatible(let changes):
                // The proposal of a comparison with the current types is for the next version; here the
                // versions are given, so the steps are offered for the missing migration.
                reasons += changes.filter { !$0.hasPrefix("to keep the recordings") }
                if let steps = Self.proposedSteps(schema, header) {
                    reasons.append("declare it: .from(\(missing[0]), \(steps))" + (missing.count > 1 ? ", and the others" : ""))
                }
            case .risky(let notes):
                reasons += notes
            case .compatible:
                break
            }
            compatibility = .incompatible(reasons)
            return
        }
        let plan = try MigrationPlan(migrations, from: recorded, to: current)
        self.plan = plan
        var verdict: SchemaCompatibility
        if let old = AppSchema(jsonValue: header.schema) {
            verdict = schema.compatibility(withRecorded: plan.migrate(schema: old)) { steps in
                "\(plan.to - plan.from == 1 ? "the migration" : "the migrations") from version \(recorded) to \(current) "
                    + "\(plan.to - plan.from == 1 ? "does" : "do") not cover this; add to the one from version \(current - 1): \(steps.joined(separator: ", "))"
            }
        } else {
            verdict = .risky(["the recording carries no schema, so its actions may not decode"])
        }
        if let stated = plan.migrations.first?.schemaHash, stated != header.schemaHash {
            let note = "the recording says it was made with version \(recorded) of the types, but its schema hash is "
                + "\(header.schemaHash.isEmpty ? "missing" : header.schemaHash), not the \(stated) the migration from version \(recorded) states; "
                + "it may have been made with other types"
            switch verdict {
            case .compatible: verdict = .risky([note])
            case .risky(let notes): verdict = .risky(notes + [note])
            case .incompatible(let reasons): verdict = .incompatible(reasons + [note])
            }
        }
        compatibility = verdict
    }

    /// The migration steps a comparison of the recording's schema with the app's proposes, as Swift.
    private static func proposedSteps(_ schema: AppSchema, _ header: JournalHeader) -> String? {
        guard let old = AppSchema(jsonValue: header.schema) else { return nil }
        var proposed: String?
        _ = schema.compatibility(withRecorded: old) { steps in
            proposed = steps.joined(separator: ", ")
            return ""
        }
        return proposed
    }

    /// Whether the recording is read through migrations.
    public var migrates: Bool { plan != nil }
}
