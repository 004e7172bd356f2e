/// How the elements of an old and a new array correspond, as a walk through both in order.
///
/// Steps are monotone: old and new indices only grow, so a consumer can keep one running position.
/// Unchanged elements come in runs so that long equal stretches cost one step.
struct JSONArrayAlignment: Equatable {
    enum Step: Equatable {
        /// `count` equal elements starting at `old` and `new`.
        case unchanged(old: Int, new: Int, count: Int)
        /// The element at `old` became the (different) element at `new`.
        case changed(old: Int, new: Int)
        /// The element at `old` is gone.
        case removed(old: Int)
        /// The element at `new` is new.
        case inserted(new: Int)
    }

    private(set) var steps: [Step] = []
    /// Whether elements were matched by their identity member, so identities are unique and an
    /// element that was removed and inserted again with the same identity is the same element.
    private(set) var matchedByIdentity = false

    /// Aligns `old` with `new`.
    ///
    /// Equal prefixes and suffixes are trimmed first with `==` (cheap when storage is shared).
    /// When every remaining element is an object with a unique `identityKey` member, elements are
    /// matched by identity; otherwise a Myers alignment runs, giving up after `maxEdits` edits in
    /// favour of pairing elements by position, which keeps the worst case near linear.
    ///
    /// - Parameter candidates: The only positions below the shorter length at which the elements can
    ///   differ (ascending), when known (``JSONArrayChanges``), the longer array's other elements being
    ///   at its end: the equal prefix (and for arrays of equal length the equal suffix) is found among
    ///   them alone.
    /// - Parameter replacedRun: The run of `old` that a run of `new` replaced, when known
    ///   (``JSONArrayChanges``): the elements before and after the runs are equal, and only the runs are
    ///   compared to find where the equal ends stop.
    init(
        old: [JSONValue], new: [JSONValue], identityKey: String?, maxEdits: Int, candidates: [Int]? = nil,
        replacedRun: (old: Range<Int>, new: Range<Int>)? = nil
    ) {
        var prefix = 0
        var suffix = 0
        let shorter = min(old.count, new.count)
        if candidates == nil, let replacedRun {
            prefix = min(replacedRun.old.lowerBound, shorter)
            suffix = old.count - replacedRun.old.upperBound
        }
        if let candidates {
            let differing = candidates.filter { index in
                index >= 0 && index < shorter && !JSONValue.elementsFastEqual(old, index, new, index)
            }
            prefix = differing.first ?? shorter
            if old.count == new.count { suffix = differing.last.map { shorter - 1 - $0 } ?? 0 }
        } else {
            while prefix < shorter, JSONValue.elementsFastEqual(old, prefix, new, prefix) { prefix += 1 }
        }
        if candidates == nil || old.count != new.count {
            suffix = min(suffix, shorter - prefix)
            while suffix < shorter - prefix,
                  JSONValue.elementsFastEqual(old, old.count - 1 - suffix, new, new.count - 1 - suffix) {
                suffix += 1
            }
        }
        let oldRange = prefix..<(old.count - suffix)
        let newRange = prefix..<(new.count - suffix)

        append(.unchanged(old: 0, new: 0, count: prefix))
        if oldRange.isEmpty {
            for index in newRange { append(.inserted(new: index)) }
        } else if newRange.isEmpty {
            for index in oldRange { append(.removed(old: index)) }
        } else if let identityKey,
                  let matches = JSONArrayAlignment.identityMatches(old, oldRange, new, newRange, key: identityKey) {
            matchedByIdentity = true
            alignByIdentity(old, oldRange, new, newRange, matches: matches)
        } else if let script = JSONArrayAlignment.myers(old, oldRange, new, newRange, maxEdits: maxEdits) {
            appendPairingGaps(script, old, new)
        } else {
            let paired = min(oldRange.count, newRange.count)
            for offset in 0..<paired {
                appendCompared(old, oldRange.lowerBound + offset, new, newRange.lowerBound + offset)
            }
            for index in (oldRange.lowerBound + paired)..<oldRange.upperBound { append(.removed(old: index)) }
            for index in (newRange.lowerBound + paired)..<newRange.upperBound { append(.inserted(new: index)) }
        }
        append(.unchanged(old: old.count - suffix, new: new.count - suffix, count: suffix))
    }

