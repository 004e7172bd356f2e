import Foundation
@testable import StateLive
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The default socket on Apple platforms: `sun_path` holds 104 bytes there, the simulator's `$TMPDIR` is
/// some 160 and a device's some 110, so the default scheme must fall back to a path that fits, and the
/// developer's statedbg, with a `$TMPDIR` of its own, must still find it.
@Suite struct LiveSocketPathTests {
    /// A `$TMPDIR` of 200 bytes, like the simulator's `…/CoreSimulator/Devices/UUID/data/Containers/Data/Application/UUID/tmp/`.
    static let simulatorTemporary = "/Users/developer/Library/Developer/CoreSimulator/Devices/"
        + String(repeating: "0123456789ABCDEF", count: 8) + "/data/tmp/12345/"
    /// The Mac's own, where `statedbg attach` runs.
    static let macTemporary = "/var/folders/xy/abcdefgh/T/"
    /// A process id no test process has, so that the socket in the shared `/tmp` folder is this test's own.
    static let pid = Int32(3_000_000 + Int32(getpid() % 100_000))

    @Test func aTemporaryDirectoryTooLongForAppleSocketsFallsBackToTheSharedTmp() {
        #expect(Self.simulatorTemporary.utf8.count >= 200)
        let paths = LiveEndpoint.defaultSocketPaths(pid: 4242, environment: ["TMPDIR": Self.simulatorTemporary])
        #expect(paths == ["/tmp/statedbg-\(getuid())/4242.sock"])
        #expect(LiveEndpoint.socketPath(pid: 4242, environment: ["TMPDIR": Self.simulatorTemporary]) == paths[0])
    }

