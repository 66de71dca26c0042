import LedgerCore

/// Decides which bank references (`//` in `:61:`) can be a transaction's external id.
///
/// The bank's reference with the booking day (`<reference>@<YYYY-MM-DD>`, so a bank that
/// numbers its bookings per statement or reuses a reference later never makes two bookings one)
/// is the id when the bank gives one (`NONREF` is none) and it is unique within the account and
/// day: the first booking seen with a reference on a day keeps it; a later one with the
/// same reference and the same content (day, signed amount, currency, description) is the same
/// booking seen again (an MT942 intraday report and the day's MT940 statement in one file) and
/// gets it too, so the store counts it once; a later one with different content shows the
/// reference is not unique there and gets no external id, so the store identifies it by its
/// fingerprint and occurrence. The decision follows file order, so a re-import decides the same.
///
/// Memory is two 64-bit words per reference (hashes, not the text).
struct MT940ReferenceRegistry {
    private var contents: [UInt64: UInt64] = [:]
    /// The id being written, kept from one booking to the next.
    private var id: [UInt8] = []

    /// The external id for a booking: `<reference>@<booking day>`, or `nil` for the fingerprint.
    mutating func externalID(
        for reference: String?, account: String, day: Day, signedMinorUnits: Int64, currency: Currency,
        description: String
    ) -> String? {
        guard let reference, !reference.isEmpty, reference != "NONREF", reference.uppercased() != "NONREF" else {
            return nil
        }
        var key = FNV1a()
        key.combine(utf8: account)
        key.combine(UInt8(0x1F))
        key.combine(utf8: reference)
        key.combine(Int64(day.daysSinceEpoch))
        var content = FNV1a()
        content.combine(Int64(day.daysSinceEpoch))
        content.combine(signedMinorUnits)
        content.combine(utf8: currency.code)
        content.combine(UInt8(0x1F))
        content.combine(utf8: description)
        if let first = contents[key.value] {
            guard first == content.value else { return nil }
        } else {
            contents[key.value] = content.value
        }
        return makeID(reference, day)
    }

    /// `<reference>@<YYYY-MM-DD>`, written as bytes into one string.
    private mutating func makeID(_ reference: String, _ day: Day) -> String {
        id.removeAll(keepingCapacity: true)
        if reference.utf8.withContiguousStorageIfAvailable({ id.append(contentsOf: $0) }) == nil {
            id.append(contentsOf: reference.utf8)
        }
        id.append(UInt8(ascii: "@"))
        // As `Day.description` writes it: YYYY-MM-DD.
        appendDigits(day.year, divisor: 1000)
        id.append(UInt8(ascii: "-"))
        appendDigits(day.month, divisor: 10)
        id.append(UInt8(ascii: "-"))
        appendDigits(day.day, divisor: 10)
        return String(decoding: id, as: UTF8.self)
    }

    private mutating func appendDigits(_ number: Int, divisor: Int) {
        var divisor = divisor
        while divisor > 0 {
            id.append(UInt8(truncatingIfNeeded: 0x30 + number / divisor % 10))
            divisor /= 10
        }
    }
}
