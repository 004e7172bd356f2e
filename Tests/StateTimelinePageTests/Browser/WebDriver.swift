import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StateJSON

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
    static let skipNotice: Comment = "no browser: install chromium and chromedriver (apt-get install chromium chromium-driver) to run the browser tests"

    private let driver: Process
    private let base: String
    private let session: String

    init(width: Int = 1400, height: Int = 900) async throws {
        guard let installation = Installation.find() else {
            throw Failure.noBrowser("STATEDBG_REQUIRE_BROWSER=1 but no chromium and chromedriver were found on PATH; install them (apt-get install chromium chromium-driver).")
        }
        let port = Int.random(in: 20_000..<60_000)
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: installation.driver)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = "http://127.0.0.1:\(port)"
        var ready = false
        for _ in 0..<100 where !ready {
            try await Task.sleep(nanoseconds: 100_000_000)
            ready = (try? await Self.request("GET", base + "/status", nil))?["value"]?["ready"] == .bool(true)
        }
        guard ready else {
            driver.terminate()
            throw Failure.protocolError("chromedriver did not start on port \(port).")
        }
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
            driver.terminate()
            throw error
        }
    }

    /// Ends the browser and chromedriver.
    func quit() async {
        _ = try? await Self.request("DELETE", base + "/session/\(session)", nil)
        driver.terminate()
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

    func element(_ selector: String) async throws -> String {
        let value = try await command("POST", "element", ["using": "css selector", "value": .string(selector)])
        guard case .string(let id)? = value["element-6066-11e4-a52e-4f735466cecf"] else {
            throw Failure.protocolError("no element \(selector)")
        }
        return id
    }

    func click(_ selector: String) async throws {
        _ = try await command("POST", "element/\(try await element(selector))/click", [:])
    }

    /// Types `keys` into the element (WebDriver key codes: "\u{E012}" left, "\u{E014}" right, "\u{E011}" Home, "\u{E010}" End).
    func type(_ keys: String, into selector: String) async throws {
        _ = try await command("POST", "element/\(try await element(selector))/value", ["text": .string(keys)])
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

    private static func request(_ method: String, _ url: String, _ body: JSONValue?) async throws -> JSONValue {
        guard let address = URL(string: url) else { throw Failure.protocolError("bad URL \(url)") }
        var request = URLRequest(url: address)
        request.httpMethod = method
        request.timeoutInterval = 120
        if let body {
            request.httpBody = Data(body.serialized(.canonical))
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONValue(parsing: Array(data))
    }
}