    /// Aligns the elements `before` with `new`: the steps ``init(old:new:identityKey:maxEdits:candidates:replacedRun:)``
    /// gives for the whole array before.
    ///
    /// For an array a patch wrote (a footprint's node), only the elements it wrote are compared: the
    /// others below the old length are the same on both sides. The first and last that differ bound the
    /// stretch to align (it runs to the end when the lengths differ, since elements were appended); the
    /// alignment of that stretch alone, shifted, is the alignment of the whole, since the equal ends of
    /// the whole are trimmed before anything is matched.
    init(before: JSONElementsBefore, new: [JSONValue], identityKey: String?, maxEdits: Int) {
        if let whole = before.whole {
            self.init(old: whole, new: new, identityKey: identityKey, maxEdits: maxEdits)
            return
        }
        guard let written = before.patched, before.count <= new.count else {
            self.init(old: (0..<before.count).map { before.value(at: $0) }, new: new, identityKey: identityKey, maxEdits: maxEdits)
            return
        }
        self.init()
        let count = before.count
        let differing = written.filter { !$0.node.isEqual(to: new[$0.index]) }.map(\.index)
        let start = differing.first ?? count
        let end = count == new.count ? (differing.last.map { $0 + 1 } ?? count) : count
        append(.unchanged(old: 0, new: 0, count: start))
        if count == new.count, differing.count == 1 {
            // One element changed in place: what the identity match (or, without identities, the
            // edit script) makes of a pair of different elements, without rebuilding the old one.
            let oldIdentity = identityKey.flatMap { before.member($0, at: start) }
            let newIdentity = identityKey.flatMap { new[start].member($0) }
            if let oldIdentity, let newIdentity {
                matchedByIdentity = true
                if oldIdentity == newIdentity {
                    append(.changed(old: start, new: start))
                } else {
                    append(.removed(old: start))
                    append(.inserted(new: start))
                }
            } else {
                append(.changed(old: start, new: start))
            }
        } else if start < end || start < new.count {
            let newEnd = count == new.count ? end : new.count
            let middle = JSONArrayAlignment(old: (start..<end).map { before.value(at: $0) }, new: Array(new[start..<newEnd]),
                                            identityKey: identityKey, maxEdits: maxEdits)
            matchedByIdentity = middle.matchedByIdentity
            for step in middle.steps {
                switch step {
                case .unchanged(let old, let new, let count): append(.unchanged(old: start + old, new: start + new, count: count))
                case .changed(let old, let new): append(.changed(old: start + old, new: start + new))
                case .removed(let old): append(.removed(old: start + old))
                case .inserted(let new): append(.inserted(new: start + new))
                }
            }
        }
        if count == new.count { append(.unchanged(old: end, new: end, count: count - end)) }
    }

    /// No steps yet.
    private init() {}

    private mutating func append(_ step: Step) {
        if case .unchanged(let old, let new, let count) = step {
            guard count > 0 else { return }
            if case .unchanged(let lastOld, let lastNew, let lastCount)? = steps.last,
               lastOld + lastCount == old, lastNew + lastCount == new {
                steps[steps.count - 1] = .unchanged(old: lastOld, new: lastNew, count: lastCount + count)
                return
            }
        }
        steps.append(step)
    }

    private mutating func appendCompared(_ old: [JSONValue], _ oldIndex: Int, _ new: [JSONValue], _ newIndex: Int) {
        if JSONValue.elementsFastEqual(old, oldIndex, new, newIndex) {
            append(.unchanged(old: oldIndex, new: newIndex, count: 1))
        } else {
            append(.changed(old: oldIndex, new: newIndex))
        }
    }

    // MARK: Identity matching

    /// For each new element, the old index with the same identity, or `nil` when the identity is new.
    /// `nil` overall when some element has no identity or an identity repeats.
    private static func identityMatches(
        _ old: [JSONValue], _ oldRange: Range<Int>, _ new: [JSONValue], _ newRange: Range<Int>, key: String
    ) -> [Int?]? {
        var oldByIdentity: [JSONValue: Int] = [:]
        oldByIdentity.reserveCapacity(oldRange.count)
        for index in oldRange {
            guard let identity = old[index].member(key) else { return nil }
            guard oldByIdentity.updateValue(index, forKey: identity) == nil else { return nil }
        }
        var seen = Set<JSONValue>()
        seen.reserveCapacity(newRange.count)
        var matches: [Int?] = []
        matches.reserveCapacity(newRange.count)
        for index in newRange {
            guard let identity = new[index].member(key), seen.insert(identity).inserted else { return nil }
            matches.append(oldByIdentity[identity])
        }
        return matches
    }

    /// Keeps the longest run of matched elements that stayed in order; the others are removed and
    /// inserted again, which is what a reordering amounts to.
    private mutating func alignByIdentity(
        _ old: [JSONValue], _ oldRange: Range<Int>, _ new: [JSONValue], _ newRange: Range<Int>, matches: [Int?]
    ) {
        var kept = [Bool](repeating: false, count: oldRange.count)
        for oldIndex in JSONArrayAlignment.longestIncreasingSubsequence(matches) {
            kept[oldIndex - oldRange.lowerBound] = true
        }
        var oldIndex = oldRange.lowerBound
        var newIndex = newRange.lowerBound
        while oldIndex < oldRange.upperBound || newIndex < newRange.upperBound {
            if oldIndex < oldRange.upperBound, !kept[oldIndex - oldRange.lowerBound] {
                append(.removed(old: oldIndex))
                oldIndex += 1
            } else if newIndex < newRange.upperBound {
                if let match = matches[newIndex - newRange.lowerBound], kept[match - oldRange.lowerBound] {
                    appendCompared(old, match, new, newIndex)
                    oldIndex += 1
                } else {
                    append(.inserted(new: newIndex))
                }
                newIndex += 1
            } else {
                // Only kept old elements can be left here, and each was consumed with its match.
                oldIndex += 1
            }
        }
    }

