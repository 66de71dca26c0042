/// The shape of one tag, `<NAME>`, `</NAME>` or `<NAME/>`, found at a `<`.
struct SGMLTagSyntax {
    var nameStart: Int
    var nameEnd: Int
    /// Just after the `>`.
    var end: Int
    var isEnd: Bool
    var isSelfClosing: Bool

    /// Reads a tag at `start`, or returns `nil` if the bytes there are not a complete tag.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        let count = bytes.count
        var index = start + 1
        guard index < count else { return nil }
        isEnd = bytes[index] == UInt8(ascii: "/")
        if isEnd { index += 1 }
        guard index < count, SGMLTagSyntax.isNameStart(bytes[index]) else { return nil }
        nameStart = index
        while index < count, SGMLTagSyntax.isNameByte(bytes[index]) { index += 1 }
        nameEnd = index
        while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        isSelfClosing = false
        if index < count, bytes[index] == UInt8(ascii: "/"), !isEnd {
            isSelfClosing = true
            index += 1
        }
        guard index < count, bytes[index] == UInt8(ascii: ">") else { return nil }
        end = index + 1
    }

    /// Whether the bytes at `start` could still become a tag once more bytes arrive.
    static func mayBeIncomplete(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        let count = bytes.count
        if index < count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        if index >= count { return true }
        guard isNameStart(bytes[index]) else { return false }
        while index < count, isNameByte(bytes[index]) { index += 1 }
        while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index < count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        return index >= count
    }

    /// `BR`, `P`, `B`, `I`, `U`: HTML that some banks put inside a memo.
    func isInlineMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = nameEnd - nameStart
        guard length <= 2 else { return false }
        let first = OFXTagTable.upper(bytes[nameStart])
        if length == 1 {
            return first == UInt8(ascii: "P") || first == UInt8(ascii: "B") || first == UInt8(ascii: "I")
                || first == UInt8(ascii: "U")
        }
        return first == UInt8(ascii: "B") && OFXTagTable.upper(bytes[nameStart + 1]) == UInt8(ascii: "R")
    }

    /// `BR` or `P` (not their end tags): markup that separates words.
    func isLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !isEnd else { return false }
        let length = nameEnd - nameStart
        let first = OFXTagTable.upper(bytes[nameStart])
        return (length == 2 && first == UInt8(ascii: "B")) || (length == 1 && first == UInt8(ascii: "P"))
    }

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }
}
