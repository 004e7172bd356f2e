import StateJSON

/// The live channel's wire protocol: JSON lines between a running app and a debugger.
///
/// The app sends the lines its journal holds (the header, then step and event lines), replies to
/// commands (`{"reply":…}`) and notices (`{"live":…}`); the debugger sends commands
/// (`{"command":…}`). Each line is one JSON object ending with a line feed, at most
/// ``maxLineBytes`` bytes long. The full specification is the `LiveProtocol` article of the
/// `StatedbgCLI` documentation.
package enum LiveProtocol {
    /// The protocol version this build speaks; a `hello` with another version is refused.
    package static let version = 1
    /// The name a `hello` reply carries, so a client knows what answered.
    package static let name = "statedbg-live"
    /// The longest line either side accepts, line feed excluded: 1 MiB.
    ///
    /// A longer command gets an error reply and is skipped up to its line feed; the connection stays.
    package static let maxLineBytes = 1 << 20

    /// Writes `members` as one line with `leading` first and the rest in key order.
    static func writeLine(leading: (String, JSONValue), _ members: JSONObject, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        JSONValue.string(leading.0).write(to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        leading.1.write(to: &bytes)
        for (key, value) in zip(members.keys, members.values) where key != leading.0 {
            bytes.append(UInt8(ascii: ","))
            JSONValue.string(key).write(to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value.write(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
    }
}
