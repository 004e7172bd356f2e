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

    /// The call site in force after `step` (version 6): the one the next step line has when its action
    /// has no `site` member. A recorder that resumes the journal goes on from it.
    ///
    /// - Throws: ``JournalError`` when a line between the last keyframe and `step` is damaged or cannot be read.
    package func siteInForce(after step: Int) throws(JournalError) -> String? {
        guard header.version >= 6 else { return nil }
        guard step > baseStep else { return CallSiteList(header: header).inForce }
        return try siteList(through: step).inForce
    }

    /// Puts the site of `action`, read from the line of `step`, into its ``JournalAction/site``: the
    /// site a number names (version 5 on), or the site in force for an action without a `site` member
    /// (version 6 on).
    ///
    /// The list is followed from the keyframe at or before the step (or the header), and kept: reading
    /// the steps in order follows each line once.
    ///
    /// - Throws: ``JournalError`` for a number the list does not reach, a form of a later version, or a
    ///   damaged line between the keyframe and the step (whose site it may have set).
    func resolveSite(of action: inout JournalAction, step: Int) throws(JournalError) {
        if header.version < 6 {
            guard let note = action.siteNote else { return }
            guard case .number = note else {
                throw JournalError(.carriedSiteForm(step: step, siteNull: note == .null, version: header.version),
                                   path: path, line: line(ofStep: step))
            }
            // Before version 5 a site is a string; a number is damage, as it always was.
            guard header.version >= 5 else {
                throw JournalError(.invalidLine(.wrongType(field: "action.site", expected: "a string", found: .number)), path: path, line: line(ofStep: step))
            }
        }
        let keyframe = isKeyframe(step)
        let carrying = header.version >= 6
        // The common case of reading in order, first: a line that carries the site in force on, after
        // the step whose list is kept; the list is not copied.
        if carrying, action.site == nil, action.siteNote == nil || action.siteNote == .bareCall {
            if !keyframe, siteListCache?.through == step - 1 {
                action.site = siteListCache?.list.inForce
                action.siteNote = nil
                siteListCache?.through = step
                return
            }
            // A keyframe starts afresh: no site, and an empty list kept (the one there may serve as it is).
            if keyframe {
                action.siteNote = nil
                if siteListCache?.list.isEmpty == true {
                    siteListCache?.start = step
                    siteListCache?.through = step
                } else {
                    siteListCache = (step, step, CallSiteList())
                }
                return
            }
        }
        var list: CallSiteList
        if keyframe {
            list = CallSiteList()
        } else if !carrying || action.siteNote == .bareCall || (action.site == nil && action.siteNote == nil) {
            list = try siteList(through: step - 1)
        } else if let before = try? siteList(through: step - 1) {
            list = before
        } else {
            // A site written whole, by number or as null needs the lines before only for a number; a
            // damaged line before it hides the list after it, which is kept for no later step then.
            var alone = CallSiteList()
            if case .number = action.siteNote { _ = try siteList(through: step - 1) }
            try? alone.follow(&action, keyframe: false, carrying: true)
            return
        }
        do {
            try list.follow(&action, keyframe: false, carrying: carrying)
        } catch {
            throw JournalError(.undefinedSite(step: step, number: error.number, known: error.known), path: path, line: line(ofStep: step))
        }
        if carrying {
            // The list after this step: the next step in order finds it without reading this line again.
            siteListCache = (self.keyframe(atOrBefore: step), step, list)
        } else if !keyframe {
            // A site named by number adds nothing: the list after this step is the one before it, so the
            // next step in order finds it without reading this line again.
            siteListCache = (self.keyframe(atOrBefore: step), step, list)
        }
    }

    /// The site list after the lines up to `last`, from the keyframe at or before it (or the header).
    private func siteList(through last: Int) throws(JournalError) -> CallSiteList {
        let start = keyframe(atOrBefore: last)
        let carrying = header.version >= 6
        var list: CallSiteList
        var next: Int
        if let cached = siteListCache, cached.start == start, cached.through <= last {
            if cached.through == last { return cached.list }
            list = cached.list
            next = cached.through + 1
        } else if start == baseStep {
            list = CallSiteList(header: header)
            next = header.firstStep
        } else {
            list = CallSiteList()
            next = start
        }
        while next <= last {
            // A call alone carries the site in force on and names none: its line need not be read (the
            // scan found it intact). A keyframe's still empties the list.
            if carrying {
                let after = firstNotBareCall(from: next, through: last)
                if after > next {
                    if next == start { list.removeAll() }
                    next = after
                    continue
                }
            }
            try refuseDamaged(next, reading: last + 1)
            var action = try unresolvedActionAndHash(ofStep: next).action
            if !carrying, action.siteNote == .null || action.siteNote == .bareCall {
                throw JournalError(.carriedSiteForm(step: next, siteNull: action.siteNote == .null, version: header.version),
                                   path: path, line: line(ofStep: next))
            }
            do {
                try list.follow(&action, keyframe: next == start, carrying: carrying)
            } catch {
                throw JournalError(.undefinedSite(step: next, number: error.number, known: error.known), path: path, line: line(ofStep: next))
            }
            next += 1
        }
        siteListCache = (start, last, list)
        return list
    }
}
