import Testing
@testable import StateLive

@Suite struct LiveEndpointTests {
    @Test func readsTargetsAsPidsPathsAndPorts() throws {
        #expect(try LiveEndpoint(target: "4242") == .unix(LiveEndpoint.runtimeDirectory + "/4242.sock"))
        #expect(try LiveEndpoint(target: "/tmp/x/app.sock") == .unix("/tmp/x/app.sock"))
        #expect(try LiveEndpoint(target: "127.0.0.1:7070") == .tcp(host: "127.0.0.1", port: 7070))
        #expect(try LiveEndpoint(target: "[::1]:7070") == .tcp(host: "::1", port: 7070))
        #expect(throws: LiveChannelError.self) { try LiveEndpoint(target: "nowhere") }
    }

    @Test func readsTheAddressListenPrintsAndWritesIPv6InBrackets() {
        #expect(LiveEndpoint.hostAndPort("192.168.1.20:7070").map { "\($0.host) \($0.port)" } == "192.168.1.20 7070")
        #expect(LiveEndpoint.hostAndPort("mac.local:7070").map { "\($0.host) \($0.port)" } == "mac.local 7070")
        #expect(LiveEndpoint.hostAndPort("[::1]:7070").map { "\($0.host) \($0.port)" } == "::1 7070")
        #expect(LiveEndpoint.hostAndPort("7070") == nil)
        #expect(LiveEndpoint.hostAndPort(":7070") == nil)
        #expect(LiveEndpoint.hostAndPort("host:99999") == nil)
        #expect(LiveEndpoint.tcp(host: "::1", port: 7070).description == "[::1]:7070")
        #expect(LiveEndpoint.tcp(host: "127.0.0.1", port: 7070).description == "127.0.0.1:7070")
    }
}
