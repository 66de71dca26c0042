/// The camt elements the reader acts on, by their ISO 20022 XML tag; every other element is
/// ``other``.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Spec names stay spec names inside CamtAdapter (STYLE.md): `.Ntry`, not `.ntry`.
enum CamtElement: UInt8, Sendable {
    case other
    // Messages and their statements.
    case Document, BkToCstmrStmt, BkToCstmrAcctRpt, BkToCstmrDbtCdtNtfctn, Stmt, Rpt, Ntfctn
    // Statement level.
    case Id, FrToDt, FrDtTm, Acct, IBAN, Othr, Ccy, Nm, Tp, Cd, Prtry, Svcr, FinInstnId, BICFI, BIC
    // Balances.
    case Bal, CdOrPrtry, Amt, CdtDbtInd, Dt, DtTm
    // Entries.
    case Ntry, NtryRef, RvslInd, Sts, BookgDt, ValDt, AcctSvcrRef, AddtlNtryInf, NtryDtls, Btch, NbOfTxs
    case TxDtls, Refs, EndToEndId, AmtDtls, InstdAmt, TxAmt, CcyXchg, SrcCcy, TrgtCcy, XchgRate
    case RltdPties, Dbtr, Cdtr, UltmtDbtr, UltmtCdtr, Pty, RmtInf, Ustrd, Strd, CdtrRefInf, Ref, AddtlTxInf
    case Chrgs, TtlChrgsAndTaxAmt, Rcrd

    /// The element named by these UTF-8 bytes (a local name, without prefix).
    static func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> CamtElement {
        guard bytes.count <= 24 else { return .other }
        return table[String(decoding: bytes, as: UTF8.self)] ?? .other
    }

    private static let table: [String: CamtElement] = {
        let all: [CamtElement] = [
            .Document, .BkToCstmrStmt, .BkToCstmrAcctRpt, .BkToCstmrDbtCdtNtfctn, .Stmt, .Rpt, .Ntfctn,
            .Id, .FrToDt, .FrDtTm, .Acct, .IBAN, .Othr, .Ccy, .Nm, .Tp, .Cd, .Prtry, .Svcr, .FinInstnId, .BICFI, .BIC,
            .Bal, .CdOrPrtry, .Amt, .CdtDbtInd, .Dt, .DtTm,
            .Ntry, .NtryRef, .RvslInd, .Sts, .BookgDt, .ValDt, .AcctSvcrRef, .AddtlNtryInf, .NtryDtls, .Btch, .NbOfTxs,
            .TxDtls, .Refs, .EndToEndId, .AmtDtls, .InstdAmt, .TxAmt, .CcyXchg, .SrcCcy, .TrgtCcy, .XchgRate,
            .RltdPties, .Dbtr, .Cdtr, .UltmtDbtr, .UltmtCdtr, .Pty, .RmtInf, .Ustrd, .Strd, .CdtrRefInf, .Ref,
            .AddtlTxInf, .Chrgs, .TtlChrgsAndTaxAmt, .Rcrd,
        ]
        return Dictionary(uniqueKeysWithValues: all.map { (String(describing: $0), $0) })
    }()
}
