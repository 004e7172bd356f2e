import Foundation
import StateRecorder
import Testing
@testable import ExampleApps

/// The tracker sorts its recent order starting from the previous one; the result must be the plain
/// sort of every project's (date, identifier) key whatever the previous order holds.
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
}
