#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looks for ASCII words in a file's first bytes, as the format sniffers do, on the bytes
/// themselves.
///
/// Every import asks each adapter whether the file is its own. Decoded to a `String` and
/// searched with Foundation's `contains`, the OFX and camt sniffers spent 23 M instructions on a
/// CSV file's head (a thousand times the bytes), before the first row was read.
public enum HeadSearch {
    /// Whether the first `limit` bytes of `head` hold `word`'s UTF-8, byte for byte.
    public static func contains(_ head: [UInt8], _ word: String, within limit: Int) -> Bool {
        let needle = Array(word.utf8)
        return head.withUnsafeBufferPointer { whole in
            find(needle, in: UnsafeBufferPointer(rebasing: whole.prefix(limit)))
        }
    }

    /// The first `limit` bytes of `head` with their ASCII letters upper-cased: searched with
    /// ``contains(_:_:within:)`` for upper-case words, they find what upper-casing the text and
    /// looking for the words found. (Made once for all of a sniffer's words.)
    public static func upperCased(_ head: [UInt8], within limit: Int) -> [UInt8] {
        head.prefix(limit).map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 0x20 : $0 }
    }

    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        return needle.withUnsafeBufferPointer { word in
            guard let wordBase = word.baseAddress else { return true }
            // The word's first byte found with `memchr`, the rest compared there.
            let last = haystack.count - word.count
            var from = 0
            while from <= last, let hit = memchr(base + from, Int32(word[0]), last - from + 1) {
                let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                if memcmp(base + at, wordBase, word.count) == 0 { return true }
                from = at + 1
            }
            return false
        }
    }
}
