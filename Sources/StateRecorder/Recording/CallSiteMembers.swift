import StateJournal

/// The ``StateJournal/StepSite`` of each call site a writer has seen (its text and serialized
/// `,"site":"File.swift:42"` member), so that a step's site costs a comparison, not a string built and
/// escaped: apps dispatch from a few places, many times. Used by one thread (the recorder's writer).
struct CallSiteMembers {
    private var last: (site: CallSite, member: StepSite)?
    private var known: [CallSite: StepSite] = [:]

    /// The step site for `site`.
    mutating func site(for site: CallSite) -> StepSite {
        if let last, last.site.line == site.line, last.site.fileID == site.fileID { return last.member }
        let member: StepSite
        if let cached = known[site] {
            member = cached
        } else {
            member = StepSite(site.description)
            // Bounded: a program that makes call sites up at run time must not grow this without end.
            if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
            known[site] = member
        }
        last = (site, member)
        return member
    }
}
