/// The fold of one container's children's fingerprints into the container's own, kept between
/// states so that a change at a few positions folds again only what it must.
///
/// Under ``FingerprintScheme/sequential`` it keeps the running value after each child and folds again
/// from the first changed position; under ``FingerprintScheme/chunked`` it keeps the fingerprint of
/// every run at every level and folds again the runs that hold a change, and their parents.
///
/// ```swift
/// var fold = FingerprintFold(scheme: .chunked)
/// fold.refold(isObject: false, keyHashes: [], prints: prints)      // everything, the first time
/// prints[9_000] = newPrint
/// fold.markChanged(at: 9_000)
/// fold.refold(isObject: false, keyHashes: [], prints: prints)      // one run per level
/// fold.fingerprint
/// ```
package struct FingerprintFold {
    package let scheme: FingerprintScheme
    /// The container's fingerprint as of the last ``refold(isObject:keyHashes:prints:)``.
    package private(set) var fingerprint: UInt64 = 0
    /// Sequential: the running value after each child.
    private var prefixes: [UInt64] = []
    /// Chunked, with more than ``FingerprintScheme/chunkLength`` children: `levels[0]` holds the
    /// fingerprint of each run of children, `levels[1]` of each run of `levels[0]`, and so on; the last
    /// level has at most `chunkLength` entries.
    private var levels: [[UInt64]] = []
    /// The number of children at the last fold; -1 before the first.
    private var foldedCount = -1
    /// The children from this position on changed or moved.
    private var dirtyFrom = 0
    /// Chunked: the runs (of level 0) that hold a child marked changed before `dirtyFrom`, in marking order.
    private var dirtyRuns: [Int] = []
    /// Whether something was marked since the last fold: `dirtyFrom` is below `Int.max`, or `dirtyRuns`
    /// is not empty. Stored, so that the fingerprinters (in another module) read it in place rather
    /// than through a getter called on a copy of the fold.
    package private(set) var isDirty = true

    package init(scheme: FingerprintScheme) {
        self.scheme = scheme
    }

    /// Notes that the child at `position` has a new fingerprint.
    package mutating func markChanged(at position: Int) {
        guard position < dirtyFrom else { return }
        isDirty = true
        switch scheme {
        case .sequential:
            dirtyFrom = max(0, position)
        case .chunked:
            let run = max(0, position) / FingerprintScheme.chunkLength
            if dirtyRuns.last != run { dirtyRuns.append(run) }
        }
    }

    /// Notes that every child from `position` on may have changed or moved (an insertion or a removal there).
    package mutating func markChanged(from position: Int) {
        dirtyFrom = min(dirtyFrom, max(0, position))
        isDirty = true
    }

    /// Brings ``fingerprint`` up to date with `prints` (and, for an object, `keyHashes`, one per member)
    /// after the positions marked since the last fold changed.
    package mutating func refold(isObject: Bool, keyHashes: [UInt64], prints: [UInt64]) {
        // Safe because the buffers are used only inside the closures.
        keyHashes.withUnsafeBufferPointer { keyHashes in
            prints.withUnsafeBufferPointer { prints in
                refold(isObject: isObject, keyHashes: keyHashes, prints: prints)
            }
        }
    }

    // Safe because the buffers are read only during the call, at positions below the count of `prints`, which an
    // object's `keyHashes` matches.
    private mutating func refold(isObject: Bool, keyHashes: UnsafeBufferPointer<UInt64>, prints: UnsafeBufferPointer<UInt64>) {
        let count = prints.count
        let start = isObject ? StateFingerprint.objectStart(count: count) : StateFingerprint.arrayStart(count: count)
        if count != foldedCount { dirtyFrom = min(dirtyFrom, min(count, max(0, foldedCount))) }
        defer {
            foldedCount = count
            dirtyFrom = Int.max
            dirtyRuns.removeAll(keepingCapacity: true)
            isDirty = false
        }
        if scheme == .sequential {
            // The seed is the count: a change of count folds everything again.
            let from = count == foldedCount && prefixes.count == count ? min(dirtyFrom, count) : 0
            if prefixes.count != count { prefixes = Array(repeating: 0, count: count) }
            fingerprint = Self.fold(start, from: from, isObject: isObject, keyHashes: keyHashes, prints: prints,
                                    prefixes: &prefixes)
            return
        }
        prefixes = []
        let length = FingerprintScheme.chunkLength
        guard count > length else {
            levels = []
            fingerprint = Self.fold(start, over: 0..<count, isObject: isObject, keyHashes: keyHashes, prints: prints)
            return
        }
        if levels.isEmpty { dirtyFrom = 0 }
        // Level 0: the runs of children that hold a change.
        let runCount = (count + length - 1) / length
        var dirty = Self.runs(marked: dirtyRuns, tailFrom: dirtyFrom / length, count: runCount)
        if levels.isEmpty { levels = [[]] }
        // The count of the level being folded before this fold: where it changed, the runs above that
        // cover its end changed length, even when nothing below them was marked.
        var countBefore = levels[0].count
        Self.resize(&levels[0], to: runCount)
        for run in dirty {
            let lower = run * length
            levels[0][run] = Self.fold(StateFingerprint.runStart(length: min(length, count - lower)),
                                       over: lower..<min(lower + length, count), isObject: isObject,
                                       keyHashes: keyHashes, prints: prints)
        }
        // Each level above folds runs of the one below, until at most `length` remain.
        var level = 0
        while levels[level].count > length {
            let below = levels[level].count
            let parentCount = (below + length - 1) / length
            let isNew = levels.count == level + 1
            if isNew { levels.append([]) }
            let parentCountBefore = levels[level + 1].count
            // A new level folds every run; after a change of count below, every run from the one that
            // held the old end on.
            var tail = parentCount
            if isNew {
                tail = 0
            } else if below != countBefore {
                tail = max(0, min(below, countBefore) - 1) / length
            }
            var parents: [Int] = []
            parents.reserveCapacity(dirty.count + parentCount - min(tail, parentCount))
            for run in dirty where run / length < tail && parents.last != run / length { parents.append(run / length) }
            if tail < parentCount { parents.append(contentsOf: tail..<parentCount) }
            Self.resize(&levels[level + 1], to: parentCount)
            for parent in parents {
                let lower = parent * length
                let upper = min(lower + length, below)
                var accumulator = StateFingerprint.runStart(length: upper - lower)
                for index in lower..<upper { accumulator = StateFingerprint.combine(accumulator, levels[level][index]) }
                levels[level + 1][parent] = accumulator
            }
            dirty = parents
            countBefore = parentCountBefore
            level += 1
        }
        if levels.count > level + 1 { levels.removeLast(levels.count - level - 1) }
        var accumulator = start
        for print in levels[level] { accumulator = StateFingerprint.combine(accumulator, print) }
        fingerprint = accumulator
    }

    /// The runs to fold again, ascending and once each: those marked, and every run from `tail` on.
    private static func runs(marked: [Int], tailFrom tail: Int, count: Int) -> [Int] {
        let tail = min(tail, count)
        var runs = marked.filter { $0 < tail }
        if runs.count > 1 {
            runs.sort()
            var unique: [Int] = []
            unique.reserveCapacity(runs.count)
            for run in runs where unique.last != run { unique.append(run) }
            runs = unique
        }
        if tail < count { runs.append(contentsOf: tail..<count) }
        return runs
    }

    private static func resize(_ array: inout [UInt64], to count: Int) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
    }

    // Safe because callers pass a range within the count of `prints` (and of an object's `keyHashes`).
    /// `start` with the children in `range` folded in: for an object, each member's key hash and then its fingerprint.
    static func fold(
        _ start: UInt64, over range: Range<Int>, isObject: Bool,
        keyHashes: UnsafeBufferPointer<UInt64>, prints: UnsafeBufferPointer<UInt64>
    ) -> UInt64 {
        var accumulator = start
        if isObject {
            for index in range {
                accumulator = StateFingerprint.combine(accumulator, keyHashes[index])
                accumulator = StateFingerprint.combine(accumulator, prints[index])
            }
        } else {
            for index in range { accumulator = StateFingerprint.combine(accumulator, prints[index]) }
        }
        return accumulator
    }

    // Safe because `from` is at most the count of `prints`, the loop stays below it, and an object's `keyHashes` has
    // as many entries.
    /// The sequential fold from `from` on, starting from the running value before it, storing the running value after each child.
    private static func fold(
        _ start: UInt64, from: Int, isObject: Bool, keyHashes: UnsafeBufferPointer<UInt64>,
        prints: UnsafeBufferPointer<UInt64>, prefixes: inout [UInt64]
    ) -> UInt64 {
        var accumulator = from > 0 ? prefixes[from - 1] : start
        // Safe because `prefixes` has one entry per child, and every index stays below the count of children.
        prefixes.withUnsafeMutableBufferPointer { prefixes in
            for index in from..<prints.count {
                if isObject { accumulator = StateFingerprint.combine(accumulator, keyHashes[index]) }
                accumulator = StateFingerprint.combine(accumulator, prints[index])
                prefixes[index] = accumulator
            }
        }
        return accumulator
    }
}
