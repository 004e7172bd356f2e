/// The statedbg journal format: its name, versions, and the rules every line follows.
///
/// A journal is UTF-8 text, one JSON object per line, each line ended by a line feed. The first line is
/// a ``JournalHeader``; every other line is a step (``JournalStep``) or an event (``JournalEvent``).
/// <doc:JournalFileFormat> describes every field and the checksum rule so that a reader can be written in
/// any language; this type holds the constants it names.
///
/// Version 2 ends every line with a checksum of the line's own bytes (see <doc:JournalFileFormat>);
/// version 1 has none. Version 3 fingerprints an array or object of more than 64 elements or members
/// as a tree of runs of 64, so that a recorder or a verifier folds again about 130 fingerprints after a
/// change in an array of 10,000, not up to 10,000 (see <doc:JournalFileFormat>). Version 4 may write an
/// action as its label alone, when the label gives back its tag and payload (the format article's
/// "Actions written as a call"). Version 5 may name a step's call site by a number, the call sites
/// written whole since the last keyframe counted in order (the format article's "Call sites named by
/// number"). Version 6 writes a step's time as milliseconds since the header's `origin`, an action
/// written as a call as its label alone, and a call site only where it changes (the format article's
/// "Version 6"). Every version is still read.
public enum JournalFormat {
    /// The value of the header's `format` member.
    public static let name = "statedbg-journal"

    /// The version this library writes.
    public static let currentVersion = 6

    /// The versions this library reads.
    public static let readableVersions: ClosedRange<Int> = 1...6

    /// The conventional file extension (JSON lines).
    public static let fileExtension = "jsonl"
}

extension JournalFormat {
    /// The version of statedbg that this library is part of, written into every header's `tool` member.
    public static let toolVersion = "0.1.0"

    /// The `tool` member this library writes: `statedbg 0.1.0`.
    public static var tool: String { "statedbg \(toolVersion)" }
}
