/// An element with a property to change in place, as a user's struct would have.
struct Item: Codable, Hashable, Comparable, CustomStringConvertible {
    var id: Int
    var score: Int

    static func < (lhs: Item, rhs: Item) -> Bool {
        (lhs.score, lhs.id) < (rhs.score, rhs.id)
    }

    var description: String { "#\(id):\(score)" }
}
