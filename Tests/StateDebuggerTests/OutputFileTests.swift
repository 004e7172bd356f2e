import Foundation
import StateDebugger
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every output goes through `OutputFile`: a regular file is replaced atomically, a device, FIFO or
/// socket is written in place and never replaced, and a symbolic link is followed and kept.
@Suite struct OutputFileTests {
    let directory: TemporaryDirectory
    let bytes = Array("the output\n".utf8)

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func kind(_ path: String, following: Bool = false) -> mode_t {
        var info = stat()
        let result = following ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? info.st_mode & S_IFMT : 0
    }

    private func contents(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// A character device like `name` (`null`, `full`): made in the test's folder when the system lets
    /// the test make device nodes (as root), so that a regression replaces no device of the machine;
    /// the machine's own otherwise, which a user without that right cannot replace either.
    private func device(_ name: String, minor: UInt32) -> String {
        let path = directory.file(name)
        // Linux numbers the memory devices major 1: null is minor 3, full minor 7.
        if mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 { return path }
        return "/dev/" + name
    }

    @Test func aNewFileAppearsWhole() throws {
        let path = directory.file("new.txt")
        try OutputFile.write(bytes, to: path, force: false)
        #expect(contents(path) == "the output\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["new.txt"])
    }

    @Test func aRegularFileIsReplacedOnlyWithForceAndKeepsItsMode() throws {
        let path = try directory.write("old", to: "old.txt")
        #expect(chmod(path, 0o640) == 0)
        #expect(throws: DebuggerError.fileExists(path: path)) { try OutputFile.write(bytes, to: path, force: false) }
        #expect(contents(path) == "old")
        try OutputFile.write(bytes, to: path, force: true)
        #expect(contents(path) == "the output\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test func aFailedOutputLeavesTheFileAsItWas() throws {
        let path = try directory.write("old", to: "old.txt")
        let file = try OutputFile.open(path, force: true)
        try file.write(bytes)
        file.discard()
        #expect(contents(path) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["old.txt"])
    }

    @Test func theNullDeviceIsWrittenToAndStaysADevice() throws {
        let null = device("null", minor: 3)
        try OutputFile.write(bytes, to: null, force: true)
        #expect(kind(null) == S_IFCHR)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceIsAnIOErrorAndStaysADevice() throws {
        let full = device("full", minor: 7)
        do {
            try OutputFile.write(bytes, to: full, force: true)
            Issue.record("writing to \(full) succeeded")
        } catch {
            #expect(error == .output(OutputFileError(path: full, code: .cannotWrite(errno: ENOSPC))))
            #expect(error.exitStatus == 74)
            #expect(error.description == "\(full): cannot write the output: no space left on device.")
        }
        #expect(kind(full) == S_IFCHR)
    }

    @Test func aFIFOWithAReaderIsWrittenToAndStaysAFIFO() throws {
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader's end, opened first: the output is smaller than the pipe's buffer, so it is written
        // whole before anyone reads.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try OutputFile.write(bytes, to: fifo, force: true)
        var received = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &received, received.count)
        #expect(count == bytes.count && Array(received[..<max(count, 0)]) == bytes)
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test func aFIFOWithoutAReaderIsRefusedRatherThanWaitedOn() throws {
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: DebuggerError.output(OutputFileError(path: fifo, code: .noReader))) {
            try OutputFile.write(bytes, to: fifo, force: true)
        }
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test func aSocketIsConnectedToAndWrittenTo() throws {
        let path = directory.file("s")
        #if canImport(Glibc)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // Safe because the path is far shorter than sun_path, and the pointers live only in their closures.
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        // The connection waits in the backlog and the bytes in its buffer until accepted.
        try OutputFile.write(bytes, to: path, force: true)
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0)
        defer { close(connection) }
        var received = [UInt8](repeating: 0, count: 64)
        let count = read(connection, &received, received.count)
        #expect(count == bytes.count && Array(received[..<max(count, 0)]) == bytes)
        #expect(kind(path) == S_IFSOCK)
    }

    @Test func aLinkToARegularFileIsFollowedAndKept() throws {
        let target = try directory.write("old", to: "target.txt")
        let link = directory.file("link.txt")
        #expect(symlink("target.txt", link) == 0)
        #expect(throws: DebuggerError.fileExists(path: link)) { try OutputFile.write(bytes, to: link, force: false) }
        try OutputFile.write(bytes, to: link, force: true)
        #expect(kind(link) == S_IFLNK)
        #expect(contents(target) == "the output\n")
    }

    @Test func aDanglingLinkCreatesTheFileItNames() throws {
        let link = directory.file("link.txt")
        #expect(symlink("missing.txt", link) == 0)
        try OutputFile.write(bytes, to: link, force: false)
        #expect(kind(link) == S_IFLNK)
        #expect(contents(directory.file("missing.txt")) == "the output\n")
    }

    @Test func linksThatLoopAndDirectoriesAreRefused() throws {
        let first = directory.file("a"), second = directory.file("b")
        #expect(symlink("b", first) == 0 && symlink("a", second) == 0)
        #expect(throws: DebuggerError.output(OutputFileError(path: first, code: .linkLoop))) {
            try OutputFile.write(bytes, to: first, force: true)
        }
        #expect(throws: DebuggerError.output(OutputFileError(path: directory.path, code: .isDirectory))) {
            try OutputFile.write(bytes, to: directory.path, force: true)
        }
        #expect(DebuggerError.output(OutputFileError(path: first, code: .linkLoop)).exitStatus == 73)
    }

    @Test func anOutputThatIsAnInputIsRefusedEvenWithForce() throws {
        let input = try directory.write("input", to: "in.jsonl")
        let link = directory.file("alias.jsonl")
        #expect(symlink("in.jsonl", link) == 0)
        #expect(throws: DebuggerError.self) { try OutputFile.write(bytes, to: link, force: true, inputs: [input]) }
        #expect(contents(input) == "input")
    }
}
