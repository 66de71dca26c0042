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
/// Memory is two 64-bit words per FITID (hashes, not the text).
struct FITIDRegistry {
    private var firstContent: [UInt64: UInt64] = [:]
    private var laterContents: [UInt64: [UInt64]] = [:]

    /// The external id for a transaction.
    ///
    /// - Parameters:
    ///   - fitID: the FITID as written (not empty).
    ///   - account: the ledger account, so that equal FITIDs in two accounts stay apart.
    ///   - draft: the transaction, whose content tells a repeat from a different transaction.
    mutating func externalID(for fitID: String, account: String, draft: Draft) -> String {
        var key = FNV64()
        key.add(account)
        key.add(UInt8(0x1F))
        key.add(fitID)
        var content = FNV64()
        content.add(Int64(draft.bookingDay.daysSinceEpoch))
        content.add(draft.signedMinorUnits)
        content.add(draft.amount.currency.code)
        content.add(UInt8(0x1F))
        content.add(draft.description)
        guard let first = firstContent[key.value] else {
            firstContent[key.value] = content.value
            return fitID
        }
        if first == content.value { return fitID }
        var later = laterContents[key.value] ?? []
        if let index = later.firstIndex(of: content.value) { return "\(fitID)#\(index + 2)" }
        later.append(content.value)
        laterContents[key.value] = later
        return "\(fitID)#\(later.count + 1)"
    }
}

/// 64-bit FNV-1a over text, identical on every run.
struct FNV64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { add(byte) }
        }
    }

    mutating func add(_ number: Int64) {
        var bits = UInt64(bitPattern: number)
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }
}
