import StatePage
import StateJSON
import StateLive

/// A message from the app to the page, as the page's bridge interface delivers it (a JSON object whose
/// `type` says which).
///
/// ```text
/// {"type":"hello","greeting":{"app":"users","lastStep":7,"currentStep":7,"paused":false,…}}
/// {"type":"lines","lines":["{\"statedbg\":…header…}","{\"step\":1,…}"]}
/// {"type":"reply","reply":{"reply":4,"ok":true,"step":3,"message":"the app's state is now step 3"}}
/// {"type":"notice","notice":{"live":"paused"}}
/// {"type":"error","message":"The app refused the page: …"}
/// {"type":"error","ended":true,"message":"The page lost the app: the app closed its recorder."}
/// ```
package enum PageMessage: Sendable, Equatable {
    /// Who the app is and where it stands: the members of the live channel's greeting, with the
    /// commands the page may send.
    case hello(JSONObject)
    /// Journal lines verbatim, without their line feeds, in file order; the first is the header.
    case lines([[UInt8]])
    /// The reply to a request, carrying the page's id: the live wire's reply object.
    case reply(LiveReply)
    /// What the app says unasked: the live wire's notice object.
    case notice(LiveNotice)
    /// The bridge refused something, or something went wrong: a whole sentence.
    case error(String)
    /// The bridge lost the app, for the reason given (a whole sentence): no more lines will come. It is
    /// an error message whose `ended` member is `true`.
    case ended(String)

    /// The message as JSON text that is also safe inside a script: `<`, `>`, `&`, U+2028 and U+2029
    /// appear only as `\u` escapes.
    package var json: [UInt8] {
        var bytes: [UInt8] = []
        switch self {
        case .hello(let greeting):
            bytes += Array(#"{"type":"hello","greeting":"#.utf8)
            JSONValue.object(greeting).write(to: &bytes)
        case .lines(let lines):
            bytes += Array(#"{"type":"lines","lines":["#.utf8)
            for (index, line) in lines.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(line, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .reply(let reply):
            bytes += Array(#"{"type":"reply","reply":"#.utf8)
            bytes += reply.line.dropLast()
        case .notice(let notice):
            bytes += Array(#"{"type":"notice","notice":"#.utf8)
            bytes += notice.line.dropLast()
        case .error(let message):
            bytes += Array(#"{"type":"error","message":"#.utf8)
            JSONValue.string(message).write(to: &bytes)
        case .ended(let message):
            bytes += Array(#"{"type":"error","ended":true,"message":"#.utf8)
            JSONValue.string(message).write(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return PageDocument.scriptSafe(bytes)
    }

    /// About how many bytes the message holds, for the bound on what waits for a slow page.
    package var size: Int {
        switch self {
        case .lines(let lines): lines.reduce(64) { $0 + $1.count + 8 }
        case .error(let message), .ended(let message): 64 + message.utf8.count
        // A snapshot's reply holds a whole state.
        case .reply(let reply): 64 + reply.line.count
        case .notice(let notice): 64 + notice.line.count
        case .hello(let greeting): 64 + JSONValue.object(greeting).serialized().count
        }
    }

    /// A UTF-8 line as a JSON string: quotes, backslashes and control characters escaped, the rest as is.
    private static func writeString(_ line: [UInt8], to bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.reserveCapacity(bytes.count + line.count + 2)
        bytes.append(UInt8(ascii: "\""))
        for byte in line {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20: bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
