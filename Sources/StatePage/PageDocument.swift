/// The timeline page's document: its hand-written files (`Page/timeline.html`, `.css`, `.js`) and how
/// values are put into the template. Both the offline page `statedbg view` writes and the live page an
/// app or `statedbg … --web` shows are built from it, so they are the same page.
///
/// ```swift
/// let html = PageDocument.assemble(template: PageDocument.html, values: [
///     "NONCE": Array(nonce.utf8), "STYLE": Array(PageDocument.css.utf8),
///     "SCRIPT": Array(PageDocument.js.utf8), "DATA": PageDocument.scriptSafe(json),
/// ])
/// ```
package enum PageDocument {
    /// `timeline.html`: the template, with `{{NONCE}}`, `{{CONNECT}}` (the Content-Security-Policy's
    /// `connect-src`), `{{STYLE}}`, `{{SCRIPT}}` and `{{DATA}}` to fill.
    package static var html: String { PageAssets.timelineHTML }
    /// `timeline.css`.
    package static var css: String { PageAssets.timelineCSS }
    /// `timeline.js`.
    package static var js: String { PageAssets.timelineJS }
    /// `bridge-webkit.js`: the live page's bridge inside an app's web view (`window.statedbgBridge`,
    /// posting to the message handler `statedbg`), which the web view injects at document start.
    package static var webKitBridge: String { PageAssets.bridgeWebkitJS }

    /// The `format` member of the data a live page carries instead of a recording.
    package static let liveFormat = "statedbg-live"

    /// How a live page reaches the app it shows.
    package enum LiveBridge: Sendable {
        /// Through `window.statedbgBridge`, which the app's web view defines before the page runs (a
        /// WebKit message handler): the page makes no request, so its policy lets it connect nowhere.
        case injected
        /// Over HTTP to the server that served the page (`statedbg attach PID --web`): the policy lets the
        /// page connect to its own origin only.
        case http
    }

    /// The live page: no recording embedded (its data is `{"format":"statedbg-live","version":1}`); the
    /// page's script takes journal lines from the bridge and sends the person's commands back through it.
    package static func livePage(nonce: String = randomNonce(), bridge: LiveBridge) -> [UInt8] {
        assemble(template: html, values: [
            "NONCE": Array(nonce.utf8),
            "CONNECT": Array((bridge == .http ? "'self'" : "'none'").utf8),
            "STYLE": Array(css.utf8),
            "SCRIPT": Array(js.utf8),
            "DATA": Array(#"{"format":"\#(liveFormat)","version":1}"#.utf8),
        ])
    }

    /// A fresh nonce: 128 random bits as hex.
    package static func randomNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// JSON text made safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 become `\u`
    /// escapes. They can only occur inside JSON strings, where the escape means the same character.
    package static func scriptSafe(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 64)
        var index = 0
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "<"): out += Array(#"\u003c"#.utf8)
            case UInt8(ascii: ">"): out += Array(#"\u003e"#.utf8)
            case UInt8(ascii: "&"): out += Array(#"\u0026"#.utf8)
            case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
                out += Array((json[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                index += 2
            default: out.append(byte)
            }
            index += 1
        }
        return out
    }

    /// The template with each `{{NAME}}` replaced by its value, in one pass, so a value that holds
    /// `{{…}}` is never itself replaced.
    package static func assemble(template: String, values: [String: [UInt8]]) -> [UInt8] {
        let bytes = Array(template.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{"),
               let end = (index + 2..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "}") }),
               end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "}"),
               let value = values[String(decoding: bytes[(index + 2)..<end], as: UTF8.self)] {
                out += value
                index = end + 2
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
