import StateJSON

/// The serialized `,"site":"File.swift:42"` member of each call site a writer has seen, so that a step's
/// site costs a comparison, not a string built and escaped: apps dispatch from a few places, many times.
/// Used by one thread (the recorder's writer).
struct CallSiteMembers {
    private var last: (site: CallSite, member: [UInt8])?
    private var known: [CallSite: [UInt8]] = [:]

    /// The member for `site`.
    mutating func member(for site: CallSite) -> [UInt8] {
        if let last, last.site.line == site.line, last.site.fileID == site.fileID { return last.member }
        let member: [UInt8]
        if let cached = known[site] {
            member = cached
        } else {
            var bytes = Array(#","site":"#.utf8)
            JSONValue.string(site.description).write(to: &bytes, style: .canonical)
            member = bytes
            // Bounded: a program that makes call sites up at run time must not grow this without end.
            if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
            known[site] = member
        }
        last = (site, member)
        return member
    }
}
