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
        guard bytes.count < table.count, let first = bytes.first else { return .other }
        for (name, element) in table[bytes.count] where name[0] == first {
            if name.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return element }
        }
        return .other
    }

    /// The names by their length in bytes: a lookup compares a handful of candidates, with no
    /// string built and nothing hashed.
    private static let table: [[([UInt8], CamtElement)]] = {
        let all: [CamtElement] = [
            .Document, .BkToCstmrStmt, .BkToCstmrAcctRpt, .BkToCstmrDbtCdtNtfctn, .Stmt, .Rpt, .Ntfctn,
            .Id, .FrToDt, .FrDtTm, .Acct, .IBAN, .Othr, .Ccy, .Nm, .Tp, .Cd, .Prtry, .Svcr, .FinInstnId, .BICFI, .BIC,
            .Bal, .CdOrPrtry, .Amt, .CdtDbtInd, .Dt, .DtTm,
            .Ntry, .NtryRef, .RvslInd, .Sts, .BookgDt, .ValDt, .AcctSvcrRef, .AddtlNtryInf, .NtryDtls, .Btch, .NbOfTxs,
            .TxDtls, .Refs, .EndToEndId, .AmtDtls, .InstdAmt, .TxAmt, .CcyXchg, .SrcCcy, .TrgtCcy, .XchgRate,
            .RltdPties, .Dbtr, .Cdtr, .UltmtDbtr, .UltmtCdtr, .Pty, .RmtInf, .Ustrd, .Strd, .CdtrRefInf, .Ref,
            .AddtlTxInf, .Chrgs, .TtlChrgsAndTaxAmt, .Rcrd,
        ]
        var table: [[([UInt8], CamtElement)]] = Array(repeating: [], count: 24)
        for element in all {
            let name = Array(String(describing: element).utf8)
            table[name.count].append((name, element))
        }
        return table
    }()
}
