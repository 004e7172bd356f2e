import Foundation

/// Turns a state into file bytes and back, translating coder errors into ``StoreFileError``.
///
/// This is the single place that knows the file format. It uses Foundation's JSON coders for now;
/// swapping in StateJSON's `JSONValueEncoder`/`JSONValueDecoder` and serializer changes only this type.
struct StateFileCoder<State: Codable> {
    let path: String

    func encode(_ state: State) throws(StoreFileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(state)
            data.append(UInt8(ascii: "\n"))
            return data
        } catch let error as EncodingError {
            switch error {
            case .invalidValue(_, let context):
                throw .unencodable(
                    path: path, codingPath: Self.render(context.codingPath), reason: context.debugDescription)
            @unknown default:
                throw .unencodable(path: path, codingPath: "(root)", reason: String(describing: error))
            }
        } catch {
            throw .unencodable(path: path, codingPath: "(root)", reason: String(describing: error))
        }
    }

    func decode(_ data: Data) throws(StoreFileError) -> State {
        do {
            return try JSONDecoder().decode(State.self, from: data)
        } catch let error as DecodingError {
            throw translate(error)
        } catch {
            throw .mismatch(path: path, codingPath: "(root)", reason: String(describing: error))
        }
    }

    private func translate(_ error: DecodingError) -> StoreFileError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let underlying = context.underlyingError.map { Self.message(of: $0) }
            let reason = underlying ?? context.debugDescription
            let (line, column) = Self.location(in: reason)
            return .invalidJSON(path: path, line: line, column: column, reason: reason)
        case .dataCorrupted(let context):
            return .mismatch(path: path, codingPath: Self.render(context.codingPath), reason: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .mismatch(
                path: path, codingPath: Self.render(context.codingPath + [key]),
                reason: "the key \"\(key.stringValue)\" is missing")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .mismatch(path: path, codingPath: Self.render(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .mismatch(path: path, codingPath: "(root)", reason: String(describing: error))
        }
    }

    private static func message(of error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String {
            return debug
        }
        return String(describing: error)
    }

    /// Finds "line N, column M" in a coder message, since Foundation reports the position only there.
    static func location(in message: String) -> (line: Int?, column: Int?) {
        func number(after word: String) -> Int? {
            guard let range = message.range(of: word + " ") else { return nil }
            let digits = message[range.upperBound...].prefix(while: \.isNumber)
            return Int(digits)
        }
        return (number(after: "line"), number(after: "column"))
    }

    static func render(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "(root)" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
