import TerminalKit

/// `enable [N…]`: make disabled breakpoints stop again.
enum ReplEnable: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "enable", abstract: "Enable breakpoints and watchpoints by number (all without a number).",
                    arguments: [ArgumentSpec("number", help: "A number info breakpoints shows.", isOptional: true, isVariadic: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try set(input, repl, enabled: true)
    }

    static func set(_ input: ReplInput, _ repl: ReplInterpreter, enabled: Bool) throws(CommandFailure) -> String {
        var numbers = try numbers(input, repl)
        if numbers.isEmpty { numbers = repl.breakpoints.all.map(\.number) }
        guard !numbers.isEmpty else { return "No breakpoints or watchpoints." }
        for number in numbers { repl.breakpoints.setEnabled(number, enabled) }
        let labels = repl.breakpoints.all.filter { numbers.contains($0.number) }.map(\.label)
        return "\(enabled ? "enabled" : "disabled") \(labels.joined(separator: ", "))"
    }

    /// The numbers given, each checked to exist.
    static func numbers(_ input: ReplInput, _ repl: ReplInterpreter) throws(CommandFailure) -> [Int] {
        let known = repl.breakpoints.all.map { String($0.number) }
        let list = known.isEmpty ? "there are none" : "they are \(known.joined(separator: ", "))"
        var numbers: [Int] = []
        for text in input.arguments.strings("number") {
            guard let number = Int(text) else { throw CommandFailure(.usage, "'\(text)' is not a breakpoint number; \(list).") }
            guard repl.breakpoints.contains(number) else { throw CommandFailure(.usage, "there is no breakpoint or watchpoint \(number); \(list).") }
            numbers.append(number)
        }
        return numbers
    }
}
