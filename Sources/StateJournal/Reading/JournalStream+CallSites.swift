extension JournalStream {
    /// Puts the site of `action`, read from `line`, into its ``JournalAction/site``: the site a number
    /// names (version 5 on), or the site in force for an action without a `site` member (version 6 on).
    ///
    /// A stream passes over most lines without reading their actions, so the site list is followed
    /// only when a line needs it: the lines from the last keyframe passed (or the header) up to this
    /// one are read back, once each, and the list is kept for the next line that needs it.
    func resolveSite(of action: inout JournalAction, line: StepLine) throws(JournalError) {
        if header.version < 6 {
            guard let note = action.siteNote else { return }
            guard case .number = note else {
                throw JournalError(.carriedSiteForm(step: line.step, siteNull: note == .null, version: header.version),
                                   path: path, line: line.line)
            }
            // Before version 5 a site is a string; a number is damage, as it always was.
            guard header.version >= 5 else {
                throw JournalError(.invalidLine(.wrongType(field: "action.site", expected: "a string", found: .number)), path: path, line: line.line)
            }
        }
        let carrying = header.version >= 6
        var list: CallSiteList
        if line.isKeyframe {
            list = CallSiteList()
        } else if !carrying || action.siteNote == .bareCall || (action.site == nil && action.siteNote == nil) {
            list = try siteList(before: line)
        } else if let before = try? siteList(before: line) {
            list = before
        } else {
            // A site written whole or as null needs no line before it; a number does (and says why not).
            if case .number = action.siteNote { _ = try siteList(before: line) }
            var alone = CallSiteList()
            try? alone.follow(&action, keyframe: false, carrying: true)
            return
        }
        do {
            try list.follow(&action, keyframe: false, carrying: carrying)
        } catch {
            throw JournalError(.undefinedSite(step: line.step, number: error.number, known: error.known), path: path, line: line.line)
        }
        // A site named by number adds nothing before version 6: the list after this line is the one
        // before it. From version 6 on the list after it is the one just followed.
        if !line.isKeyframe || carrying {
            siteListCache = (siteSegment.offset, line.offset + Int64(line.bytes.count) + 1, line.line + 1, list)
        }
    }

    /// The site list after the lines of the current segment that come before `line`.
    private func siteList(before line: StepLine) throws(JournalError) -> CallSiteList {
        let segment = siteSegment
        var list: CallSiteList
        var offset: Int64
        var number: Int
        if let cached = siteListCache, cached.segmentOffset == segment.offset, cached.nextOffset <= line.offset {
            (list, offset, number) = (cached.list, cached.nextOffset, cached.nextLine)
        } else {
            (list, offset, number) = (segment.afterHeader ? CallSiteList(header: header) : CallSiteList(), segment.offset, segment.line)
        }
        // The lines after the last one that could change the list or the site in force carry it on:
        // not read back.
        let readEnd = min(line.offset, max(offset, siteLinesEnd))
        if offset < readEnd {
            var buffer: [UInt8] = []
            try reread(at: offset, count: Int(readEnd - offset), into: &buffer)
            var start = 0
            let end = Int(readEnd - offset)
            while start < end {
                let stop = buffer[start..<end].firstIndex(of: 0x0A) ?? end
                let keyframe = !segment.afterHeader && offset + Int64(start) == segment.offset
                // Safe because the line's bytes, start..<stop, lie within the buffer read back, and are read
                // only during the call.
                let failure = buffer.withUnsafeBytes { raw -> JournalError? in
                    do throws(JournalError) {
                        try follow(UnsafeRawBufferPointer(rebasing: raw[start..<stop]), lineNumber: number, into: &list,
                                   keyframe: keyframe, reading: line)
                        return nil
                    } catch {
                        return error
                    }
                }
                if let failure { throw failure }
                start = stop + 1
                number += 1
            }
        }
        siteListCache = (segment.offset, line.offset, line.line, list)
        return list
    }

    // Safe because the bytes are read only during the call.
    /// Follows one line read back (events and torn bits take no part).
    private func follow(_ bytes: UnsafeRawBufferPointer, lineNumber: Int, into list: inout CallSiteList, keyframe: Bool,
                        reading line: StepLine) throws(JournalError) {
        let prefix = StepLinePrefix(bytes)
        guard prefix != nil || !JournalLineValidator.isEventLine(bytes) else { return }
        guard isIntact(bytes) else {
            guard damagedLineCount > damagedLinesBeforeSiteSegment else {
                throw JournalError(.malformed, path: path, line: lineNumber,
                                   "step \(prefix?.step ?? line.step)'s line changed after it was checked, while the journal was being read; read it again.")
            }
            let damaged = prefix?.step ?? line.step
            throw unreadable(line.step, through: damaged, line: lineNumber)
        }
        let carrying = header.version >= 6
        // A call alone carries the site in force on and names none: its action need not be parsed.
        if carrying, let prefix, prefix.actionStart < bytes.count, bytes[prefix.actionStart] == UInt8(ascii: "\"") {
            if keyframe { list.removeAll() }
            return
        }
        var scanner = StepLineScanner()
        var action: JournalAction
        if let fast = scanner.scan(bytes) {
            action = fast.action
        } else {
            guard case .step(let record)? = try? JournalLine.parse(bytes, timeBase: header.stepTimeBase) else { return }
            action = record.action
        }
        if !carrying, action.siteNote == .null || action.siteNote == .bareCall {
            throw JournalError(.carriedSiteForm(step: prefix?.step ?? line.step, siteNull: action.siteNote == .null, version: header.version),
                               path: path, line: lineNumber)
        }
        do {
            try list.follow(&action, keyframe: keyframe, carrying: carrying)
        } catch {
            let step = prefix?.step ?? line.step
            throw JournalError(.undefinedSite(step: step, number: error.number, known: error.known), path: path, line: lineNumber)
        }
    }
}
