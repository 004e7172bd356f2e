/// The exact value a JSON number's text stands for: its sign, its significant digits, and where
/// the decimal point goes among them.
///
/// Comparing two decimals never rounds, however many digits the texts have and however long their
/// exponents are: `1e400`, `10E399` and `0.1e+401` are the same number, `1e400` and `2e400` are
/// not, though no `Double` holds either, and neither are `18446744073709551616` and
/// `18446744073709551617`.
///
/// ```swift
/// let a = JSONDecimal("1e400".utf8), b = JSONDecimal("10E399".utf8)
/// JSONDecimal.compare(a!, b!)    // 0
/// ```
struct JSONDecimal {
    /// Whether the text starts with a minus sign; `-0` has one, though it is not below zero.
    let hasMinusSign: Bool
    /// The significant digits, each 0 to 9, the first and the last not 0; empty for zero.
    let digits: [UInt8]
    /// With ``digits`` d₁d₂…dₙ, the value is 0.d₁d₂…dₙ × 10^point.
    let point: Point

    /// A power of ten, held as an `Int` when the exponent written has up to 18 digits, and as its
    /// decimal digits otherwise.
    enum Point {
        case small(Int)
        /// The digits of the magnitude, without leading zeros.
        case huge(negative: Bool, magnitude: [UInt8])
    }

