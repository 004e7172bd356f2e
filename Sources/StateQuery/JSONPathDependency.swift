import StateJSON

/// The locations whose edits can change what a ``JSONPath`` selects.
///
/// Every match lies within ``prefix``, so an edit at, above or below it may change a match. A path
/// ending in `count` may also yield the size of ``countedContainer``, which changes when a member or
/// element is added to it or removed from it, but not when a value inside it is replaced.
package struct JSONPathDependency: Sendable, Hashable {
    /// The deepest location every match lies within.
    package let prefix: JSONPointer
    /// The array or object whose size a last `count` segment may select; `nil` for other paths.
    package let countedContainer: JSONPointer?

    /// `true` when a step may have changed what the path selects.
    ///
    /// - Parameters:
    ///   - changed: the locations outside which the step changed nothing.
    ///   - resized: the arrays and objects that gained or lost an element or member, or `nil` when unknown.
    package func isTouched(changed: [JSONPointer], resized: [JSONPointer]?) -> Bool {
        if changed.contains(where: { $0.isPrefix(of: prefix) || prefix.isPrefix(of: $0) }) { return true }
        guard let countedContainer else { return false }
        return resized?.contains(countedContainer) ?? true
    }
}
