/// The call sites a version 5 journal names by number: a step line may write its action's `site` as
/// `"site":3`, the third site of this list, instead of the whole `"site":"UsersApp/ProfileView.swift:42"`.
///
/// The list starts as the header's ``JournalHeader/sites``, is emptied at every keyframe line before that
/// line's action is read, and gains every site a step line writes whole that it does not hold yet, in
/// the order of the lines. So a reader that starts at a keyframe (as rebuilding a state does) or at a
/// header has all it needs, and a line names only sites written whole since then. Event lines take no
/// part: their actions always write a site whole.
///
/// From version 6 on the list also holds the site in force (``inForce``): the site of the step line
/// before, which a line whose action has no `site` member has (`"site":null` says none). A keyframe
/// line starts with none in force; a header with its ``JournalHeader/site``.
///
/// ```swift
/// var sites = CallSiteList()
/// try sites.follow(&firstAction, keyframe: false)    // "site":"App/View.swift:42" → number 1
/// try sites.follow(&secondAction, keyframe: false)   // "site":1 → site "App/View.swift:42"
/// ```
package struct CallSiteList: Sendable, Equatable {
    /// The sites, the first numbered 1.
    package private(set) var sites: [String]
    private var numbers: [String: Int]
    /// The site of the last step line followed (version 6), `nil` for none.
    package private(set) var inForce: String?

    /// A list that holds `sites`, numbered from 1 in order (a header's ``JournalHeader/sites``), with
    /// the site numbered `inForce` in force (a header's ``JournalHeader/site``).
    package init(_ sites: [String] = [], inForce: Int? = nil) {
        self.sites = []
        numbers = [:]
        for site in sites { add(site) }
        self.inForce = inForce.flatMap { site(numbered: $0) }
    }

    /// The list a header starts: its sites, and its site in force, the one its ``JournalHeader/site``
    /// numbers in its ``JournalHeader/sites`` as written (a list that repeats a site numbers it again).
    package init(header: JournalHeader) {
        self.init(header.sites)
        inForce = header.site.flatMap { header.sites.indices.contains($0 - 1) ? header.sites[$0 - 1] : nil }
    }

    /// A numbered site that the list does not hold.
    package struct Undefined: Error, Equatable {
        /// The number the line gave.
        package var number: Int
        /// How many sites the list held.
        package var known: Int

        /// The number `number` asked of a list of `known` sites.
        package init(number: Int, known: Int) {
            self.number = number
            self.known = known
        }
    }

    /// Whether the list holds no site and none is in force.
    package var isEmpty: Bool { sites.isEmpty && inForce == nil }

    /// Empties the list and puts no site in force, as a keyframe line does.
    package mutating func removeAll() {
        sites.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        inForce = nil
    }

    /// Adds a site written whole, unless the list holds it already; its number.
    @discardableResult
    package mutating func add(_ site: String) -> Int {
        if let number = numbers[site] { return number }
        sites.append(site)
        numbers[site] = sites.count
        return sites.count
    }

    /// The site numbered `number`, or `nil` when the list holds fewer.
    package func site(numbered number: Int) -> String? {
        number >= 1 && number <= sites.count ? sites[number - 1] : nil
    }

    /// Takes the next step line's action in file order: empties the list at a keyframe, adds a site
    /// written whole, and puts the site a number names into the action; when `carrying` (version 6 on),
    /// puts the site in force into an action without a `site` member, and makes the action's site the
    /// one in force.
    ///
    /// The caller has refused the version 6 forms (``JournalAction/SiteNote/null``,
    /// ``JournalAction/SiteNote/bareCall``) in a journal before version 6.
    ///
    /// - Throws: ``Undefined`` when the action names a site the list does not hold; the action is unchanged.
    package mutating func follow(_ action: inout JournalAction, keyframe: Bool, carrying: Bool = false) throws(Undefined) {
        if keyframe { removeAll() }
        if let site = action.site {
            add(site)
        } else {
            switch action.siteNote {
            case .number(let number)?:
                guard let site = site(numbered: number) else { throw Undefined(number: number, known: sites.count) }
                action.site = site
            case JournalAction.SiteNote.null?:
                break
            case .bareCall?, nil:
                if carrying { action.site = inForce }
            }
        }
        action.siteNote = nil
        if carrying { inForce = action.site }
    }
}
