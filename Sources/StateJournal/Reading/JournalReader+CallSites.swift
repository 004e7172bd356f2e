extension JournalReader {
    /// The journal's site list after `step` (``CallSiteList``): the call sites that the lines after it
    /// may name by number. A recorder that resumes the journal goes on from it.
    ///
    /// - Throws: ``JournalError`` when a line between the last keyframe and `step` is damaged or cannot be read.
    package func callSites(after step: Int) throws(JournalError) -> [String] {
        // Before version 5 no line names a site by number: there is no list to go on from.
        guard header.version >= 5 else { return [] }
        guard step > baseStep else { return header.sites }
        return try siteList(through: step).sites
    }

    /// Puts the site that `action`, read from the line of `step`, names by number into its ``JournalAction/site``.
    ///
    /// The list is followed from the keyframe at or before the step (or the header), and kept: reading
    /// the steps in order follows each line once.
    func resolveSite(of action: inout JournalAction, step: Int) throws(JournalError) {
        guard action.siteNumber != nil else { return }
        // Before version 5 a site is a string; a number is damage, as it always was.
        guard header.version >= 5 else {
            throw JournalError(.invalidLine(.wrongType(field: "action.site", expected: "a string", found: .number)), path: path, line: line(ofStep: step))
        }
        let keyframe = isKeyframe(step)
        var list = keyframe ? CallSiteList() : try siteList(through: step - 1)
        do {
            try list.follow(&action, keyframe: false)
        } catch {
            throw JournalError(.undefinedSite(step: step, number: error.number, known: error.known), path: path, line: line(ofStep: step))
        }
        // A site named by number adds nothing: the list after this step is the one before it, so the
        // next step in order finds it without reading this line again.
        if !keyframe { siteListCache = (self.keyframe(atOrBefore: step), step, list) }
    }

    /// The site list after the lines up to `last`, from the keyframe at or before it (or the header).
    private func siteList(through last: Int) throws(JournalError) -> CallSiteList {
        let start = keyframe(atOrBefore: last)
        var list: CallSiteList
        var next: Int
        if let cached = siteListCache, cached.start == start, cached.through <= last {
            if cached.through == last { return cached.list }
            list = cached.list
            next = cached.through + 1
        } else if start == baseStep {
            list = CallSiteList(header.sites)
            next = header.firstStep
        } else {
            list = CallSiteList()
            next = start
        }
        while next <= last {
            try refuseDamaged(next, reading: last + 1)
            var action = try unresolvedActionAndHash(ofStep: next).action
            do {
                try list.follow(&action, keyframe: next == start)
            } catch {
                throw JournalError(.undefinedSite(step: next, number: error.number, known: error.known), path: path, line: line(ofStep: next))
            }
            next += 1
        }
        siteListCache = (start, last, list)
        return list
    }
}
