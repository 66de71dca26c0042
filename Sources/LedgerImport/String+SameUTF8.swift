#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether both strings hold the same UTF-8 bytes: a cheaper test than `==`, which compares
    /// canonically equivalent text as equal and normalises text that isn't ASCII to do so
    /// (`Giro ••••6789`). Equal bytes are always `==`; different bytes may still be, so a `false`
    /// here means "look it up", never "different".
    ///
    /// The strings are borrowed, not copied (`withUTF8` would need a `var` copy of each, a retain
    /// and a release per call: this runs for every draft).
    func hasSameUTF8(as other: String) -> Bool {
        // The same value, word for word: the same small string, or the same storage (a draft's
        // account is usually the last one's string, shared). Two loads, where looking at the
        // bytes cost 60 instructions a draft.
        if MemoryLayout<String>.size == 16 {
            let same = withUnsafeBytes(of: self) { left in
                withUnsafeBytes(of: other) { right in
                    left.load(as: UInt64.self) == right.load(as: UInt64.self)
                        && left.load(fromByteOffset: 8, as: UInt64.self)
                            == right.load(fromByteOffset: 8, as: UInt64.self)
                }
            }
            if same { return true }
        }
        let same = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                guard left.count == right.count else { return false }
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
