import Foundation
import StateJSON
import TestSupport
import Testing
@testable import StateLive

/// `journal` and `read`: a debugger copies the app's journal files through the channel, in chunks, and
/// reads nothing else.
@Suite struct LiveJournalCommandTests {
    private static let header = Array(#"{"format":"statedbg-journal","version":3}"#.utf8) + [0x0A]

    @Test func listsTheFilesAndReadsThemInChunksUpToTheLastWholeLine() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("app.jsonl", "line one\nline two\n")
        // The file being written ends inside a line.
        let second = try directory.write("app.2.jsonl", "line three\nline fo")
        let server = try LiveServer(transports: [try LiveUnixListener(path: directory.file("app.sock"), preparingDirectory: false)],
                                    configuration: LiveServerConfiguration(), header: Self.header, firstStep: 4,
                                    app: FakeLiveApp(files: [first, directory.path + "/./app.2.jsonl"]))
        defer { server.close() }
        let client = try LiveClient(endpoint: .unix(directory.file("app.sock")), mirror: directory.file("mirror.jsonl"))

        #expect(throws: LiveCallError.self) { try client.call(.read(part: 0, offset: 0)) }
        let listed = try client.call(.journal)
        let real = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
        #expect(listed.parts == [.init(path: real + "/app.jsonl", bytes: 18), .init(path: real + "/app.2.jsonl", bytes: 11)])
        #expect(listed.parts.map(\.fileName) == ["app.jsonl", "app.2.jsonl"])
        _ = second

        var copied: [UInt8] = []
        var offset = 0
        while true {
            let chunk = try client.call(.read(part: 0, offset: offset, length: 5))
            #expect(chunk.offset == offset)
            if chunk.bytes.isEmpty { break }
            copied += chunk.bytes
            offset += chunk.bytes.count
        }
        #expect(String(decoding: copied, as: UTF8.self) == "line one\nline two\n")
        #expect(try client.call(.read(part: 1, offset: 0, length: 100)).bytes == Array("line three\n".utf8))
    }

    @Test func refusesAPartOrAnOffsetThatIsNotThere() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("app.jsonl", "x\n")
        let server = try LiveServer(transports: [try LiveUnixListener(path: directory.file("app.sock"), preparingDirectory: false)],
                                    configuration: LiveServerConfiguration(), header: Self.header, firstStep: 4,
                                    app: FakeLiveApp(files: [file]))
        defer { server.close() }
        let client = try LiveClient(endpoint: .unix(directory.file("app.sock")), mirror: directory.file("mirror.jsonl"))
        _ = try client.call(.journal)
        let errors = [LiveCommand.read(part: 3, offset: 0, length: 10), .read(part: 0, offset: 9, length: 10)].map { command in
            (try? client.request(command))?.error
        }
        #expect(errors == [
            "There is no part 3: the journal has 1 file (parts 0 to 0).",
            "The offset 9 is past the end of \(URL(fileURLWithPath: file).resolvingSymlinksInPath().path), which was listed with 2 bytes.",
        ])
        let tooMuch = try client.request(.read(part: 0, offset: 0, length: LiveCommand.maxReadBytes + 1))
        #expect(tooMuch.error == "The read command's \"length\" must be an integer from 1 to 1048576.")
    }
}
