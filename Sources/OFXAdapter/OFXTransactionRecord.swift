import LedgerCore

/// The elements of one `STMTTRN` (OFX 2.2 §11.4.4.1) or pending `STMTTRNP` (§11.4.2.2) read so
/// far; it becomes a draft (or a correction) when the aggregate closes.
struct OFXTransactionRecord {
    /// Where `<STMTTRN>` starts: the draft's location.
    var location: SourceLocation
    /// Whether this is a pending transaction (`STMTTRNP`).
    var isPending: Bool
    /// TRNTYPE as written (OFX 2.2 §11.4.4.3); informational, the amount's sign gives the direction.
    var trnType: TRNTYPE?
    /// DTPOSTED (DTTRAN for a pending transaction): the booking day.
    var posted: OFXDateTime?
    /// DTUSER: the day of the purchase, when the bank gives it.
    var user: OFXDateTime?
    /// TRNAMT and where it is.
    var amount: OFXAmount?
    var amountLocation: SourceLocation?
    /// FITID, CORRECTFITID, CORRECTACTION.
    var fitID: String?
    var correctFitID: String?
    var correctAction: String?
    var correctActionLocation: SourceLocation?
    /// NAME, the PAYEE aggregate's NAME, EXTDNAME, MEMO, CHECKNUM, REFNUM.
    var name: String?
    var payeeName: String?
    var extendedName: String?
    var memo: String?
    var checkNumber: String?
    var referenceNumber: String?
    /// CURRENCY or ORIGCURRENCY (OFX 2.2 §5.2): CURSYM and CURRATE.
    var currencySymbol: String?
    var currencySymbolLocation: SourceLocation?
    var currencyRate: OFXAmount?
    var currencyIsOriginal = false

    init(location: SourceLocation, isPending: Bool) {
        self.location = location
        self.isPending = isPending
    }

    /// The draft's description: NAME, else the PAYEE's NAME, else EXTDNAME, else MEMO.
    var description: String {
        if let name, !name.isEmpty { return name }
        if let payeeName, !payeeName.isEmpty { return payeeName }
        if let extendedName, !extendedName.isEmpty { return extendedName }
        if let memo, !memo.isEmpty { return memo }
        return ""
    }

    /// The draft's memo: MEMO (unless it became the description), then `check N` and `ref N`.
    ///
    /// - Parameter description: ``description``, worked out once by the caller (each part is
    ///   compared with it).
    func memoText(description: String) -> String {
        if extendedName == nil && checkNumber == nil && referenceNumber == nil {
            // The common case: MEMO alone.
            guard let memo, !memo.isEmpty, memo != description else { return "" }
            return memo
        }
        var parts: [String] = []
        if let memo, !memo.isEmpty, memo != description { parts.append(memo) }
        if let extendedName, !extendedName.isEmpty, extendedName != description { parts.append(extendedName) }
        if let checkNumber, !checkNumber.isEmpty { parts.append("check \(checkNumber)") }
        if let referenceNumber, !referenceNumber.isEmpty { parts.append("ref \(referenceNumber)") }
        return parts.joined(separator: "; ")
    }
}
