import Foundation
import StateRecorder
import StateStore

/// A habit and measurement tracker: projects with logged items, a list of projects ordered by last
/// update, and the current screen in the state.
///
/// The root reducer delegates to a project reducer (run on the edited project only, via
/// ``StateStore/Reducer/forEach(_:action:)``) which delegates item edits to an item reducer.
/// No reducer reads the clock: every edit carries its timestamp.
///
/// It keeps a real bug on purpose, for the debugger to find: deleting an item does not bump the
/// project's `updatedAt` (adding or editing one does), so after a deletion the project is listed
/// below projects that changed less recently.
///
/// ```swift
/// let store = Store(initialState: TrackerApp.initialState, reducer: TrackerApp.reducer)
/// store.dispatch(.createProject(title: "Running", units: "km", frequency: .daily, at: now))
/// store.state.route   // .project(id: 1)
/// ```
public enum TrackerApp {
    /// No projects, on the project list, at 2026-01-01T00:00:00Z.
    public static let initialState = State(
        projects: [], recentProjectIDs: [], route: .projects, nextProjectID: 1,
        lastActivity: Date(timeIntervalSince1970: 1_767_225_600))

    /// Applies an item edit to one item.
    static let itemReducer = Reducer<Item, Action> { item, action in
        if case .updateItem(_, _, let amount, let notes, _) = action {
            item.amount = amount
            item.notes = notes
        }
    }

    /// Applies a project edit to one project, delegating item edits to ``itemReducer``.
    static let projectReducer = Reducer<Project, Action>.combine(
        itemReducer.forEach(\Project.items) { action in
            if case .updateItem(_, let itemID, _, _, _) = action { (itemID, action) } else { nil }
        },
        Reducer { project, action in
            switch action {
            case .updateProject(_, let title, let units, let frequency, let at):
                project.title = title
                project.units = units
                project.frequency = frequency
                project.updatedAt = at
            case .addItem(_, let amount, let notes, let at):
                project.items.append(Item(id: project.nextItemID, amount: amount, timestamp: at, notes: notes))
                project.nextItemID += 1
                project.updatedAt = at
            case .updateItem(_, let itemID, _, _, let at):
                if project.items.contains(where: { $0.id == itemID }) {
                    project.updatedAt = at
                }
            case .deleteItem(_, let itemID, _):
                // BUG, kept on purpose for the debugger demos: unlike adding and updating, deleting an
                // item does not set `updatedAt`, so the project list order goes stale afterwards.
                project.items.removeAll { $0.id == itemID }
            case .createProject, .deleteProject, .navigate:
                break
            }
        }
    )

    /// Creates and deletes projects.
    static let projectListReducer = Reducer<State, Action> { state, action in
        switch action {
        case .createProject(let title, let units, let frequency, let at):
            let id = state.nextProjectID
            state.projects.append(Project(
                id: id, title: title, units: units, frequency: frequency, createdAt: at, updatedAt: at, items: [],
                nextItemID: 1))
            state.nextProjectID += 1
            state.route = .project(id: id)
        case .deleteProject(let id, _):
            // Removed by position, which shifts the later projects along; `removeAll(where:)` would swap
            // them, copying (retaining and releasing) each one.
            if let index = state.projects.firstIndex(where: { $0.id == id }) {
                state.projects.remove(at: index)
                // Identifiers are unique in every state this reducer makes; a state edited by hand may repeat one.
                if state.projects[index...].contains(where: { $0.id == id }) {
                    state.projects.removeAll { $0.id == id }
                }
            }
            switch state.route {
            case .project(id), .item(id, _): state.route = .projects
            default: break
            }
        default:
            break
        }
    }

    /// Follows navigation and leaves an item's screen when the item is deleted.
    static let routeReducer = Reducer<State, Action> { state, action in
        switch action {
        case .navigate(let route):
            state.route = route
        case .deleteItem(let projectID, let itemID, _) where state.route == .item(projectID: projectID, itemID: itemID):
            state.route = .project(id: projectID)
        default:
            break
        }
    }

