/// The steps a replay could not run because their actions were recorded without `Codable`, by action
/// tag in order of first appearance, with the sentence that says so and how to make them replayable.
///
/// ```swift
/// print(NotReplayedActions(report.notReplayed)!)
/// ```
/// ```text
/// not replayed: the actions AddItem (5 steps: 1, 2, 3, 4, 5) and RemoveItem (1 step: 6) were recorded without Codable, so the replay took their recorded states; to replay them, declare Codable on their action types, each in the file that declares it (Swift synthesizes Codable only there), and register them in the app's ActionRegistry.
/// ```
public struct NotReplayedActions: Sendable, Equatable, CustomStringConvertible {
    /// The steps of one action tag.
    public struct Group: Sendable, Equatable {
        /// The action's tag.
        public var type: String
        /// How many steps hold it.
        public var count: Int
        /// The first of those steps (at most ``NotReplayedActions/shownSteps``), ascending.
        public var firstSteps: [Int]
    }

    /// The groups, in order of their first step.
    public var groups: [Group]

    /// How many steps of each group the sentence names.
    public static let shownSteps = 5
    /// How many groups the sentence names before it counts the rest.
    public static let shownGroups = 8

    /// The groups of `steps`; `nil` when there are none.
    public init?(_ steps: [UnreplayableStep]) {
        var index: [String: Int] = [:]
        var groups: [Group] = []
        for step in steps {
            if let found = index[step.type] {
                groups[found].count += 1
                if groups[found].firstSteps.count < Self.shownSteps { groups[found].firstSteps.append(step.step) }
            } else {
                index[step.type] = groups.count
                groups.append(Group(type: step.type, count: 1, firstSteps: [step.step]))
            }
        }
        self.init(groups: groups)
    }

    /// Groups counted elsewhere (a survey of a recording); `nil` when there are none.
    public init?(groups: [Group]) {
        guard !groups.isEmpty else { return nil }
        self.groups = groups
    }

    /// How many steps were not replayed.
    public var stepCount: Int { groups.reduce(0) { $0 + $1.count } }

    /// `AddItem (5 steps: 1, 2, 3, 4, 5) and RemoveItem (1 step: 6)`.
    public var list: String {
        var items = groups.prefix(Self.shownGroups).map { group in
            let steps = group.firstSteps.map(String.init).joined(separator: ", ") + (group.count > group.firstSteps.count ? ", …" : "")
            return "\(group.type) (\(group.count) step\(group.count == 1 ? "" : "s"): \(steps))"
        }
        if groups.count > Self.shownGroups {
            let rest = groups.count - Self.shownGroups
            items.append("\(rest) more action type\(rest == 1 ? "" : "s")")
        }
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The fix, for one action type or several.
    public var remedy: String {
        groups.count == 1
            ? "to replay it, declare Codable on its action type in the file that declares the type (Swift synthesizes Codable only there), and register the type in the app's ActionRegistry"
            : "to replay them, declare Codable on their action types, each in the file that declares it (Swift synthesizes Codable only there), and register them in the app's ActionRegistry"
    }

    /// Whether one step of one action was not replayed.
    var isOneStep: Bool { groups.count == 1 && groups[0].count == 1 }

    /// The sentence a verification prints: what was not replayed, what the replay did instead, the fix.
    public var description: String {
        sentence(instead: "the replay took \(isOneStep ? "its recorded state" : "their recorded states")")
    }

    /// `not replayed: the action Tick (1 step: 3) was recorded without Codable, so INSTEAD; FIX.`
    public func sentence(instead: String) -> String {
        let subject = groups.count == 1 ? "the action \(list) was" : "the actions \(list) were"
        return "not replayed: \(subject) recorded without Codable, so \(instead); \(remedy)."
    }
}
