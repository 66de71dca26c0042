import LedgerCore

/// The lookup table behind ``OFXTag/lookUp(_:)``: an open-addressing hash table keyed by a
/// case-folded FNV-1a hash of the tag's name. A tag is looked up for every tag in a file (about
/// ten per transaction), so this avoids `Dictionary`'s seeded hashing and reference counting on
/// the hot path: the table lives in buffers allocated once and never freed (it is built once per
/// process and never changes, hence `@unchecked Sendable`).
struct OFXTagTable: @unchecked Sendable {
    static let shared = OFXTagTable()
    static let longest = 24
    private static let slotCount = 1024

    /// `tag.rawValue + 1` per slot, 0 for an empty slot.
    private let slots: UnsafeMutableBufferPointer<UInt8>
    private let slotKeys: UnsafeMutableBufferPointer<UInt64>
    /// Each tag's upper-case name packed into three words (`longest` bytes, zero-padded), and
    /// its length: a name is confirmed with three comparisons, not one per byte.
    private let spellings: UnsafeMutableBufferPointer<UInt64>
    private let lengths: UnsafeMutableBufferPointer<UInt8>

    private init() {
        let tagCount = OFXTag.allCases.count
        precondition(tagCount * 4 < OFXTagTable.slotCount, "the table must stay sparse")
        let slots = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: OFXTagTable.slotCount)
        let slotKeys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: OFXTagTable.slotCount)
        let spellings = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: tagCount * 3)
        let lengths = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: tagCount)
        slots.initialize(repeating: 0)
        slotKeys.initialize(repeating: 0)
        spellings.initialize(repeating: 0)
        lengths.initialize(repeating: 0)
        for tag in OFXTag.allCases {
            let bytes = Array(tag.name.utf8)
            precondition(bytes.count <= OFXTagTable.longest, "a tag name longer than the lookup allows")
            let row = Int(tag.rawValue)
            precondition(row < tagCount, "raw values number the tags from 0")
            lengths[row] = UInt8(bytes.count)
            let (key, packed) = bytes.withUnsafeBufferPointer { OFXTagTable.keyAndSpelling($0) }
            spellings[row * 3] = packed.0
            spellings[row * 3 + 1] = packed.1
            spellings[row * 3 + 2] = packed.2
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
        self.lengths = lengths
    }

    /// The tag spelled `name` (in any case, at most ``longest`` bytes), or `nil`.
    func tag(named name: UnsafeBufferPointer<UInt8>) -> OFXTag? {
        guard name.count <= OFXTagTable.longest else { return nil }
        let (key, packed) = OFXTagTable.keyAndSpelling(name)
        var slot = Int(truncatingIfNeeded: key) & (OFXTagTable.slotCount - 1)
        while slots[slot] != 0 {
            if slotKeys[slot] == key {
                // The key is a hash: confirm the spelling, so an unknown tag never passes for a known one.
                let raw = slots[slot] - 1
                let row = Int(raw) * 3
                guard Int(lengths[Int(raw)]) == name.count, spellings[row] == packed.0,
                    spellings[row + 1] == packed.1, spellings[row + 2] == packed.2
                else { return nil }
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

    /// LedgerCore's ``FNV1a`` of the upper-cased name (inlinable there, so this stays a loop of
    /// a xor and a multiply), and the upper-cased name packed into three words, little-endian
    /// and zero-padded. The name is at most ``longest`` bytes.
    @inline(__always)
    static func keyAndSpelling(_ name: UnsafeBufferPointer<UInt8>) -> (UInt64, (UInt64, UInt64, UInt64)) {
        var hash = FNV1a()
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        for index in 0..<name.count {
            let byte = upper(name[index])
            hash.combine(byte)
            let shifted = UInt64(byte) &<< UInt64(8 * (index & 7))
            if index < 8 {
                words.0 |= shifted
            } else if index < 16 {
                words.1 |= shifted
            } else {
                words.2 |= shifted
            }
        }
        return (hash.value, words)
    }
}
