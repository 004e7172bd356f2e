import StateDebugger
import StateJSON

/// One self-contained HTML page that shows a recording as a timeline: `statedbg view` writes it.
///
/// The page is `Page/timeline.html` with `timeline.css` and `timeline.js` inlined and the recording's
/// ``TimelineData`` embedded as `<script type="application/json">`. It loads nothing: its
/// Content-Security-Policy is `default-src 'none'` and lets in only the inline style and script that
/// carry the page's nonce. The recording's text is data, never markup: in the embedded JSON every `<`,
/// `>`, `&`, U+2028 and U+2029 is written as a `\u` escape, so no recorded string can end the script
/// element, and the page's script puts recorded text into the document with `textContent` only.
///
/// ```swift
/// let source = try RecordingLoader.open(path: "bank.jsonl")
/// let page = try TimelinePage(source: source)
/// page.html          // "<!DOCTYPE html>\n<html lang=\"en\">…"
/// ```
package struct TimelinePage {
    /// The meta tag that marks a file as a page `statedbg view` wrote (and may therefore replace).
    package static let generatorMark = #"<meta name="generator" content="statedbg view">"#

    /// The data embedded in the page.
    package let data: TimelineData
    /// The page, UTF-8.
    package let html: [UInt8]

    /// Builds the page of `source`, or of the steps in `window` of it.
    ///
    /// - Parameters:
    ///   - nonce: The CSP nonce of the page's inline style and script (letters and digits).
    ///   - byteLimit: The most bytes of recording data the page may hold (see ``TimelineData``).
    package init(source: any RecordingSource, window: ClosedRange<Int>? = nil, nonce: String = TimelinePage.randomNonce(),
                 byteLimit: Int = .max, isCancelled: () -> Bool = { false }) throws(TimelinePageError) {
        data = try TimelineData(source: source, window: window, byteLimit: byteLimit, isCancelled: isCancelled)
        html = Self.assemble(template: PageAssets.html, values: [
            "NONCE": Array(nonce.utf8),
            "STYLE": Array(PageAssets.css.utf8),
            "SCRIPT": Array(PageAssets.js.utf8),
            "DATA": Self.scriptSafe(data.json),
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
    static func assemble(template: String, values: [String: [UInt8]]) -> [UInt8] {
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
