import StateDebugger
import StateJSON
import StateJournal
import StateRecorder

/// Renders steps, diffs, events and states the same way in `replay`, `show`, `diff` and the REPL.
///
/// A step is its header line, then the diff it made indented two spaces (so the diff's own `-`/`+`
/// column sits at column 2), then the events that followed it, indented four:
///
/// ```text
/// step 3  bank.pay(from: jenny, to: donald, amount: 10)
///     {
///       "accounts": {
///   -     "donald": 100,
///   +     "donald": 110,
///   -     "jenny": 100
///   +     "jenny": 90
///       }
///     }
///     ⟂ rejected by noDebt: jenny would owe 20 (bank.pay(from: jenny, to: donald, amount: 110))
/// ```
struct StepPrinter: Sendable {
    /// Arrays in dumped states show this many elements before folding the rest.
    static let foldedArrayElements = 20

    /// Whether diffs carry ANSI colours.
    var colour: Bool
    /// What the numbers at some paths of the state stand for: a `Date` gets its ISO 8601 rendering
    /// beside its number.
    var notes = JSONValueNotes()

    /// A printer of steps and states.
    init(colour: Bool, notes: JSONValueNotes = JSONValueNotes()) {
        self.colour = colour
        self.notes = notes
    }

    /// A printer for `source`'s states, whose `Date` members (known from the schema in its header) get
    /// their ISO 8601 rendering beside the number.
    init(colour: Bool, source: any RecordingSource) {
        self.init(colour: colour, notes: JSONValueNotes(stateSchema: source.info.schema["state"] ?? .null))
    }

    /// `step 3  bank.pay(…)`, or `step 0  (initial state)` for the base step; `  at FILE:LINE` follows
    /// when the recorder stored where the action was dispatched.
    func header(step: Int, action: JournalAction?) -> String {
        let site = action?.site.map { "  at \($0)" } ?? ""
        return "step \(step)  \(action?.label ?? "(initial state)")\(site)"
    }

    /// The diff from `old` to `new`, indented two spaces; `    (no change)` when they are equal.
    func diff(from old: JSONValue, to new: JSONValue) -> String {
        guard let rendered = renderer.render(from: old, to: new) else { return "    (no change)" }
        return Self.indent(rendered, by: 2)
    }

    /// The diff from the state a patch was applied to, told by the patch's footprint, to `new`, the
    /// state it made: the same text as ``diff(from:to:)-(JSONValue,_)`` with the whole state before.
    func diff(from footprint: JSONPatchFootprint, to new: JSONValue) -> String {
        guard let rendered = renderer.render(from: footprint, to: new) else { return "    (no change)" }
        return Self.indent(rendered, by: 2)
    }

    /// The diff renderer with this printer's colour setting.
    var renderer: JSONDiffRenderer {
        JSONDiffRenderer(options: JSONDiffRenderer.Options(
            style: colour ? .terminal : .plain, maxArrayElements: Self.foldedArrayElements), notes: notes)
    }

    /// A whole state (or a value in it), large arrays folded, or everything when `full`.
    func dump(_ value: JSONValue, full: Bool = false) -> String {
        JSONDumper(options: JSONDumper.Options(maxArrayElements: full ? nil : Self.foldedArrayElements), notes: notes).dump(value)
    }

    /// One event line: `    ⟂ rejected by noDebt: jenny would owe 20 (bank.pay(…))`.
    func event(_ event: JournalEvent) -> String {
        "    ⟂ " + Self.describe(event)
    }

    /// What an event says, without indentation.
    static func describe(_ event: JournalEvent) -> String {
        switch event {
        case .rejected(_, _, let action, let validator, let reason):
            return "rejected by \(validator): \(reason) (\(action.label))"
        case .commandError(_, _, let command, let error):
            return "command \(command) failed: \(error)"
        case .travel(_, _, let kind, let to, _):
            return "travel: \(kind.rawValue) to step \(to)"
        case .marker(_, _, let name):
            return "marker: \(name)"
        case .closed(let after, _):
            return "the recording was closed at step \(after)"
        case .actionInFlight(let after, _, let action):
            return "action in flight after step \(after), never recorded: \(action.label)"
        case .crashed(let after, _, let signal, let number):
            return "the app crashed after step \(after): \(signal) (signal \(number))"
        }
    }

    /// `text` with every non-empty line indented by `count` spaces.
    ///
    /// Lines end at each line feed that is a character of its own (not the end of a `\r\n`), as
    /// `split(separator: "\n")` would split them; the bytes are copied once, since `replay` indents
    /// every step's diff.
    static func indent(_ text: String, by count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + count * 16)
        var lineStart = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if lineStart {
                // A line feed here ends an empty line, which stays empty.
                if byte != 0x0A {
                    bytes.append(contentsOf: repeatElement(0x20, count: count))
                    lineStart = false
                }
            } else if byte == 0x0A, previous != 0x0D {
                lineStart = true
            }
            bytes.append(byte)
            previous = byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
