import LedgerCore

/// A leaf's text as the document wrote it (trimmed), with where its element starts.
struct CamtText: Sendable, Hashable {
    var value: String
    var line: Int
    var column: Int
}

/// An amount element's text and its `Ccy` attribute, with where the element starts.
struct CamtAmountText: Sendable, Hashable {
    var element: String
    var value: String
    var currency: String?
    var line: Int
    var column: Int
    /// `Currency(code: currency)`, when the reader has already looked it up.
    var knownCurrency: Currency? = nil
}

/// What one `Bal` states, as written.
struct CamtBalanceRecord: Sendable, Hashable {
    var line: Int
    var column: Int
    /// `Tp/CdOrPrtry/Cd` (or `Prtry`): OPBD, PRCD, CLBD, ITBD, CLAV, FWAV, ITAV, ...
    var code: CamtText?
    var amount: CamtAmountText?
    var creditDebit: CamtText?
    /// `Dt/Dt` or `Dt/DtTm`.
    var date: CamtText?
}

/// What one `TxDtls` states, as written.
struct CamtTransactionRecord: Sendable, Hashable {
    var line: Int
    var column: Int
    /// `Amt` (.001.04 on), else `AmtDtls/TxAmt/Amt`.
    var amount: CamtAmountText?
    var creditDebit: CamtText?
    var accountServicerReference: String?
    var endToEndID: String?
    var details = CamtDetails()
}

/// The descriptive parts an entry or a transaction may carry.
struct CamtDetails: Sendable, Hashable {
    var debtorName: String?
    var creditorName: String?
    var ultimateDebtorName: String?
    var ultimateCreditorName: String?
    /// `RmtInf/Ustrd`, each occurrence.
    var unstructured: [String] = []
    /// `RmtInf/Strd/CdtrRefInf/Ref`.
    var creditorReferences: [String] = []
    /// `AddtlTxInf` (a transaction) or `AddtlNtryInf` (an entry).
    var additional: [String] = []
    /// `AmtDtls/InstdAmt/Amt`.
    var instructed: CamtAmountText?
    /// `AmtDtls/*/CcyXchg/XchgRate`.
    var exchangeRate: String?
    /// `Chrgs/TtlChrgsAndTaxAmt`, else each `Chrgs/Rcrd/Amt` (`Chrgs/Amt` in .001.02).
    var totalCharges: CamtAmountText?
    var charges: [CamtAmountText] = []
}

/// What one `Ntry` states, as written.
struct CamtEntryRecord: Sendable, Hashable {
    var line: Int
    var column: Int
    var amount: CamtAmountText?
    var creditDebit: CamtText?
    var reversal: CamtText?
    /// `Sts` text (to .001.07) or `Sts/Cd` (.001.08 on).
    var status: CamtText?
    var bookingDate: CamtText?
    var valueDate: CamtText?
    var accountServicerReference: String?
    var entryReference: String?
    /// `NtryDtls/Btch/NbOfTxs`.
    var batchCount: String?
    var details = CamtDetails()
    var transactions: [CamtTransactionRecord] = []
}

/// What a statement, report or notification says about its account.
struct CamtAccountRecord: Sendable, Hashable {
    var iban: String?
    var otherID: String?
    var currency: CamtText?
    var name: String?
    var typeCode: String?
    var servicerName: String?
    var servicerBIC: String?
}
