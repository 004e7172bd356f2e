import StateJSON

extension JournalFormat {
    /// How the journals this library writes (``currentVersion``) fingerprint their states.
    package static var fingerprintScheme: FingerprintScheme { .chunked }
}

extension JournalHeader {
    /// How the states of this file are fingerprinted: ``StateJSON/FingerprintScheme/chunked`` from
    /// version 3 on, ``StateJSON/FingerprintScheme/sequential`` before. Every hash a reader checks and
    /// every hash a writer adds to this file follows it.
    package var fingerprintScheme: FingerprintScheme {
        version >= 3 ? .chunked : .sequential
    }
}
