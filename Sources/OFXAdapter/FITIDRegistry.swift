import LedgerCore

/// Keeps FITIDs stable and distinct within one account of one file.
///
/// A FITID is the bank's stable id for a transaction (OFX 2.2 §3.2.1). Some banks repeat one
/// FITID for two different transactions in the same file. The first transaction seen with a FITID
/// keeps it as its external id; a later one with the same FITID but different content (day,
/// amount, direction or description as written) gets `FITID#2`, the next distinct one
/// `FITID#3`, and so on.
/// A later one with the *same* content gets the same id again, so the store counts it as the
/// duplicate it is (overlapping statements in one download). The numbering follows file order,
/// so re-importing the file gives every transaction the same id again.
///
/// Memory is two 64-bit words per FITID (hashes, not the text), in a table of its own: the key
/// is already an FNV-1a hash, so it picks its slot directly (a `Dictionary` hashed it again with
/// SipHash, and with its probing that was 7 % of an OFX dry run).
struct FITIDRegistry {
    /// Open addressing with linear probing, a power of two slots, at most half full. A slot with
    /// key 0 is empty; the key 0 itself is kept aside in `zeroKeyContent`. A key's first slot is
    /// the top bits of the key, mixed with a seed drawn for each registry, times 2^64/φ
    /// (Fibonacci hashing), which spreads keys that differ only in a few bits. The seed keeps a
    /// file made to put its FITIDs in one run of slots (each new one then walks the whole run) from
    /// doing so: FNV-1a has no key, so without it such a file would be easy to write.
    private let seed = UInt64.random(in: 0 ... .max)
    private var keys: [UInt64] = []
    private var shift: UInt64 = 64
    private var contents: [UInt64] = []
    private var used = 0
    private var zeroKeyContent: UInt64?
    private var laterContents: [UInt64: [UInt64]] = [:]

    /// The external id for a transaction.
    ///
    /// - Parameters:
    ///   - fitID: the FITID as written (not empty).
    ///   - account: the ledger account, so that equal FITIDs in two accounts stay apart.
    ///   - day, signedMinorUnits, currency, description: the transaction's content, which tells a
    ///     repeat from a different transaction (the draft is built after, with the id).
    mutating func externalID(
        for fitID: String, account: String, day: Day, signedMinorUnits: Int64, currency: Currency,
        description: String
    ) -> String {
        var key = FNV1a()
        key.combine(utf8: account)
        key.combine(UInt8(0x1F))
        key.combine(utf8: fitID)
        var content = FNV1a()
        content.combine(Int64(day.daysSinceEpoch))
        content.combine(signedMinorUnits)
        content.combine(utf8: currency.code)
        content.combine(UInt8(0x1F))
        content.combine(utf8: description)
        guard let first = firstContent(key.value, else: content.value) else { return fitID }
        if first == content.value { return fitID }
        var later = laterContents[key.value] ?? []
        if let index = later.firstIndex(of: content.value) { return "\(fitID)#\(index + 2)" }
        later.append(content.value)
        laterContents[key.value] = later
        return "\(fitID)#\(later.count + 1)"
    }

    // MARK: - Private helpers

    /// The content first recorded for `key`, or `nil` after recording `content` as the first.
    private mutating func firstContent(_ key: UInt64, else content: UInt64) -> UInt64? {
        guard key != 0 else {
            if let first = zeroKeyContent { return first }
            zeroKeyContent = content
            return nil
        }
        if (used + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var slot = slot(of: key)
        while keys[slot] != 0 {
            if keys[slot] == key { return contents[slot] }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        contents[slot] = content
        used += 1
        return nil
    }

    @inline(__always)
    private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ seed) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// Doubles the table (16 slots at first) and places every key again.
    private mutating func grow() {
        let oldKeys = keys
        let oldContents = contents
        let size = max(16, keys.count * 2)
        keys = Array(repeating: 0, count: size)
        contents = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        for index in oldKeys.indices where oldKeys[index] != 0 {
            var slot = slot(of: oldKeys[index])
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            contents[slot] = oldContents[index]
        }
    }
}
