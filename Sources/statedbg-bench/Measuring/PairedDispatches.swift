import Foundation

/// Dispatch times of two stores measured in pairs on the app's thread: a dispatch to one, a dispatch
/// to the other, in an order that alternates from pair to pair, each after a pause long enough for a
/// recorder's writer to finish the step before (as an app's dispatches come).
///
/// Both halves of a pair see the same machine: what differs between them is the recorder, not what
/// the other programs on the machine did meanwhile. The difference of each pair is one sample; their
/// median, with its quartiles, is the cost added (it can be below zero only by noise, which the
/// quartiles show).
struct PairedDispatches {
    /// Each pair's dispatch time of the first store, in nanoseconds.
    var first: [Double] = []
    /// Each pair's dispatch time of the second store, in nanoseconds.
    var second: [Double] = []

    /// Times `pairs` pairs of `dispatchFirst(i)` and `dispatchSecond(i)`, pausing `pause` microseconds
    /// after each dispatch; the first `warmUp` pairs are not kept.
    static func measure(pairs: Int, warmUp: Int = 100, pause: UInt32, first dispatchFirst: (Int) -> Void,
                        second dispatchSecond: (Int) -> Void) -> PairedDispatches {
        var result = PairedDispatches()
        result.first.reserveCapacity(pairs)
        result.second.reserveCapacity(pairs)
        for index in 0..<(warmUp + pairs) {
            var times = (0.0, 0.0)
            for half in index % 2 == 0 ? [0, 1] : [1, 0] {
                let started = DispatchTime.now().uptimeNanoseconds
                if half == 0 { dispatchFirst(index) } else { dispatchSecond(index) }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started)
                if half == 0 { times.0 = elapsed } else { times.1 = elapsed }
                usleep(pause)
            }
            guard index >= warmUp else { continue }
            result.first.append(times.0)
            result.second.append(times.1)
        }
        return result
    }

    /// Each pair's second time minus its first, in nanoseconds.
    var differences: [Double] { zip(second, first).map { $0 - $1 } }

    /// The second store's times as pairing judges them: the first store's median plus each pair's
    /// difference. Their median is the first's median plus the median pair difference, which is what
    /// interleaved pairs measure; the median of the second store's own times is not, since the wake-ups
    /// of an idle writer thread spread both stores' times over several microseconds.
    var secondByPairs: [Double] {
        let median = Samples(first).median
        return differences.map { median + $0 }
    }

    /// `median (p25 to p75) over N pairs`, in `unit` after dividing by `scale`.
    func spreadNote(scale: Double, unit: String) -> String {
        let samples = Samples(differences.map { $0 / scale })
        return "median pair difference \(NumberText.figure(samples.median)) \(unit) "
            + "(quartiles \(NumberText.figure(samples.quantile(0.25))) to \(NumberText.figure(samples.quantile(0.75))) \(unit)) "
            + "over \(differences.count) interleaved pairs"
    }
}
