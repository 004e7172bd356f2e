/// A writer's side of a version 5 journal's site list (``CallSiteList``): which sites it has written
/// whole since the last keyframe (or in the header), so that it names them by number after that.
///
/// It numbers sites exactly as a reader's list does: in the order they were first written whole.
/// It lists at most ``limit`` sites; a site past them is written whole every time, which a reader
/// adds to its list all the same, so the numbers up to the limit agree.
///
/// From version 6 on it also follows the site in force (``CallSiteList/inForce``), so that a line
/// writes a `site` member only where the site changes.
struct CallSiteNumbering {
    private var numbers: [[UInt8]: Int] = [:]
    private var listed: [String] = []
    /// A keyframe emptied the list, and nothing was written since: emptying is put off until then, since
    /// a small state is a keyframe every step, from the same site, whose list would be rebuilt each time.
    private var emptied = false
    /// The member last looked up and its number: a step usually comes from the place the one before did,
    /// and an array compares with itself by identity, so this costs no hash.
    private var last: (member: [UInt8], number: Int)?
    /// The site in force: that of the last line written (version 6), `nil` for none.
    private var inForce: StepSite?

    /// The most sites listed.
    static var limit: Int { 1024 }

    /// A numbering that starts from `sites` (a header's ``JournalHeader/sites``), numbered from 1, with
    /// `inForce` in force (a header's ``JournalHeader/site`` is the number of one of `sites`).
    init(_ sites: [String] = [], inForce: String? = nil) {
        for site in sites where numbers.count < Self.limit {
            let member = StepSite(site).member
            guard numbers[member] == nil else { continue }
            listed.append(site)
            numbers[member] = listed.count
        }
        self.inForce = inForce.map(StepSite.init)
    }

    /// The sites listed, the first numbered 1.
    var sites: [String] { emptied ? [] : listed }

    /// The number in ``sites`` of the site in force, `nil` when none is, or it is not listed (past
    /// ``limit``): what a header that carries the lines on writes as its ``JournalHeader/site``.
    var inForceNumber: Int? {
        guard let inForce, !emptied else { return nil }
        return numbers[inForce.member]
    }

    /// Starts again from an empty list, with no site in force, at a keyframe line.
    mutating func removeAll() {
        emptied = true
        inForce = nil
    }

    /// Whether a version 6 line whose action has `site` (`nil` for none) writes a `site` member: when
    /// the site differs from the one in force.
    func needsMember(for site: StepSite?) -> Bool {
        switch (site, inForce) {
        case (nil, nil): false
        case (let site?, let current?): site !== current && site.member != current.member
        default: true
        }
    }

    /// Makes `site` the one in force, as the line just written has it.
    mutating func putInForce(_ site: StepSite?) {
        inForce = site
    }

    /// Appends the member that names `site` in a step line: `,"site":N` once it is listed, else the
    /// whole member (and the site is listed, while there is room).
    mutating func write(_ site: StepSite, into bytes: inout [UInt8]) {
        if emptied {
            emptied = false
            // The list emptied and this site added is the list of this one site: kept when it is that already.
            if listed.count == 1, let last, last.number == 1, last.member == site.member {
                Self.append(site.member, to: &bytes)
                return
            }
            numbers.removeAll(keepingCapacity: true)
            listed.removeAll(keepingCapacity: true)
            last = nil
        }
        let number: Int
        if let last, last.member == site.member {
            number = last.number
        } else if let known = numbers[site.member] {
            number = known
            last = (site.member, known)
        } else {
            if numbers.count < Self.limit {
                listed.append(site.text)
                numbers[site.member] = listed.count
                last = (site.member, listed.count)
            }
            Self.append(site.member, to: &bytes)
            return
        }
        JournalLineWriter.appendLiteral(#","site":"#, to: &bytes)
        JournalLineWriter.appendDecimal(number, to: &bytes)
    }

    private static func append(_ member: [UInt8], to bytes: inout [UInt8]) {
        // Safe because the pointer is used only inside the closure. (An array's own append goes through its
        // generic path, several times slower for a few dozen bytes.)
        member.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }
}
