import StateHTTP

/// Feeds the input to the live page server's request parser, whole and cut in two at a point the input
/// chooses, under the default limits and small ones: it must never crash, both feedings must give the
/// same requests and the same refusal, a refusal must be a 4xx or 5xx with a sentence, and a request
/// must keep the limits and read back the same from its own bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var small = HTTPLimits()
    small.requestLineBytes = 64
    small.headBytes = 256
    small.headerFields = 4
    small.bodyBytes = 32
    for limits in [HTTPLimits(), small] {
        let whole = requests(in: [bytes[...]], limits: limits)
        let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        let pieces = requests(in: [bytes[..<cut], bytes[cut...]], limits: limits)
        fuzzCheck(whole.requests == pieces.requests, "the requests differ when the input arrives in two pieces (cut at \(cut))")
        fuzzCheck(whole.refusal == pieces.refusal, "the refusal differs when the input arrives in two pieces (cut at \(cut))")
        if let refusal = whole.refusal {
            fuzzCheck((400..<600).contains(refusal.code.status), "a refusal's status is \(refusal.code.status)")
            fuzzCheck(refusal.message.hasSuffix("."), "a refusal's message is not a sentence: \(refusal.message)")
            let response = refusal.response.bytes
            fuzzCheck(response.starts(with: Array("HTTP/1.1 \(refusal.code.status) ".utf8)), "a refusal's response has the wrong status line")
        }
        for request in whole.requests {
            fuzzCheck(request.path.hasPrefix("/"), "a request's path does not start with /")
            fuzzCheck(request.fields.count <= limits.headerFields, "a request has more fields than the limit")
            fuzzCheck(request.body.count <= limits.bodyBytes, "a request's body is over the limit")
            var again = HTTPRequestParser(limits: HTTPLimits())
            again.append(request.bytes)
            let reread = try? again.next()
            fuzzCheck(reread == request, "a request does not read back from its own bytes: \(String(decoding: request.bytes, as: UTF8.self))")
        }
    }
    return 0
}

/// The requests read from `pieces` arriving one after another, and the refusal that stopped the reading.
private func requests(in pieces: [ArraySlice<UInt8>], limits: HTTPLimits) -> (requests: [HTTPRequest], refusal: HTTPError?) {
    var parser = HTTPRequestParser(limits: limits)
    var found: [HTTPRequest] = []
    for piece in pieces {
        parser.append(piece)
        do {
            while let request = try parser.next() { found.append(request) }
        } catch {
            return (found, error)
        }
    }
    return (found, nil)
}
