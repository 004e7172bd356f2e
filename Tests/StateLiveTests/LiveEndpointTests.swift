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
}
