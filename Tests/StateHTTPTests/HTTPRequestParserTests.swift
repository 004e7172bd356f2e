import StateHTTP
import Testing

@Suite struct HTTPRequestParserTests {
    func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) throws(HTTPError) -> HTTPRequest? {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(Array(text.utf8))
        return try parser.next()
    }

    func refusal(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPError? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsARequestWithItsQueryFieldsAndBody() throws {
        let request = try #require(try parse("POST /command?token=a%20b+c&x=1&x=2 HTTP/1.1\r\nHost: 127.0.0.1:80\r\nContent-Type:  application/json \r\nContent-Length: 2\r\n\r\n{}"))
        #expect(request.method == "POST")
        #expect(request.path == "/command")
        #expect(request.query == ["token": "a b c", "x": "1"])
        #expect(request.field("content-type") == "application/json")
        #expect(request.body == Array("{}".utf8))
    }

    @Test func waitsForTheWholeRequestAsItArrivesInPieces() throws {
        let text = Array("GET /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        var parser = HTTPRequestParser(limits: HTTPLimits())
        var paths: [String] = []
        for byte in text {
            parser.append([byte])
            while let request = try parser.next() { paths.append(request.path) }
        }
        #expect(paths == ["/a", "/b"])
    }

    @Test func refusesWhatItCannotReadExactly() {
        let cases: [(String, HTTPError.Code)] = [
            ("GET / HTTP/1.1\r\n\r\n", .malformed),                                          // no Host
            ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .malformed),                              // two spaces
            ("GET http://h/ HTTP/1.1\r\nHost: h\r\n\r\n", .malformed),                       // absolute form
            ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", .versionNotSupported),
            ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", .malformed),
            ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", .malformed),
            ("GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n", .malformed),
            ("GET / HTTP/1.1\nHost: h\r\n\r\n", .malformed),                                 // bare line feed
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", .malformed),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", .malformed),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", .notImplemented),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 999999999\r\n\r\n", .bodyTooLarge),
            ("GET /?t=%zz HTTP/1.1\r\nHost: h\r\n\r\n", .malformed),
            ("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1}b\r\n\r\n", .malformed),
        ]
        for (text, code) in cases {
            #expect(refusal(text)?.code == code, "\(text.debugDescription)")
        }
    }

    @Test func refusesHeadsPastTheLimitsBeforeTheyEnd() {
        var limits = HTTPLimits()
        limits.requestLineBytes = 64
        limits.headBytes = 256
        limits.headerFields = 4
        #expect(refusal("GET /" + String(repeating: "a", count: 100), limits: limits)?.code == .requestLineTooLong)
        #expect(refusal("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 300), limits: limits)?.code == .headTooLarge)
        let fields = (0..<5).map { "X\($0): 1\r\n" }.joined()
        #expect(refusal("GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n", limits: limits)?.code == .headTooLarge)
    }

    @Test func aRequestReadsBackFromItsOwnBytes() throws {
        let request = try #require(try parse("POST /command HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"))
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.append(request.bytes)
        #expect(try parser.next() == request)
    }

    /// Found by the http fuzzer: a head with a request line over the limit and a bare carriage return
    /// further on was refused as too long when it arrived in two pieces, as malformed when whole.
    @Test func theRefusalIsTheSameHoweverTheBytesArrive() {
        let bytes: [UInt8] = [
        0x47, 0x45, 0x54, 0xff, 0x27, 0x20, 0x41, 0x75, 0x74, 0x68, 0x6f, 0x72, 0x69, 0x7a, 0x61, 0x74,
        0x69, 0x6f, 0x6e, 0x3a, 0x20, 0x42, 0x65, 0x61, 0x72, 0x65, 0x72, 0x20, 0xff, 0xff, 0x89, 0x89,
        0x6b, 0x65, 0x6e, 0x3d, 0x61, 0x25, 0x32, 0x76, 0x89, 0x00, 0xff, 0xff, 0xff, 0xff, 0x00, 0x77,
        0x76, 0x76, 0x76, 0x76, 0x7f, 0x89, 0x89, 0x89, 0x89, 0x89, 0x47, 0x45, 0x54, 0x20, 0x2f, 0x20,
        0x48, 0x54, 0x54, 0xb0, 0xd0, 0xce, 0xd6, 0x31, 0x0d, 0x0a, 0x48, 0x6f, 0x73, 0x74, 0x3a, 0x20,
        0x31, 0x32, 0x37, 0x2e, 0x30, 0x2e, 0x30, 0x2e, 0x31, 0x3a, 0x38, 0x89, 0x89, 0x6f, 0x73, 0x74,
        0x3a, 0x20, 0x31, 0x32, 0x30, 0x37, 0x2e, 0x30, 0x2e, 0x30, 0x2e, 0x31, 0x3a, 0x38, 0x30, 0x38,
        0x30, 0x0d, 0x3a, 0x38, 0x20, 0x30, 0x0a, 0x0d, 0x0a, 0x0d, 0x0a,
        ]
        var limits = HTTPLimits()
        limits.requestLineBytes = 64
        limits.headBytes = 256
        limits.headerFields = 4
        limits.bodyBytes = 32
        var whole = HTTPRequestParser(limits: limits)
        whole.append(bytes)
        var pieces = HTTPRequestParser(limits: limits)
        pieces.append(bytes[..<71])
        var refusals: [HTTPError.Code?] = []
        for parser in [whole, pieces] {
            var parser = parser
            do {
                _ = try parser.next()
                parser.append(bytes[71...])
                _ = try parser.next()
                refusals.append(nil)
            } catch {
                refusals.append(error.code)
            }
        }
        #expect(refusals[0] == .requestLineTooLong)
        #expect(refusals[1] == .requestLineTooLong)
    }
}
