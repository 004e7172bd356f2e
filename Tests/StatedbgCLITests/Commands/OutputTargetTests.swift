import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `-o PATH --force` of `view`, `export` and `minimize`: a device, FIFO or socket is written to in place
/// and never replaced, a write error there is exit status 74, and a symbolic link is followed, its
/// target replaced and the link kept. `record` follows links too.
@Suite struct OutputTargetTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
    }

    /// The three commands that write a file, each with `-o OUTPUT --force`.
    static let commands: [[String]] = [
        ["view", "@w.jsonl"], ["export", "@w.jsonl", "--redux-devtools"], ["minimize", "@w.jsonl", ".balance < 100"],
    ]

    private func run(_ command: [String], to output: String) -> CommandRun {
        CommandRun.statedbg(command + ["-o", output, "--force"], in: directory)
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A character device like the machine's `/dev/NAME` made in the test's folder when the test may make
    /// device nodes (as root, where a regression would otherwise replace the machine's own), else the
    /// machine's own, which a user without that right cannot replace either.
    private func device(_ name: String, minor: UInt32) -> String {
        let path = directory.file("\(name).device")
        if mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 { return path }
        return "/dev/" + name
    }

    @Test(arguments: commands)
    func theNullDeviceIsWrittenToInPlace(command: [String]) {
        let null = device("null", minor: 3)
        let run = run(command, to: null)
        #expect(run.status == .success, "\(run.error)")
        #expect(kind(null) == S_IFCHR)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: commands)
    func aFullDeviceFailsWithAnIOError(command: [String]) {
        let full = device("full", minor: 7)
        let run = run(command, to: full)
        #expect(run.status == .ioError)
        #expect(run.error == "statedbg: error: \(full.replacingOccurrences(of: directory.path + "/", with: "")): cannot write the output: no space left on device.\n")
        #expect(!run.output.contains("wrote"))
        #expect(kind(full) == S_IFCHR)
    }

    @Test(arguments: commands)
    func aFIFOWithAReaderGetsTheOutput(command: [String]) throws {
        let fifo = directory.file("out.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        #if os(Linux)
        // Room for the whole output, so that the command, run on this thread, never waits for a reader.
        _ = fcntl(reader, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        #endif
        let run = run(command, to: fifo)
        #expect(run.status == .success, "\(run.error)")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(reader, &chunk, chunk.count)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        #expect(received.count > 100)
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test(arguments: commands)
    func aLinkToARegularFileIsFollowedAndKept(command: [String]) throws {
        let target = try directory.write("old", to: "target.out")
        let link = directory.file("link.out")
        #expect(symlink("target.out", link) == 0)
        let run = run(command, to: link)
        #expect(run.status == .success, "\(run.error)")
        #expect(kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) != "old")
    }

    @Test(arguments: commands)
    func aDanglingLinkCreatesItsTarget(command: [String]) throws {
        let link = directory.file("link.out")
        #expect(symlink("missing.out", link) == 0)
        let run = run(command, to: link)
        #expect(run.status == .success, "\(run.error)")
        #expect(kind(link) == S_IFLNK)
        #expect(kind(directory.file("missing.out")) == S_IFREG)
    }

    @Test func recordFollowsALinkAndKeepsIt() throws {
        let target = try directory.write("old", to: "journal.jsonl")
        let link = directory.file("link.jsonl")
        #expect(symlink("journal.jsonl", link) == 0)
        let run = CommandRun.statedbg(["record", "wallet", "-o", link, "--force", "--steps", "3", "--fixed-clock"], in: directory)
        #expect(run.status == .success, "\(run.error)")
        #expect(kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{"))
        #expect(CommandRun.statedbg(["check", link], in: directory).status == .success)
    }
}
