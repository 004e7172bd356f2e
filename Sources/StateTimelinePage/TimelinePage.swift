import StateDebugger
import StateJSON
import StatePage

/// One self-contained HTML page that shows a recording as a timeline: `statedbg view` writes it.
///
/// The page is StatePage's `Page/timeline.html` with `timeline.css` and `timeline.js` inlined and the recording's
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
    package init(source: any RecordingSource, window: ClosedRange<Int>? = nil, nonce: String = PageDocument.randomNonce(),
                 byteLimit: Int = .max, isCancelled: () -> Bool = { false }) throws(TimelinePageError) {
        data = try TimelineData(source: source, window: window, byteLimit: byteLimit, isCancelled: isCancelled)
        html = PageDocument.assemble(template: PageDocument.html, values: [
            "NONCE": Array(nonce.utf8),
            "CONNECT": Array("'none'".utf8),
            "STYLE": Array(PageDocument.css.utf8),
            "SCRIPT": Array(PageDocument.js.utf8),
            "DATA": PageDocument.scriptSafe(data.json),
        ])
    }
}