    /// Keeps ``State/lastActivity`` and ``State/recentProjectIDs`` up to date.
    static let bookkeepingReducer = Reducer<State, Action> { state, action in
        if let at = action.timestamp, at > state.lastActivity {
            state.lastActivity = at
        }
        switch action {
        case .createProject:
            if let created = state.projects.last {
                updateRecentOrder(of: &state, movingProjectID: created.id)
            }
        case .updateProject(let id, _, _, _, _), .addItem(let id, _, _, _), .updateItem(let id, _, _, _, _):
            updateRecentOrder(of: &state, movingProjectID: id)
        case .deleteProject(let id, _):
            // The projects left keep their keys, so they stay in order.
            if state.recentProjectIDs.contains(id) {
                state.recentProjectIDs.removeAll { $0 == id }
            }
        case .deleteItem, .navigate:
            // No project's `updatedAt` changes (see the bug kept in `projectReducer`).
            break
        }
    }

    /// Puts the project `id` where its (updatedAt, id) key now belongs in ``State/recentProjectIDs``,
    /// assuming the other projects are in order, as this reducer leaves them after every action.
    ///
    /// Only one project's key can have changed, and actions almost always carry the latest time, so the
    /// project either stays where it is or moves to the front; both are checked against its neighbours
    /// alone, so that a step costs about the same with ten projects or ten thousand. Anything else (a
    /// time older than a neighbour's, a list whose length does not fit) falls back to sorting them all.
    static func updateRecentOrder(of state: inout State, movingProjectID id: Int) {
        guard let index = state.projects.firstIndex(where: { $0.id == id }) else { return }
        let key = (state.projects[index].updatedAt, id)
        let order = state.recentProjectIDs
        func isBelow(_ position: Int) -> Bool {
            guard let other = state.projects.first(where: { $0.id == order[position] }) else { return false }
            return key < (other.updatedAt, other.id)
        }
        func isAbove(_ position: Int) -> Bool {
            guard let other = state.projects.first(where: { $0.id == order[position] }) else { return false }
            return key > (other.updatedAt, other.id)
        }
        let position = order.firstIndex(of: id)
        // A new project is not listed yet; every other project is listed once.
        if order.count + (position == nil ? 1 : 0) == state.projects.count {
            if let position, position == 0 || isBelow(position - 1), position == order.count - 1 || isAbove(position + 1) {
                return  // unchanged, so the order keeps its storage and the recorder sees that at once
            }
            let firstOther = position == 0 ? 1 : 0
            if firstOther == order.count || isAbove(firstOther) {
                if let position { state.recentProjectIDs.remove(at: position) }
                state.recentProjectIDs.insert(id, at: 0)
                return
            }
        }
        state.recentProjectIDs = recentOrder(of: state.projects, previous: state.recentProjectIDs)
    }

    /// The identifiers of `projects`, most recently updated first (ties: higher identifier first).
    ///
    /// The (date, identifier) keys are sorted rather than the projects, which moves 16 bytes per project
    /// instead of a whole project, and they are sorted starting from the `previous` order: an action
    /// moves at most a project or two in it, and the sort, which takes the runs it finds in its input
    /// as they are, then costs about one pass instead of a full sort of thousands of projects each step.
    /// Every project's key is sorted, so the result is the plain sort of all the keys, whatever
    /// `previous` holds; projects with repeated or unusual identifiers are simply sorted from scratch.
    static func recentOrder(of projects: [Project], previous: [Int]) -> [Int] {
        var bound = 0
        var usable = true
        for project in projects {
            if project.id < 0 || project.id >= 4 * projects.count + 1024 { usable = false; break }
            bound = max(bound, project.id + 1)
        }
        var keys: [(Date, Int)] = []
        keys.reserveCapacity(projects.count)
        if usable {
            // One past each project's position, by identifier; 0 for no project or one already taken.
            var slots = [Int](repeating: 0, count: bound)
            for (position, project) in projects.enumerated() {
                if slots[project.id] != 0 { usable = false; break }
                slots[project.id] = position + 1
            }
            if usable {
                for id in previous where id >= 0 && id < bound && slots[id] != 0 {
                    keys.append((projects[slots[id] - 1].updatedAt, id))
                    slots[id] = 0
                }
                for project in projects where slots[project.id] != 0 {
                    keys.append((project.updatedAt, project.id))
                }
            }
        }
        if !usable {
            keys.removeAll(keepingCapacity: true)
            for project in projects { keys.append((project.updatedAt, project.id)) }
        }
        keys.sort { $0 > $1 }
        return keys.map(\.1)
    }

