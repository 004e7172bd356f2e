import Foundation
import StateRecorder
import Testing
@testable import ExampleApps

/// The tracker updates its recent order one project at a time and sorts it in full only when it must,
/// starting from the previous order; either way the result must be the plain sort of every project's
/// (date, identifier) key.
@Suite struct TrackerRecentOrderTests {
    private static func plainOrder(_ projects: [TrackerApp.Project]) -> [Int] {
        projects.map { ($0.updatedAt, $0.id) }.sorted { $0 > $1 }.map(\.1)
    }

    private static func project(_ id: Int, updated: Double) -> TrackerApp.Project {
        TrackerApp.Project(id: id, title: "p\(id)", units: "km", frequency: .daily, createdAt: Date(timeIntervalSince1970: 0),
                           updatedAt: Date(timeIntervalSince1970: updated), items: [], nextItemID: 1)
    }

    @Test func isThePlainSortWhateverThePreviousOrderHolds() {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<300 {
            let count = Int.random(in: 0...40, using: &generator)
            // Few distinct dates, so that ties are broken by the identifier; sometimes a repeated or
            // negative identifier, or one far beyond the count.
            var projects = (0..<count).map { index in
                Self.project(index * 2 + 1, updated: Double(Int.random(in: 0...5, using: &generator)))
            }
            if round % 7 == 1, count > 1 { projects[1].id = projects[0].id }
            if round % 11 == 2, count > 0 { projects[0].id = -3 }
            if round % 13 == 3, count > 0 { projects[0].id = 1_000_000 }
            let correct = Self.plainOrder(projects)
            let previous: [Int] = switch round % 4 {
            case 0: correct
            case 1: correct.shuffled(using: &generator)
            case 2: Array(correct.dropFirst()) + [7, 7, -1, 999_999]
            default: (0..<Int.random(in: 0...50, using: &generator)).map { _ in Int.random(in: -2...90, using: &generator) }
            }
            #expect(TrackerApp.recentOrder(of: projects, previous: previous) == correct, "\(projects.map { $0.id }) \(previous)")
        }
    }

    @Test func movesAnEditedProjectToTheFront() {
        let projects = [Self.project(1, updated: 10), Self.project(2, updated: 30), Self.project(3, updated: 20)]
        #expect(TrackerApp.recentOrder(of: projects, previous: [3, 1, 2]) == [2, 3, 1])
        #expect(TrackerApp.recentOrder(of: projects, previous: []) == [2, 3, 1])
    }

    @Test func theReducerKeepsThePlainOrderOnRandomActionSequences() {
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<40 {
            var state = TrackerApp.initialState
            for _ in 0..<300 {
                let action = generator.chance(percent: 50)
                    ? TrackerApp.randomAction(for: state, using: &generator)
                    : Self.unlikelyAction(for: state, using: &generator)
                let previous = state
                TrackerApp.reducer.reduce(into: &state, action: action)
                #expect(state.recentProjectIDs == Self.plainOrder(state.projects), "after \(action)")
                if case .deleteProject(let id, _) = action {
                    #expect(state.projects == previous.projects.filter { $0.id != id }, "after \(action)")
                }
            }
        }
    }

    /// An action the generator rarely or never makes: a time earlier than others or equal to one (so
    /// that projects tie and move down), or a project or item that does not exist.
    private static func unlikelyAction(
        for state: TrackerApp.State, using generator: inout SeededGenerator
    ) -> TrackerApp.Action {
        let at = state.lastActivity.addingTimeInterval(TimeInterval(generator.bounded(in: -6...2) * 3600))
        let projectID = generator.bounded(in: 0...state.nextProjectID)
        let itemID = generator.bounded(in: 0...4)
        return switch generator.bounded(6) {
        case 0: .createProject(title: "p", units: "km", frequency: .daily, at: at)
        case 1: .updateProject(id: projectID, title: "q", units: "km", frequency: .yearly, at: at)
        case 2: .deleteProject(id: projectID, at: at)
        case 3: .addItem(projectID: projectID, amount: 1, notes: "", at: at)
        case 4: .updateItem(projectID: projectID, itemID: itemID, amount: 2, notes: "", at: at)
        default: .deleteItem(projectID: projectID, itemID: itemID, at: at)
        }
    }
}
