/// The lookup table behind ``OFXTag/lookUp(_:)``: an open-addressing hash table keyed by a
/// case-folded FNV-1a hash of the tag's name. A tag is looked up for every tag in a file (about
/// ten per transaction), so this avoids `Dictionary`'s seeded hashing on the hot path.
struct OFXTagTable: Sendable {
    static let shared = OFXTagTable()
    static let longest = 24
    private static let slotCount = 1024

    /// `tag.rawValue + 1` per slot, 0 for an empty slot.
    private let slots: [UInt8]
    private let slotKeys: [UInt64]
    private let spellings: [[UInt8]]

    private init() {
        var slots = [UInt8](repeating: 0, count: OFXTagTable.slotCount)
        var slotKeys = [UInt64](repeating: 0, count: OFXTagTable.slotCount)
        var spellings: [[UInt8]] = []
        precondition(OFXTag.allCases.count * 4 < OFXTagTable.slotCount, "the table must stay sparse")
        for tag in OFXTag.allCases {
            let bytes = Array(tag.name.utf8)
            precondition(bytes.count <= OFXTagTable.longest, "a tag name longer than the lookup allows")
            spellings.append(bytes)
            let key = bytes.withUnsafeBufferPointer { OFXTagTable.key($0) }
            var slot = Int(truncatingIfNeeded: key) & (OFXTagTable.slotCount - 1)
            while slots[slot] != 0 {
                precondition(slotKeys[slot] != key, "two tag names share a lookup key")
                slot = (slot + 1) & (OFXTagTable.slotCount - 1)
            }
            slots[slot] = tag.rawValue + 1
            slotKeys[slot] = key
        }
        self.slots = slots
        self.slotKeys = slotKeys
        self.spellings = spellings
    }

    /// The tag spelled `name` (in any case), or `nil`.
    func tag(named name: UnsafeBufferPointer<UInt8>) -> OFXTag? {
        let key = OFXTagTable.key(name)
        var slot = Int(truncatingIfNeeded: key) & (OFXTagTable.slotCount - 1)
        while slots[slot] != 0 {
            if slotKeys[slot] == key {
                // The key is a hash: confirm the spelling, so an unknown tag never passes for a known one.
                let raw = slots[slot] - 1
                let spelled = spellings[Int(raw)]
                guard spelled.count == name.count else { return nil }
                for index in 0..<name.count where OFXTagTable.upper(name[index]) != spelled[index] { return nil }
                return OFXTag(rawValue: raw)
            }
            slot = (slot + 1) & (OFXTagTable.slotCount - 1)
        }
        return nil
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
