import Foundation
import StateJSON

/// The app's answer to `read`: bytes of one journal file from an offset, in Base64. Fewer bytes than
/// asked for means the end of the file as listed; none, that the offset is its end.
///
/// ```text
/// {"reply":4,"bytes":30,"data":"eyJmb3JtYXQiOiJzdGF0ZWRiZy1qb3VybmFsIn0K","offset":0,"ok":true,"part":0}
/// ```
package struct LiveJournalChunk: LiveAnswer {
    /// The file's index in the `journal` list.
    package var part: Int
    /// Where in the file the bytes start.
    package var offset: Int
    /// The bytes.
    package var bytes: [UInt8]

    /// `bytes` read from `part` at `offset`.
    package init(part: Int, offset: Int, bytes: [UInt8]) {
        self.part = part
        self.offset = offset
        self.bytes = bytes
    }

    package var fields: JSONObject {
        ["part": .integer(Int64(part)), "offset": .integer(Int64(offset)), "bytes": .integer(Int64(bytes.count)),
         "data": .string(Data(bytes).base64EncodedString())]
    }

    package init(reading reply: LiveReplyFields) throws(LiveProtocolError) {
        part = try reply.integer("part")
        offset = try reply.integer("offset")
        let count = try reply.integer("bytes")
        guard let data = Data(base64Encoded: try reply.string("data")), data.count == count else {
            throw .badReply(command: reply.command, member: "data", expected: "Base64 of \(count) bytes")
        }
        bytes = Array(data)
    }
}
