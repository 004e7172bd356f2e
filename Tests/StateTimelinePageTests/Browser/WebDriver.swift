import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateJSON
import Testing

/// A headless Chromium driven through chromedriver's W3C WebDriver protocol (plain HTTP and JSON), so
/// the browser tests need no client library.
final class WebDriver {
    enum Failure: Error, CustomStringConvertible {
        case noBrowser(String)
        case protocolError(String)

        var description: String {
            switch self {
            case .noBrowser(let reason): reason
            case .protocolError(let reason): "WebDriver: \(reason)"
            }
        }
    }

    /// Chromium and chromedriver, when both are installed.
    struct Installation {
        var browser: String
        var driver: String

        static func find() -> Installation? {
            let environment = ProcessInfo.processInfo.environment
            let browsers = [environment["STATEDBG_CHROMIUM"]].compactMap { $0 }
                + ["chromium", "chromium-browser", "google-chrome"].compactMap(onPath)
            let drivers = [environment["STATEDBG_CHROMEDRIVER"]].compactMap { $0 } + ["chromedriver"].compactMap(onPath)
            guard let browser = browsers.first, let driver = drivers.first else { return nil }
            return Installation(browser: browser, driver: driver)
        }

        private static func onPath(_ name: String) -> String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }

    /// Whether the browser tests must run: CI sets `STATEDBG_REQUIRE_BROWSER=1`, so a missing browser fails there.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["STATEDBG_REQUIRE_BROWSER"] == "1" }
    /// Whether the browser tests run: a browser is installed, or it is required (and its absence fails).
    static var shouldRun: Bool { isRequired || Installation.find() != nil }

