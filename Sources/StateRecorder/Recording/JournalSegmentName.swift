/// The names of the files a recorder rolls over to when its journal reaches its size limit.
package enum JournalSegmentName {
    /// `session.jsonl` → `session.2.jsonl`.
    package static func path(_ path: String, segment: Int) -> String {
        let name = fileName(path)
        let directory = String(path.dropLast(name.count))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return directory + name[..<dot] + ".\(segment)" + name[dot...]
        }
        return path + ".\(segment)"
    }

    /// The last component of `path`: what the next file's header names as the one before it.
    package static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
