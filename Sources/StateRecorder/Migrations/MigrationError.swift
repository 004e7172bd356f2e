import StateJSON

/// Why an app's migrations cannot be used, or why one of them failed on a recording's value.
///
/// A declaration that cannot work (a scope that names one element, two migrations from the same
/// version) is found when the migrations are first used; a step that throws or cannot convert a value
/// is reported with the migration, the step and the value it failed on, and the reader adds the file,
/// line and step of the recording:
///
/// ```text
/// the migration from version 1 to 2 failed at its step 1, .transform("split name", in: .state(".users[*]")), on /users/2 of the state: "Ada" has no last name
/// ```
public struct MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// A scope's path cannot be a migration's (see ``MigrationScope``); the scope as declared, and why.
        case invalidScope(String, reason: String)
        /// A step cannot work as declared (a move without a source or a destination); the step, and why.
        case invalidStep(String, reason: String)
        /// Two migrations start from the same version.
        case repeatedMigration(from: Int)
        /// A migration starts at or after the app's own version, so nothing could ever need it.
        case migrationBeyondVersion(from: Int, schemaVersion: Int)
        /// The app's version is not a positive number.
        case invalidSchemaVersion(Int)
        /// A migration's step threw, or could not convert a value.
        ///
        /// - Parameters:
        ///   - migration: The version the migration starts from.
        ///   - step: The step's position in the migration, from 1.
        ///   - declaration: The step as the Swift that declares it.
        ///   - location: Where the value is: `/users/2 of the state`, `the payload of users.rename`.
        ///   - reason: What went wrong with the value.
        case stepFailed(migration: Int, step: Int, declaration: String, location: String, reason: String)
    }

    /// What went wrong.
    public let code: Code

    /// An error with this code.
    public init(_ code: Code) {
        self.code = code
    }

    /// The error as one sentence.
    public var description: String {
        switch code {
        case .invalidScope(let scope, let reason):
            return "the migration scope \(scope) cannot be used: \(reason)"
        case .invalidStep(let step, let reason):
            return "the migration step \(step) cannot be used: \(reason)"
        case .repeatedMigration(let version):
            return "the app declares two migrations from version \(version); merge their steps into one"
        case .migrationBeyondVersion(let version, let schemaVersion):
            return "the app declares a migration from version \(version), but its own version is \(schemaVersion), so no recording can need it; raise schemaVersion to \(version + 1)"
        case .invalidSchemaVersion(let version):
            return "the app's schemaVersion is \(version), but versions count from 1"
        case .stepFailed(let migration, let step, let declaration, let location, let reason):
            return "the migration from version \(migration) to \(migration + 1) failed at its step \(step), \(declaration), on \(location): \(reason)"
        }
    }
}

/// Why a step failed on one value, before the plan names the migration and the step.
struct MigrationFailure: Error {
    /// What went wrong with the value.
    var reason: String
    /// The pointer of the value inside the state or the payload, when known.
    var location: [String]?

    init(_ reason: String, location: [String]? = nil) {
        self.reason = reason
        self.location = location
    }

    /// The kind of `value` with its indefinite article: `a string`, `an object`.
    static func article(_ value: JSONValue) -> String {
        switch value.kind {
        case .array, .object: "an \(value.kind.rawValue)"
        default: "a \(value.kind.rawValue)"
        }
    }
}
