// TEMPORARY until the json-text branch lands JSONHash. Do not commit.
public enum JSONHash {
    public static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }
}
