/// Splits the `-c` argument of `statedbg repl` into commands at `;` outside quotes.
///
/// ```swift
/// ReplScript.commands(in: #"next 5; state .count; dispatch {"note":{"_0":"a;b"}}"#)
/// // ["next 5", "state .count", #"dispatch {"note":{"_0":"a;b"}}"#]
/// ```
enum ReplScript {
    /// The commands, trimmed, empty ones dropped.
    static func commands(in text: String) -> [String] {
        var commands: [String] = []
        var current = ""
        var quote: Character?
        var escaping = false
        for character in text {
            if escaping {
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ";" {
                commands.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        commands.append(current)
        return commands.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }
}