    /// The root reducer.
    public static let reducer = Reducer<State, Action>.combine(
        projectListReducer,
        projectReducer.forEach(\State.projects) { action in action.editedProjectID.map { ($0, action) } },
        routeReducer,
        bookkeepingReducer
    )

    /// The tracker has no validators.
    public static var validators: [Validator<State, Action>] { [] }

    /// One value of every action case.
    public static let actionSamples: [Action] = {
        let at = Date(timeIntervalSince1970: 1_767_229_200)
        return [
            .createProject(title: "Running", units: "km", frequency: .daily, at: at),
            .updateProject(id: 1, title: "Long runs", units: "km", frequency: .monthly, at: at),
            .deleteProject(id: 1, at: at),
            .addItem(projectID: 1, amount: 5.5, notes: "park loop", at: at),
            .updateItem(projectID: 1, itemID: 1, amount: 6, notes: "park loop, twice", at: at),
            .deleteItem(projectID: 1, itemID: 1, at: at),
            .navigate(.item(projectID: 1, itemID: 1)),
        ]
    }()

    static let titles = ["Running", "Reading", "Water", "Savings", "Piano", "Cycling", "Sleep", "Push-ups"]
    static let units = ["km", "pages", "litres", "EUR", "minutes", "hours", "reps"]
    static let notes = ["", "felt good", "rainy", "with friends", "tired", "new record", "short one"]

    /// A plausible next action for `state`, at a time after ``State/lastActivity``: mostly logging
    /// items, sometimes editing or deleting them, creating and editing projects, and navigating.
    package static func randomAction(for state: State, using rng: inout some RandomNumberGenerator) -> Action {
        let at = state.lastActivity.addingTimeInterval(TimeInterval(rng.bounded(in: 60...36_000)))
        let amount = Double(rng.bounded(in: 1...400)) / 4
        guard let project = rng.element(of: state.projects), state.projects.count >= 2 || rng.chance(percent: 70)
        else {
            return .createProject(
                title: rng.element(of: titles) ?? "Running", units: rng.element(of: units) ?? "km",
                frequency: rng.element(of: Frequency.allCases) ?? .daily, at: at)
        }
        let item = rng.element(of: project.items)
        switch rng.bounded(20) {
        case 0..<2:
            return .createProject(
                title: rng.element(of: titles) ?? "Running", units: rng.element(of: units) ?? "km",
                frequency: rng.element(of: Frequency.allCases) ?? .daily, at: at)
        case 2..<4:
            return .updateProject(
                id: project.id, title: rng.element(of: titles) ?? project.title, units: project.units,
                frequency: rng.element(of: Frequency.allCases) ?? project.frequency, at: at)
        case 4 where state.projects.count > 3:
            return .deleteProject(id: project.id, at: at)
        case 5..<7:
            if let item {
                return .updateItem(
                    projectID: project.id, itemID: item.id, amount: amount, notes: rng.element(of: notes) ?? "",
                    at: at)
            }
        case 7..<9:
            if let item {
                return .deleteItem(projectID: project.id, itemID: item.id, at: at)
            }
        case 9..<12:
            switch rng.bounded(4) {
            case 0: return .navigate(.projects)
            case 1: return .navigate(.settings)
            case 2: return .navigate(.project(id: project.id))
            default:
                if let item { return .navigate(.item(projectID: project.id, itemID: item.id)) }
                return .navigate(.project(id: project.id))
            }
        default:
            break
        }
        return .addItem(projectID: project.id, amount: amount, notes: rng.element(of: notes) ?? "", at: at)
    }
}
