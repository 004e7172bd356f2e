import Foundation
import StateJournal

/// Where a recorder puts a journal whose path is relative, and where it says where that went.
///
/// An app on an iPhone, iPad, Apple Watch, Apple TV or Vision Pro starts with `/` as its working
/// directory, which it may not write: a relative path such as `"users.jsonl"` goes in the app's
/// Application Support folder instead (created if missing), so the documentation's examples work there
/// as written. A Mac app (an `.app` bundle) does the same in a folder named after its bundle
/// identifier inside Application Support, which unsandboxed apps share. The resolved, absolute path is
/// ``Recorder/path``, and the recorder says it once at start, on standard error (the Xcode console):
///
/// ```text
/// statedbg: recording to /var/mobile/Containers/Data/Application/…/Library/Application Support/users.jsonl
/// ```
///
/// On Linux, and for a command-line tool on a Mac, a relative path stays relative to the working
/// directory, as every other file the process opens, and nothing is said.
struct JournalLocation: Sendable {
    /// The folder relative paths go under, made if missing; `nil` for the working directory. It throws
    /// `JournalError`; the type says only `throws` because a stored function type with a typed error needs
    /// the Swift 6 runtime (iOS 18, macOS 15).
    let folder: @Sendable () throws -> String?
    /// Says where a journal given by a relative path went, once the recorder has created it.
    let notice: @Sendable (_ line: String) -> Void

    /// `path` as the recorder opens it: under ``folder`` when it is relative and there is one.
    ///
    /// - Throws: `JournalError` when the folder cannot be made.
    func resolve(_ path: String) throws(JournalError) -> String {
        // An empty path is refused with its own message by whoever opens it.
        guard !path.isEmpty, !path.hasPrefix("/") else { return path }
        let base: String?
        do {
            base = try folder()
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError(.ioError, path: path, "cannot find the folder for journals given by a relative path: \(error); give the recorder an absolute path instead.")
        }
        guard let base else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// Tells ``notice`` where the journal given as `given` went, when resolving moved it.
    func announce(given: String, opened: String) {
        guard given != opened, !given.hasPrefix("/") else { return }
        notice("statedbg: recording to \(opened)")
    }

    /// A location under `folder`, created if missing: what Apple platforms do with the app's
    /// Application Support folder, and the seam tests use.
    static func under(_ folder: String, notice: @escaping @Sendable (String) -> Void) -> JournalLocation {
        JournalLocation(folder: {
            try makeFolder(folder)
            return folder
        }, notice: notice)
    }

    /// Where this platform puts relative journal paths (see the type's description).
    static var platform: JournalLocation {
        #if canImport(Darwin)
        JournalLocation(folder: { try applicationSupportFolder() },
                        notice: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        #else
        JournalLocation(folder: { nil }, notice: { _ in })
        #endif
    }

    /// Makes `folder` and those it is in, unless it exists.
    private static func makeFolder(_ folder: String) throws(JournalError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw JournalError(.ioError, path: folder,
                               "cannot create the folder for journals given by a relative path: \(error.localizedDescription); give the recorder an absolute path instead.")
        }
    }

    #if canImport(Darwin)
    /// The app's Application Support folder (in a folder named after its bundle identifier on a Mac),
    /// made if missing; `nil` for a command-line tool on a Mac, whose working directory is its own.
    private static func applicationSupportFolder() throws(JournalError) -> String? {
        guard var folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first else {
            throw JournalError(.ioError, path: "Application Support",
                               "the system names no Application Support folder for this app; give the recorder an absolute path.")
        }
        #if os(macOS) || targetEnvironment(macCatalyst)
        guard Bundle.main.bundlePath.hasSuffix(".app"), let identifier = Bundle.main.bundleIdentifier else { return nil }
        folder.appendPathComponent(identifier, isDirectory: true)
        #endif
        try makeFolder(folder.path)
        return folder.path
    }
    #endif
}