    @Test func theDefaultSocketsAreTriedInOrderAndEachFitsEveryPlatform() {
        let environment = ["XDG_RUNTIME_DIR": "/run/user/501/", "TMPDIR": Self.macTemporary]
        #expect(LiveEndpoint.defaultSocketPaths(pid: 4242, environment: environment) == [
            "/run/user/501/statedbg/4242.sock",
            "/var/folders/xy/abcdefgh/T/statedbg-\(getuid())/4242.sock",
            "/tmp/statedbg-\(getuid())/4242.sock",
        ])
        let tooLong = LiveEndpoint.defaultSocketPaths(pid: 4242, environment: ["XDG_RUNTIME_DIR": Self.simulatorTemporary])
        #expect(tooLong == ["/tmp/statedbg-\(getuid())/4242.sock"])
        #expect(LiveEndpoint.defaultSocketPaths(pid: 4242, environment: [:]) == ["/tmp/statedbg-\(getuid())/4242.sock"])
    }

    @Test func aSocketPathOf103BytesIsKeptAndOneOf104WhichLinuxTakesButApplePlatformsDoNotIsLeftOut() {
        // `TMPDIR/statedbg-UID/4242.sock`: a TMPDIR padded so that the path is exactly 103, then 104 bytes.
        let suffix = "/statedbg-\(getuid())/4242.sock"
        let fits = "/" + String(repeating: "t", count: 103 - suffix.utf8.count - 1)
        let fitting = LiveEndpoint.defaultSocketPaths(pid: 4242, environment: ["TMPDIR": fits])
        #expect(fitting.first?.utf8.count == 103)
        #expect(fitting == [fits + suffix, "/tmp" + suffix])
        let tooLong = LiveEndpoint.defaultSocketPaths(pid: 4242, environment: ["TMPDIR": fits + "t"])
        #expect((fits + "t" + suffix).utf8.count == 104)
        #expect(tooLong == ["/tmp" + suffix])
    }

    @Test func theSimulatorsAppListensInTmpAndTheMacsStatedbgAttachesByProcessID() throws {
        // The app, with the simulator's environment, opens its default socket…
        let path = LiveEndpoint.socketPath(pid: Self.pid, environment: ["TMPDIR": Self.simulatorTemporary])
        let listener = try LiveUnixListener(path: path, preparingDirectory: true)
        defer { listener.close() }
        // …and `statedbg attach PID` on the Mac, with the Mac's environment, finds it.
        let endpoint = try LiveEndpoint(target: String(Self.pid), environment: ["TMPDIR": Self.macTemporary])
        #expect(endpoint == .unix(path))
        let connection = try LiveSocket.connect(endpoint)
        LiveSocket.close(connection)
        // The app says so: the shared folder is found by the process id from any environment.
        #expect(LiveEndpoint.attachTarget(socket: path, pid: Self.pid, host: .ownEnvironment,
                                          environment: ["TMPDIR": Self.simulatorTemporary]) == String(Self.pid))
    }

    @Test func withoutASocketAttachByProcessIDNamesThePlaceTheAppWouldHaveUsed() throws {
        let endpoint = try LiveEndpoint(target: "4242", environment: ["XDG_RUNTIME_DIR": "/run/user/501"])
        #expect(endpoint == .unix("/run/user/501/statedbg/4242.sock"))
    }

    @Test func theAttachTargetIsTheProcessIDOnlyWhereTheDevelopersStatedbgFindsTheSocket() {
        let mac = ["TMPDIR": Self.macTemporary]
        let inTemporary = "/var/folders/xy/abcdefgh/T/statedbg-\(getuid())/4242.sock"
        // Linux: statedbg runs with the app's environment and looks where the app put it.
        #expect(LiveEndpoint.attachTarget(socket: inTemporary, pid: 4242, host: .sharedEnvironment, environment: mac) == "4242")
        // A Mac app: its $TMPDIR may be its container's, which the developer's statedbg does not look in.
        #expect(LiveEndpoint.attachTarget(socket: inTemporary, pid: 4242, host: .ownEnvironment, environment: mac) == inTemporary)
        // A socket of the app's choosing is named by its path, quoted when a shell must not split it.
        #expect(LiveEndpoint.attachTarget(socket: "/tmp/app.sock", pid: 4242, host: .sharedEnvironment, environment: mac) == "/tmp/app.sock")
        #expect(LiveEndpoint.attachTarget(socket: "/Users/me/Library/Application Support/app.sock", pid: 4242,
                                          host: .ownEnvironment, environment: mac)
            == "'/Users/me/Library/Application Support/app.sock'")
    }

    @Test func aSocketPathTooLongForTheSystemIsRefusedSayingHowLong() {
        let path = Self.simulatorTemporary + "statedbg-501/4242.sock"
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        #expect(throws: LiveChannelError("the socket path \(path) is \(path.utf8.count) bytes long; Unix domain socket paths must be shorter than \(capacity) bytes.")) {
            _ = try LiveUnixListener(path: path, preparingDirectory: false)
        }
    }
}

/// What the app says when its channel opens, wherever it runs.
@Suite struct LiveAnnouncementTests {
    private static let header = Array(#"{"format":"statedbg-journal","version":3}"#.utf8) + [0x0A]

    @Test func anAppOnADeviceSaysTheMacCannotReachItsSocketOrItsLoopback() throws {
        let directory = try TemporaryDirectory()
        let tcp = try LiveTCPListener(port: 0)
        let server = try LiveServer(
            transports: [try LiveUnixListener(path: directory.file("app.sock"), preparingDirectory: false), tcp],
            configuration: LiveServerConfiguration(), header: Self.header, firstStep: 4, app: FakeLiveApp())
        defer { server.close() }
        #expect(server.announcement(host: .device, environment: [:]) == [
            "statedbg: live channel at \(directory.file("app.sock")), on this device, where the Mac's statedbg cannot reach it; a device's app connects out instead (see the Platforms article)",
            "statedbg: live channel on 127.0.0.1:\(tcp.port), this device's own loopback, which the Mac's statedbg cannot reach; a device's app connects out instead (see the Platforms article)",
        ])
        #expect(server.announcement(host: .ownEnvironment, environment: [:]) == [
            "statedbg: live channel at \(directory.file("app.sock")); attach with: statedbg attach \(directory.file("app.sock"))",
            "statedbg: live channel on 127.0.0.1:\(tcp.port); attach with: statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)",
        ])
    }
}