    /// Runs `body` with a fresh browser, and ends the browser after it, whatever happens.
    static func session(_ body: (WebDriver) async throws -> Void) async throws {
        let browser = try await WebDriver()
        do {
            try await body(browser)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    private let driver: Process
    private let base: String
    private let session: String

    init(width: Int = 1400, height: Int = 900) async throws {
        guard let installation = Installation.find() else {
            throw Failure.noBrowser("STATEDBG_REQUIRE_BROWSER=1 but no chromium and chromedriver were found on PATH; install them (apt-get install chromium chromium-driver).")
        }
        (driver, base) = try await Self.launch(installation.driver)
        let capabilities: JSONValue = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": .string(installation.browser),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         .string("--window-size=\(width),\(height)")],
            ],
        ]]]
        do {
            let reply = try await Self.request("POST", base + "/session", capabilities)
            guard case .string(let id)? = reply["value"]?["sessionId"] else {
                throw Failure.protocolError("no session: \(reply.canonicalText)")
            }
            session = id
        } catch {
            Self.stop(driver)
            throw error
        }
    }

    /// Starts chromedriver and waits until it is ready; its process and base URL. A port below Linux's
    /// ephemeral range (32768 and up) cannot be taken by an outgoing connection, and a driver that
    /// exits or does not become ready (its port taken after all) is tried again on another port.
    private static func launch(_ path: String) async throws -> (Process, String) {
        var failures: [String] = []
        for _ in 0..<3 {
            let port = Int.random(in: 10_000..<32_000)
            let driver = Process()
            driver.executableURL = URL(fileURLWithPath: path)
            driver.arguments = ["--port=\(port)"]
            driver.standardOutput = FileHandle.nullDevice
            driver.standardError = FileHandle.nullDevice
            try driver.run()
            let base = "http://127.0.0.1:\(port)"
            var lastError: (any Error)?
            for _ in 0..<200 where driver.isRunning {
                try await Task.sleep(nanoseconds: 100_000_000)
                do {
                    if try await request("GET", base + "/status", nil)["value"]?["ready"] == .bool(true) { return (driver, base) }
                } catch {
                    lastError = error
                }
            }
            let exited = !driver.isRunning
            stop(driver)
            failures.append("port \(port): \(exited ? "it exited" : lastError.map { "\($0)" } ?? "not ready")")
        }
        throw Failure.protocolError("chromedriver did not start (\(failures.joined(separator: "; "))).")
    }

    /// Ends the browser and chromedriver.
    func quit() async {
        _ = try? await Self.request("DELETE", base + "/session/\(session)", nil)
        Self.stop(driver)
    }

    /// chromedriver ignores SIGTERM, so it is killed.
    private static func stop(_ driver: Process) {
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
    }

    func open(_ url: String) async throws {
        _ = try await command("POST", "url", ["url": .string(url)])
    }

    /// Runs `script` (a function body) in the page and returns what it returns.
    @discardableResult
    func execute(_ script: String) async throws -> JSONValue {
        try await command("POST", "execute/sync", ["script": .string(script), "args": []])
    }

    /// Runs `script` (a function body) in the page until it calls its last argument with the result.
    @discardableResult
    func executeAsync(_ script: String) async throws -> JSONValue {
        try await command("POST", "execute/async", ["script": .string(script), "args": []])
    }

    func element(_ selector: String) async throws -> String {
        let value = try await command("POST", "element", ["using": "css selector", "value": .string(selector)])
        guard case .string(let id)? = value["element-6066-11e4-a52e-4f735466cecf"] else {
            throw Failure.protocolError("no element \(selector)")
        }
        return id
    }

    func click(_ selector: String) async throws {
        try await onFreshElement(selector) { id in _ = try await command("POST", "element/\(id)/click", [:]) }
    }

    /// Types `keys` into the element (WebDriver key codes: "\u{E012}" left, "\u{E014}" right, "\u{E011}" Home, "\u{E010}" End).
    func type(_ keys: String, into selector: String) async throws {
        try await onFreshElement(selector) { id in _ = try await command("POST", "element/\(id)/value", ["text": .string(keys)]) }
    }

    /// Runs `body` on the element `selector` finds, finding it again when the page replaced it in
    /// between (WebDriver's "stale element reference"): the page re-renders its lists as the step moves.
    private func onFreshElement(_ selector: String, _ body: (String) async throws -> Void) async throws {
        for attempt in 1...3 {
            do {
                try await body(try await element(selector))
                return
            } catch Failure.protocolError(let message) where attempt < 3 && message.contains("stale element reference") {
                continue
            }
        }
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        guard case .string(let base64) = try await command("GET", "screenshot", nil), let data = Data(base64Encoded: base64) else {
            throw Failure.protocolError("the screenshot is not base64")
        }
        return data
    }

    private func command(_ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        let reply = try await Self.request(method, base + "/session/\(session)/\(path)", body)
        if case .object(let value)? = reply["value"], let error = value["error"] {
            throw Failure.protocolError("\(path): \(error.canonicalText) \(value["message"]?.canonicalText ?? "")")
        }
        return reply["value"] ?? .null
    }

    /// One HTTP/1.1 exchange with chromedriver on 127.0.0.1 over a plain socket; the reply ends after
    /// its Content-Length (chromedriver keeps the connection open even when asked to close it).
    /// URLSession is not used: on Linux its async `data(for:)` fails against chromedriver with
    /// "Failed writing header".
    private static func request(_ method: String, _ url: String, _ body: JSONValue?) async throws -> JSONValue {
        guard let address = URL(string: url), let port = address.port else { throw Failure.protocolError("bad URL \(url)") }
        let payload = body.map { $0.serialized(.canonical) } ?? []
        var head = "\(method) \(address.path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
        let reply = try exchange(port: UInt16(port), Array(head.utf8) + payload)
        guard let (header, content) = split(reply) else { throw Failure.protocolError("\(url): no HTTP header in the reply") }
        return try JSONValue(parsing: header.contains("transfer-encoding:chunked") ? dechunk(content) : content)
    }

    /// The lowercased header without spaces, and the body, once the reply holds all of its body.
    private static func split(_ reply: [UInt8]) -> (header: String, body: [UInt8])? {
        let end = Array("\r\n\r\n".utf8)
        guard reply.count >= 4, let split = (0...(reply.count - 4)).first(where: { reply[$0..<($0 + 4)].elementsEqual(end) }) else {
            return nil
        }
        let header = String(decoding: reply[..<split], as: UTF8.self).lowercased().replacingOccurrences(of: " ", with: "")
        let body = Array(reply[(split + 4)...])
        if let range = header.range(of: "content-length:") {
            let length = Int(header[range.upperBound...].prefix { $0.isNumber }) ?? 0
            return body.count >= length ? (header, Array(body.prefix(length))) : nil
        }
        if header.contains("transfer-encoding:chunked") {
            return body.suffix(5).elementsEqual(Array("0\r\n\r\n".utf8)) ? (header, body) : nil
        }
        return nil
    }

    private static func exchange(port: UInt16, _ request: [UInt8]) throws -> [UInt8] {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure.protocolError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure.protocolError("cannot connect to port \(port)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure.protocolError("send failed") }
            sent += count
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while split(reply) == nil {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            reply += buffer[..<count]
        }
        return reply
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: 0x0D),
                  let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16),
                  size > 0 else { break }
            let start = lineEnd + 2
            out += bytes[start..<min(bytes.count, start + size)]
            index = start + size + 2
        }
        return out
    }
}