    /// The values of a longest strictly increasing subsequence of the non-nil entries.
    private static func longestIncreasingSubsequence(_ values: [Int?]) -> [Int] {
        var tailValues: [Int] = []
        var tailPositions: [Int] = []
        var predecessor = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            guard let value else { continue }
            var low = 0
            var high = tailValues.count
            while low < high {
                let middle = (low + high) / 2
                if tailValues[middle] < value { low = middle + 1 } else { high = middle }
            }
            predecessor[position] = low > 0 ? tailPositions[low - 1] : -1
            if low == tailValues.count {
                tailValues.append(value)
                tailPositions.append(position)
            } else {
                tailValues[low] = value
                tailPositions[low] = position
            }
        }
        var result: [Int] = []
        var position = tailPositions.last ?? -1
        while position >= 0, let value = values[position] {
            result.append(value)
            position = predecessor[position]
        }
        return result.reversed()
    }

    // MARK: Myers

    /// A shortest edit script as single-element steps, or `nil` when it needs more than `maxEdits` edits.
    private static func myers(
        _ old: [JSONValue], _ oldRange: Range<Int>, _ new: [JSONValue], _ newRange: Range<Int>, maxEdits: Int
    ) -> [Step]? {
        let n = oldRange.count
        let m = newRange.count
        let limit = min(n + m, max(maxEdits, 0))
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for edits in 0...limit {
            trace.append(frontier)
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                var x: Int
                let fromAbove = diagonal == -edits
                    || (diagonal != edits && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                if fromAbove {
                    x = frontier[offset + diagonal + 1]
                } else {
                    x = frontier[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n, y < m,
                      JSONValue.elementsFastEqual(old, oldRange.lowerBound + x, new, newRange.lowerBound + y) {
                    x += 1
                    y += 1
                }
                frontier[offset + diagonal] = x
                if x >= n, y >= m {
                    return backtrack(trace, edits: edits, offset: offset, n: n, m: m,
                                     oldBase: oldRange.lowerBound, newBase: newRange.lowerBound)
                }
            }
        }
        return nil
    }

    private static func backtrack(
        _ trace: [[Int]], edits: Int, offset: Int, n: Int, m: Int, oldBase: Int, newBase: Int
    ) -> [Step] {
        var reversed: [Step] = []
        var x = n
        var y = m
        for step in stride(from: edits, through: 0, by: -1) {
            if step == 0 {
                while x > 0, y > 0 {
                    x -= 1
                    y -= 1
                    reversed.append(.unchanged(old: oldBase + x, new: newBase + y, count: 1))
                }
                break
            }
            let frontier = trace[step]
            let diagonal = x - y
            let previousDiagonal = diagonal == -step
                || (diagonal != step && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                ? diagonal + 1 : diagonal - 1
            let previousX = frontier[offset + previousDiagonal]
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(.unchanged(old: oldBase + x, new: newBase + y, count: 1))
            }
            if x == previousX {
                reversed.append(.inserted(new: newBase + previousY))
            } else {
                reversed.append(.removed(old: oldBase + previousX))
            }
            x = previousX
            y = previousY
        }
        return reversed.reversed()
    }

    /// Appends an edit script, turning removals and insertions that sit between the same two
    /// unchanged runs into pairwise changes, so an edited element shows as a change rather than as
    /// a removal plus an insertion.
    private mutating func appendPairingGaps(_ script: [Step], _ old: [JSONValue], _ new: [JSONValue]) {
        var removed: [Int] = []
        var inserted: [Int] = []
        func flush(into alignment: inout JSONArrayAlignment) {
            let paired = min(removed.count, inserted.count)
            for index in 0..<paired { alignment.append(.changed(old: removed[index], new: inserted[index])) }
            for index in removed.dropFirst(paired) { alignment.append(.removed(old: index)) }
            for index in inserted.dropFirst(paired) { alignment.append(.inserted(new: index)) }
            removed.removeAll(keepingCapacity: true)
            inserted.removeAll(keepingCapacity: true)
        }
        for step in script {
            switch step {
            case .removed(let index): removed.append(index)
            case .inserted(let index): inserted.append(index)
            default:
                flush(into: &self)
                append(step)
            }
        }
        flush(into: &self)
    }
}
