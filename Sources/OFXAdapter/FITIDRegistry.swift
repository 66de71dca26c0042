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
