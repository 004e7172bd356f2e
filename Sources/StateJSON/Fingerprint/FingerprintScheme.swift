/// How a container's fingerprint combines its children's: the rule a journal's version fixes.
///
/// Both schemes agree on every scalar and on every array or object of at most
/// ``FingerprintScheme/chunkLength`` elements or members; they differ only on larger ones:
///
/// - ``sequential`` (journal versions 1 and 2) folds every child in order into one running value, so
///   a change near the start of a long array folds all the children after it again;
/// - ``chunked`` (journal version 3) folds the children in runs of 64, then those runs' fingerprints
///   in runs of 64, and so on until at most 64 remain, which are folded like a small container's
///   children. A change then folds again one run at each level: about 130 combines for an array of
///   10,000 elements, instead of up to 10,000.
///
/// See ``StateFingerprint`` for the complete definition.
package enum FingerprintScheme: Sendable, Hashable {
    /// One fold over all children (journal versions 1 and 2).
    case sequential
    /// A tree of folds over runs of at most ``chunkLength`` children (journal version 3).
    case chunked

    /// The most children (or runs) folded together by the chunked scheme: a container with this many
    /// children or fewer has the same fingerprint under both schemes.
    package static let chunkLength = 64
}
