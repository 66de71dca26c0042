/// The lookup table behind ``OFXTag/lookUp(_:)``: tags by a case-folded FNV-1a hash of their name.
struct OFXTagTable: Sendable {
    static let shared = OFXTagTable()
    static let longest = 24

    let byKey: [UInt64: OFXTag]
    let spellings: [[UInt8]]

    private init() {
        var byKey: [UInt64: OFXTag] = [:]
        var spellings: [[UInt8]] = []
        for tag in OFXTag.allCases {
            let bytes = Array(tag.name.utf8)
            precondition(bytes.count <= OFXTagTable.longest, "a tag name longer than the lookup allows")
            spellings.append(bytes)
            let key = bytes.withUnsafeBufferPointer { OFXTagTable.key($0) }
            precondition(byKey[key] == nil, "two tag names share a lookup key")
            byKey[key] = tag
        }
        self.byKey = byKey
        self.spellings = spellings
    }

    @inline(__always)
    static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    @inline(__always)
    static func key(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(upper(byte))) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
