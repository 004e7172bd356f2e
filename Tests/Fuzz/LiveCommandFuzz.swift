import StateJSON
import StateLive

/// Cuts the input into lines as the live server does (with the protocol's line limit) and decodes
/// each as a debugger's command: it must never crash, a refused line must say why, and a command
/// that decodes must survive its own encoding unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    // A small limit as well, so the fuzzer reaches the skipping of over-long lines with short inputs.
    for limit in [LiveProtocol.maxLineBytes, 64] {
        var splitter = LiveLineSplitter(limit: limit)
        var lines: [[UInt8]] = []
        splitter.append(bytes) { piece in
            switch piece {
            case .line(let line):
                fuzzCheck(line.count <= limit, "the splitter let through a line over its limit")
                lines.append(line)
            case .tooLong(let length):
                fuzzCheck(length > limit, "the splitter skipped a line within its limit")
            }
        }
        for line in lines {
            do {
                let request = try LiveRequest(line: line)
                let encoded = request.line
                fuzzCheck(encoded.last == 0x0A && !encoded.dropLast().contains(0x0A), "an encoded command is not one line")
                let again = try? LiveRequest(line: encoded.dropLast())
                fuzzCheck(again == request, "a command changed in an encode/decode round trip: \(String(decoding: encoded, as: UTF8.self))")
            } catch {
                fuzzCheck(!error.description.isEmpty, "a refused line has no message")
                let reply = LiveReply(id: error.id, error: error.description).line
                fuzzCheck(reply.last == 0x0A && !reply.dropLast().contains(0x0A), "an error reply is not one line")
            }
        }
    }
    return 0
}
