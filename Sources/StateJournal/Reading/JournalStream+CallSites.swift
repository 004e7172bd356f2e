extension JournalStream {
    /// Puts the site that `action`, read from `line`, names by number into its ``JournalAction/site``.
    ///
    /// A stream passes over most lines without reading their actions, so the site list is followed
    /// only when a line needs it: the lines from the last keyframe passed (or the header) up to this
    /// one are read back, once each, and the list is kept for the next line that needs it.
    func resolveSite(of action: inout JournalAction, line: StepLine) throws(JournalError) {
        guard action.siteNumber != nil else { return }
        // Before version 5 a site is a string; a number is damage, as it always was.
        guard header.version >= 5 else {
            throw JournalError(.invalidLine(.wrongType(field: "action.site", expected: "a string", found: .number)), path: path, line: line.line)
        }
        var list = line.isKeyframe ? CallSiteList() : try siteList(before: line)
        do {
            try list.follow(&action, keyframe: false)
        } catch {
            throw JournalError(.undefinedSite(step: line.step, number: error.number, known: error.known), path: path, line: line.line)
        }
        // A site named by number adds nothing: the list after this line is the one before it.
        if !line.isKeyframe {
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
            (list, offset, number) = (CallSiteList(segment.afterHeader ? header.sites : []), segment.offset, segment.line)
        }
        if offset < line.offset {
            var buffer: [UInt8] = []
            try reread(at: offset, count: Int(line.offset - offset), into: &buffer)
            var start = 0
            let end = Int(line.offset - offset)
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
        guard StepLinePrefix(bytes) != nil || !JournalLineValidator.isEventLine(bytes) else { return }
        guard isIntact(bytes) else {
            let damaged = StepLinePrefix(bytes)?.step ?? line.step
            throw unreadable(line.step, through: damaged, line: lineNumber)
        }
        var scanner = StepLineScanner()
        var action: JournalAction
        if let fast = scanner.scan(bytes) {
            action = fast.action
        } else {
            guard case .step(let record)? = try? JournalLine.parse(bytes, timeBase: header.stepTimeBase) else { return }
            action = record.action
        }
        do {
            try list.follow(&action, keyframe: keyframe)
        } catch {
            let step = StepLinePrefix(bytes)?.step ?? line.step
            throw JournalError(.undefinedSite(step: step, number: error.number, known: error.known), path: path, line: lineNumber)
        }
    }
}
