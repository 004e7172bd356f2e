import StateJSON

/// The app's answer to `journal`: the files of its journal, oldest first (the first file, then each
/// one the recorder rolled over to), with how many bytes of each a `read` gives.
///
/// ```text
/// {"reply":3,"ok":true,"parts":[{"bytes":1048571,"path":"/data/users.jsonl"},{"bytes":20110,"path":"/data/users.2.jsonl"}]}
/// ```
package struct LiveJournalParts: LiveAnswer {
    /// One file of the journal.
    package struct Part: Sendable, Equatable {
        /// Its absolute path, as the app sees it.
        package var path: String
        /// Its size when listed: for the file being written, up to the end of its last whole line.
        package var bytes: Int

        /// A part of `bytes` bytes at `path`.
        package init(path: String, bytes: Int) {
            self.path = path
            self.bytes = bytes
        }

        /// The file's name, without its folder.
        package var fileName: String {
            path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        }
    }

    /// The files, oldest first.
    package var parts: [Part]

    /// An answer listing `parts`.
    package init(parts: [Part]) {
        self.parts = parts
    }

    /// The bytes of all the files.
    package var bytes: Int { parts.reduce(0) { $0 + $1.bytes } }

    package var fields: JSONObject {
        ["parts": .array(parts.map { .object(["path": .string($0.path), "bytes": .integer(Int64($0.bytes))]) })]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        parts = []
        for part in try reply.objects("parts") {
            parts.append(Part(path: try part.string("path"), bytes: try part.integer("bytes")))
        }
    }
}