    /// Reads a number written as JSON writes it (`-`, digits, an optional fraction and exponent),
    /// or `nil` when `text` is not one. Leading zeros are allowed, so Swift's own descriptions of
    /// numbers read too.
    init?(_ text: some Collection<UInt8>) {
        var bytes = text.makeIterator()
        var next = bytes.next()
        hasMinusSign = next == UInt8(ascii: "-")
        if hasMinusSign { next = bytes.next() }
        var digits: [UInt8] = []
        // The digits before the point that count, less the zeros between the point and the first
        // digit that counts.
        var shift = 0
        var sawDigit = false
        while let byte = next, JSONDecimal.isDigit(byte) {
            sawDigit = true
            if !digits.isEmpty || byte != UInt8(ascii: "0") {
                digits.append(byte &- UInt8(ascii: "0"))
                shift += 1
            }
            next = bytes.next()
        }
        if next == UInt8(ascii: ".") {
            next = bytes.next()
            while let byte = next, JSONDecimal.isDigit(byte) {
                sawDigit = true
                if !digits.isEmpty || byte != UInt8(ascii: "0") {
                    digits.append(byte &- UInt8(ascii: "0"))
                } else {
                    shift -= 1
                }
                next = bytes.next()
            }
        }
        guard sawDigit else { return nil }
        while digits.last == 0 { digits.removeLast() }
        self.digits = digits
        guard let marker = next else {
            point = .small(digits.isEmpty ? 0 : shift)
            return
        }
        guard marker | 0x20 == UInt8(ascii: "e") else { return nil }
        next = bytes.next()
        var exponentNegative = false
        if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") {
            exponentNegative = next == UInt8(ascii: "-")
            next = bytes.next()
        }
        var magnitude: [UInt8] = []
        var sawExponentDigit = false
        while let byte = next, JSONDecimal.isDigit(byte) {
            sawExponentDigit = true
            if !magnitude.isEmpty || byte != UInt8(ascii: "0") { magnitude.append(byte &- UInt8(ascii: "0")) }
            next = bytes.next()
        }
        guard sawExponentDigit, next == nil else { return nil }
        if digits.isEmpty {
            point = .small(0)
        } else if magnitude.count <= 18 {
            // Below 10¹⁸, and `shift` is bounded by the length of the text: the sum fits an Int.
            let exponent = magnitude.reduce(0) { $0 * 10 + Int($1) }
            point = .small((exponentNegative ? -exponent : exponent) + shift)
        } else {
            point = JSONDecimal.add(shift, toNegative: exponentNegative, magnitude: magnitude)
        }
    }

    /// The decimal of a number value, or `nil` for a value that is not a number (or a `.double`
    /// that is not finite, or a `.bigNumber` whose text is not a number).
    ///
    /// A `.double` stands for the text it is written as, its shortest round-trip form (`0.1`, not
    /// the binary fraction nearest to it): the number a reader of the JSON sees.
    init?(_ value: JSONValue) {
        switch value {
        case .integer(let integer): self.init(String(integer).utf8)
        case .unsigned(let unsigned): self.init(String(unsigned).utf8)
        case .double(let double) where double.isFinite: self.init(double.description.utf8)
        case .bigNumber(let text): self.init(text.utf8)
        default: return nil
        }
    }

    /// Whether the number is zero (`0`, `-0.0`, `0e5`).
    var isZero: Bool { digits.isEmpty }

    /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`; zero and negative zero are equal.
    static func compare(_ lhs: JSONDecimal, _ rhs: JSONDecimal) -> Int {
        let lhsSign = lhs.isZero ? 0 : (lhs.hasMinusSign ? -1 : 1)
        let rhsSign = rhs.isZero ? 0 : (rhs.hasMinusSign ? -1 : 1)
        if lhsSign != rhsSign { return lhsSign < rhsSign ? -1 : 1 }
        if lhsSign == 0 { return 0 }
        // Both have the same sign: compare the magnitudes, then turn the order for negatives. The
        // first digit is never 0, so a larger point is a larger magnitude.
        var order = comparePoints(lhs.point, rhs.point)
        if order == 0 { order = compareDigits(lhs.digits, rhs.digits) }
        return order * lhsSign
    }

    private static func compareDigits(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        for (left, right) in zip(lhs, rhs) where left != right { return left < right ? -1 : 1 }
        // The last digit is never 0, so the longer list is the larger number.
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    private static func comparePoints(_ lhs: Point, _ rhs: Point) -> Int {
        if case .small(let left) = lhs, case .small(let right) = rhs {
            return left == right ? 0 : (left < right ? -1 : 1)
        }
        let (leftNegative, left) = signAndMagnitude(lhs)
        let (rightNegative, right) = signAndMagnitude(rhs)
        if leftNegative != rightNegative { return leftNegative ? -1 : 1 }
        var order = left.count == right.count ? compareDigits(left, right) : (left.count < right.count ? -1 : 1)
        if leftNegative { order = -order }
        return order
    }

    private static func signAndMagnitude(_ point: Point) -> (negative: Bool, magnitude: [UInt8]) {
        switch point {
        case .huge(let negative, let magnitude):
            return (negative, magnitude)
        case .small(let value):
            let magnitude = value == 0 ? [] : String(value.magnitude).utf8.map { $0 &- UInt8(ascii: "0") }
            return (value < 0, magnitude)
        }
    }

    /// `shift` plus the exponent written as `magnitude`, which is at least 10¹⁸ and so larger than
    /// any shift a text can have: the sum keeps the exponent's sign.
    private static func add(_ shift: Int, toNegative negative: Bool, magnitude: [UInt8]) -> Point {
        var digits = magnitude
        var amount = UInt64(shift.magnitude)
        if (shift < 0) == negative {
            var carry = amount
            var index = digits.count - 1
            while carry > 0 {
                let sum = (index >= 0 ? UInt64(digits[index]) : 0) + carry % 10
                carry = carry / 10 + sum / 10
                if index >= 0 {
                    digits[index] = UInt8(sum % 10)
                } else {
                    digits.insert(UInt8(sum % 10), at: 0)
                }
                index -= 1
            }
        } else {
            var borrow: UInt64 = 0
            var index = digits.count - 1
            while amount > 0 || borrow > 0 {
                let subtrahend = amount % 10 + borrow
                amount /= 10
                var digit = UInt64(digits[index])
                if digit >= subtrahend {
                    digit -= subtrahend
                    borrow = 0
                } else {
                    digit = digit + 10 - subtrahend
                    borrow = 1
                }
                digits[index] = UInt8(digit)
                index -= 1
            }
            while digits.first == 0 { digits.removeFirst() }
        }
        return .huge(negative: negative, magnitude: digits)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
