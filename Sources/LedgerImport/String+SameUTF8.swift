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
    func hasSameUTF8(as other: String) -> Bool {
        var this = self
        var that = other
        return this.withUTF8 { left in
            that.withUTF8 { right in
                guard left.count == right.count else { return false }
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}
