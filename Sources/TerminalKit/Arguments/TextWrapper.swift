/// Word-wraps text for help output.
enum TextWrapper {
    /// Wraps `text` so no line passes `width` columns, every line indented by `indent` spaces.
    ///
    /// Explicit newlines are kept (empty lines stay empty, without trailing spaces). A word longer than the
    /// available room gets a line of its own rather than being split. A transcript — a line starting
    /// with `$ ` and the lines after it up to the next empty line — is kept as it is, since a wrapped
    /// command could not be pasted and wrapped output would not be what the command prints.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        let room = max(1, width - indent)
        let padding = String(repeating: " ", count: indent)
        var lines: [String] = []
        var inTranscript = false
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if paragraph.hasPrefix("$ ") { inTranscript = true }
            if paragraph.isEmpty { inTranscript = false }
            if inTranscript {
                lines.append(String(paragraph))
                continue
            }
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= room {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines.map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
    }
}
