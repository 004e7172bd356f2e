import Foundation
import StateJSON
import StateJournal

/// Journals of seeded random states, for the tests that read a journal two ways and compare: each step
/// a random patch of the state before it (moves, copies, insertions, replaced roots), now and then a
/// travel back to an earlier step, events between steps, keyframes as often as asked, and, when asked,
/// one step spoilt.
package enum RandomJournals {
    /// How one step of a journal is spoilt, so that reading it fails as a user's damaged file would.
    package enum Damage: CaseIterable, Sendable {
        /// Every line as the writer wrote it.
        case none
        /// A patch that removes a member that is not there, sealed again: the step's state cannot be
        /// rebuilt.
        case patchThatDoesNotApply
        /// Another recorded hash, sealed again: the rebuilt state disagrees with it.
        case wrongHash
        /// A byte changed and the checksum left as it was: the line is damaged.
        case damagedLine
    }

    /// The journal's text: `seed` fixes the states; `keyframeInterval` (1 writes every state whole;
    /// `nil` picks one from the seed) the keyframes; `damage` the step spoilt, one past the middle or
    /// the first it applies to. A patch cannot be spoilt in a journal of keyframes alone.
    package static func text(seed: UInt64, keyframeInterval: Int? = nil, damage: Damage = .none) throws -> String {
        var random = RandomJSON(seed: seed)
        let initial: JSONValue = ["a": random.identifiedArray(depth: 3), "b": random.value(depth: 3), "n": 0]
        let header = JournalHeader(tool: "statedbg test", app: "random", stateType: "State", actionType: "Action", schema: [:],
                                   schemaHash: "0", created: "2026-01-01T00:00:00.000Z", initialState: initial, hash: 0)
        let interval = keyframeInterval ?? random.int(2...12)
        let builder = JournalBuilder(header: header, policy: KeyframePolicy(interval: interval, smallStateBytes: 0, intervalPatchShare: 0))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        var states = [initial]
        let count = random.int(10...40)
        for step in 1...count {
            var parent: Int?
            var state = states[step - 1]
            if step > 2, random.chance(10) {
                parent = random.int(0...(step - 2))
                state = states[parent ?? 0]
            }
            let patch = random.patch(of: state)
            try patch.apply(inPlace: &state)
            let action = JournalAction(type: "random.edit", label: "random.edit(\(step))", payload: patch.jsonValue)
            builder.appendStep(action: action, state: state, time: Int64(step), parent: parent, into: &bytes)
            if random.chance(20) { JournalEvent.marker(after: step, time: Int64(step), name: "mark \(step)").write(to: &bytes) }
            states.append(state)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard damage != .none else { return text }
        // One past the middle, or where there is a line to spoil so: a journal of few patches may
        // have none after its middle.
        return try spoil(text, damage, atOrAfter: count / 2 + 1) ?? spoil(text, damage, atOrAfter: 1)
            ?? { throw RandomJournalError(description: "journal \(seed) has no step line to spoil with \(damage)") }()
    }

    /// `text` with the first step line at or after `step` that `damage` applies to spoilt; `nil` when
    /// there is none.
    private static func spoil(_ text: String, _ damage: Damage, atOrAfter step: Int) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let line = lines[index]
            guard line.hasPrefix(#"{"step":"#), let number = Int(line.dropFirst(8).prefix { $0.isNumber }), number >= step else { continue }
            switch damage {
            case .none:
                return text
            case .patchThatDoesNotApply:
                guard let start = line.range(of: #""patch":["#) else { continue }
                lines[index] = line[..<start.upperBound] + #"{"op":"remove","path":"/nope"},"# + line[start.upperBound...]
                return LineChecksum.resealed(lines.joined(separator: "\n"))
            case .wrongHash:
                guard let start = line.range(of: #""hash":""#) else { continue }
                let digit = line[start.upperBound]
                lines[index].replaceSubrange(start.upperBound...start.upperBound, with: digit == "0" ? "1" : "0")
                return LineChecksum.resealed(lines.joined(separator: "\n"))
            case .damagedLine:
                guard let start = line.range(of: #""label":"random"#) else { continue }
                lines[index].replaceSubrange(start, with: #""label":"rAndom"#)
                return lines.joined(separator: "\n")
            }
        }
        return nil
    }

    /// Writes `text(seed:keyframeInterval:damage:)` into `directory`, returning its path.
    package static func write(seed: UInt64, keyframeInterval: Int? = nil, damage: Damage = .none, into directory: String) throws -> String {
        let path = directory + "/random-\(seed)-\(keyframeInterval.map(String.init) ?? "any")-\(damage).jsonl"
        try Data(try text(seed: seed, keyframeInterval: keyframeInterval, damage: damage).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A journal the fixture could not spoil as asked.
package struct RandomJournalError: Error, CustomStringConvertible {
    package var description: String
}
