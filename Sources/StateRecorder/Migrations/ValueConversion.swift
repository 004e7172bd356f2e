import StateJSON

/// How ``MigrationStep/convertField(_:_:in:)`` changes a value: its type (`Int` to `Double`) or its
/// units (cents to dollars), or anything a closure does.
///
/// `null` (an optional that was `nil`) and the placeholder a recorder's redaction leaves stay as they
/// are; any other value the conversion cannot take (text where a number was expected) stops the read
/// with an error that names the step and the value.
///
/// ```swift
/// .convertField("age", .toDouble, in: .state(".users[*]"))                   // 36 → 36.0
/// .convertField("balance", .dividedBy(100), in: .state(".accounts[*]"))      // 1250 → 12.5
/// .convertField("id", .custom { .string("user-\($0.int64Value ?? 0)") }, in: .state(".users[*]"))
/// ```
public struct ValueConversion: Sendable, CustomStringConvertible {
    /// What the conversion does.
    enum Kind: Sendable {
        case toDouble
        case toInt
        case toString
        case multiplied(by: Double)
        case dividedBy(Double)
        case custom(@Sendable (JSONValue) throws -> JSONValue)
    }

    let kind: Kind

    /// A whole number becomes a `Double` (`36` → `36.0`), as `Int` → `Double` needs.
    public static let toDouble = ValueConversion(kind: .toDouble)
    /// A number with no fraction becomes an `Int` (`36.0` → `36`); one with a fraction is an error,
    /// since rounding it would change the recording's meaning.
    public static let toInt = ValueConversion(kind: .toInt)
    /// A number or a Boolean becomes its text (`36` → `"36"`), as `Int` → `String` needs.
    public static let toString = ValueConversion(kind: .toString)

    /// A number multiplied by `factor`, as a `Double`: dollars to cents is `.multiplied(by: 100)`.
    public static func multiplied(by factor: Double) -> ValueConversion {
        ValueConversion(kind: .multiplied(by: factor))
    }

    /// A number divided by `divisor`, as a `Double`: cents to dollars is `.dividedBy(100)`.
    public static func dividedBy(_ divisor: Double) -> ValueConversion {
        ValueConversion(kind: .dividedBy(divisor))
    }

    /// Any change of one value, as a closure over its JSON: what a thrown error says is reported with
    /// the step and the value.
    public static func custom(_ body: @escaping @Sendable (JSONValue) throws -> JSONValue) -> ValueConversion {
        ValueConversion(kind: .custom(body))
    }

    /// The conversion as the Swift that declares it: `.toDouble`, `.dividedBy(100)`, `.custom { … }`.
    public var description: String {
        switch kind {
        case .toDouble: ".toDouble"
        case .toInt: ".toInt"
        case .toString: ".toString"
        case .multiplied(let factor): ".multiplied(by: \(Self.number(factor)))"
        case .dividedBy(let divisor): ".dividedBy(\(Self.number(divisor)))"
        case .custom: ".custom { … }"
        }
    }

    /// Whether the conversion is a closure, which may look inside a value it is given: a patch that
    /// changes something inside such a value is converted by converting the whole value again.
    var isCustom: Bool {
        if case .custom = kind { true } else { false }
    }

    /// `value` converted.
    func convert(_ value: JSONValue) throws(MigrationFailure) -> JSONValue {
        if value == .null || value == Redaction.placeholder { return value }
        switch kind {
        case .toDouble:
            return .double(try Self.double(value, for: "a Double"))
        case .toInt:
            if case .integer = value { return value }
            let number = try Self.double(value, for: "an Int")
            guard number.rounded() == number, let integer = Int64(exactly: number) else {
                throw MigrationFailure("\(Self.render(value)) has a fraction or is too large, so it is no Int")
            }
            return .integer(integer)
        case .toString:
            switch value {
            case .string: return value
            case .integer(let number): return .string(String(number))
            case .unsigned(let number): return .string(String(number))
            case .double(let number): return .string(String(number))
            case .bigNumber(let text): return .string(text)
            case .bool(let flag): return .string(String(flag))
            default: throw MigrationFailure("\(Self.render(value)) is \(MigrationFailure.article(value)), which has no text form")
            }
        case .multiplied(let factor):
            return try Self.finite(Self.double(value, for: "a number") * factor, from: value)
        case .dividedBy(let divisor):
            return try Self.finite(Self.double(value, for: "a number") / divisor, from: value)
        case .custom(let body):
            do {
                return try body(value)
            } catch {
                throw MigrationFailure("the conversion threw: \(error)")
            }
        }
    }

    private static func double(_ value: JSONValue, for purpose: String) throws(MigrationFailure) -> Double {
        switch value {
        case .integer(let number): return Double(number)
        case .unsigned(let number): return Double(number)
        case .double(let number): return number
        case .bigNumber(let text):
            if let number = Double(text), number.isFinite { return number }
            throw MigrationFailure("\(text) is too large to become \(purpose)")
        default:
            throw MigrationFailure("\(render(value)) is \(MigrationFailure.article(value)), not a number, so it cannot become \(purpose)")
        }
    }

    private static func finite(_ number: Double, from value: JSONValue) throws(MigrationFailure) -> JSONValue {
        guard number.isFinite else { throw MigrationFailure("\(render(value)) converts to \(number), which JSON cannot hold") }
        return .double(number)
    }

    /// A short rendering of a value for messages.
    static func render(_ value: JSONValue) -> String {
        let text = value.canonicalText
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
