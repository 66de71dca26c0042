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
        guard bytes.count < table.count, !bytes.isEmpty else { return .other }
        let key = Key(bytes)
        return table[bytes.count].withUnsafeBufferPointer { candidates in
            for candidate in candidates where candidate.key == key {
                // Up to 16 bytes the key is the whole name; past that, compare the rest.
                if bytes.count <= 16 || candidate.name.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
                    return candidate.element
                }
            }
            return .other
        }
    }

    /// A name's first and last eight bytes (fewer for a shorter name), as two words.
    private struct Key: Equatable {
        var head: UInt64 = 0
        var tail: UInt64 = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            if bytes.count >= 8 {
                head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
                tail = UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)
            } else {
                for byte in bytes { head = head << 8 | UInt64(byte) }
            }
        }
    }

    private struct Candidate {
        var key: Key
        var name: [UInt8]
        var element: CamtElement
    }

    /// The names by their length in bytes: a lookup compares a handful of two-word keys, with no
    /// string built and nothing hashed.
    private static let table: [[Candidate]] = {
        let all: [CamtElement] = [
            .Document, .BkToCstmrStmt, .BkToCstmrAcctRpt, .BkToCstmrDbtCdtNtfctn, .Stmt, .Rpt, .Ntfctn,
            .Id, .FrToDt, .FrDtTm, .Acct, .IBAN, .Othr, .Ccy, .Nm, .Tp, .Cd, .Prtry, .Svcr, .FinInstnId, .BICFI, .BIC,
            .Bal, .CdOrPrtry, .Amt, .CdtDbtInd, .Dt, .DtTm,
            .Ntry, .NtryRef, .RvslInd, .Sts, .BookgDt, .ValDt, .AcctSvcrRef, .AddtlNtryInf, .NtryDtls, .Btch, .NbOfTxs,
            .TxDtls, .Refs, .EndToEndId, .AmtDtls, .InstdAmt, .TxAmt, .CcyXchg, .SrcCcy, .TrgtCcy, .XchgRate,
            .RltdPties, .Dbtr, .Cdtr, .UltmtDbtr, .UltmtCdtr, .Pty, .RmtInf, .Ustrd, .Strd, .CdtrRefInf, .Ref,
            .AddtlTxInf, .Chrgs, .TtlChrgsAndTaxAmt, .Rcrd,
        ]
        var table: [[Candidate]] = Array(repeating: [], count: 24)
        for element in all {
            let name = Array(String(describing: element).utf8)
            let key = name.withUnsafeBufferPointer { Key($0) }
            table[name.count].append(Candidate(key: key, name: name, element: element))
        }
        return table
    }()
}
