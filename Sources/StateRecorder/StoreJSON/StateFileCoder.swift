import Foundation
import StateJSON
import StateEncoding

/// Turns a state into file bytes and back, translating coder errors into ``StoreFileError``.
///
/// The single place that knows the file format: pretty JSON with sorted keys, written and read by
/// StateJSON, so a bad file is reported with its line and column and a state that does not fit with
/// the coding path (`users[3].age: expected Int, found "x".`).
struct StateFileCoder<State: Codable> {
    let path: String

    func encode(_ state: State) throws(StoreFileError) -> Data {
        do {
            var bytes = try JSONValueEncoder().encode(state).serialized(.pretty)
            bytes.append(UInt8(ascii: "\n"))
            return Data(bytes)
        } catch {
            throw .unencodable(path: path, codingPath: error.path.isEmpty ? "(root)" : error.path, reason: error.message)
        }
    }

    func decode(_ data: Data) throws(StoreFileError) -> State {
        let value: JSONValue
        do {
            value = try JSONParser().parse([UInt8](data))
        } catch {
            throw .invalidJSON(path: path, line: error.line, column: error.column, reason: error.message)
        }
        do {
            return try JSONValueDecoder().decode(State.self, from: value)
        } catch {
            throw .mismatch(path: path, codingPath: error.path.isEmpty ? "(root)" : error.path, reason: error.message)
        }
    }
}
