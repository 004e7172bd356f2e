#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TerminalKit

@Suite struct HistoryTests {
    @Test func skipsBlankAndRepeatedLinesAndKeepsTheNewest() {
        var history = History(limit: 3)
        for line in ["a", "a", " ", "b", "c", "b", "d"] { history.add(line) }
        #expect(history.entries == ["c", "b", "d"])
    }

    @Test func persistsToAPrivateFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history").path

        var history = History(file: path, limit: 2)
        try history.load()
        #expect(history.entries == [])
        for line in ["next", "show .users", "diff 1 2"] { history.add(line) }
        try history.save()

        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "show .users\ndiff 1 2\n")

        var reloaded = History(file: path, limit: 10)
        try reloaded.load()
        #expect(reloaded.entries == ["show .users", "diff 1 2"])
    }

    @Test func reportsAnUnwritableFileWithItsPath() {
        let history = History(file: "/nonexistent-directory/history")
        #expect(throws: HistoryError.cannotWrite(path: "/nonexistent-directory/history", reason: "No such file or directory")) {
            try history.save()
        }
    }
}
