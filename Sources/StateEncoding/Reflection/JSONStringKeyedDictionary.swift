import StateJSON

/// A dictionary whose keys are strings, which ``JSONReflectingEncoder`` writes as an object even
/// when it is empty (a mirror of an empty dictionary cannot tell what its keys would be).
protocol JSONStringKeyedDictionary {}

extension Dictionary: JSONStringKeyedDictionary where Key == String {}
