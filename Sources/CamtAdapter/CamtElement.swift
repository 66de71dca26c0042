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
        let length = bytes.count
        guard length > 0, length + 1 < firstOfLength.count else { return .other }
        let key = Key(bytes)
        return candidates.withUnsafeBufferPointer { candidates in
            for index in firstOfLength[length]..<firstOfLength[length + 1] where candidates[index].key == key {
                // Up to 16 bytes the key is the whole name; past that, compare the rest.
                let candidate = candidates[index]
                if length <= 16 || longNames[candidate.longName].withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
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

    /// A name's key and element; nothing counted by reference, so a lookup retains nothing.
    private struct Candidate {
        var key: Key
        var element: CamtElement
        /// Where a name longer than 16 bytes is in ``longNames`` (-1 for a shorter one).
        var longName: Int
    }

    /// The names by their length in bytes, shortest first: a lookup compares a handful of
    /// two-word keys, with no string built and nothing hashed.
    private static let candidates: [Candidate] = {
        var candidates: [Candidate] = []
        for element in named.sorted(by: { String(describing: $0).utf8.count < String(describing: $1).utf8.count }) {
            let name = Array(String(describing: element).utf8)
            let key = name.withUnsafeBufferPointer { Key($0) }
            let longName = name.count > 16 ? longNames.firstIndex(of: name) ?? -1 : -1
            precondition(name.count <= 16 || longName >= 0, "a long name is in longNames")
            candidates.append(Candidate(key: key, element: element, longName: longName))
        }
        return candidates
    }()

    /// Where the candidates of each length start in ``candidates`` (and, one further, end).
    private static let firstOfLength: [Int] = {
        let lengths = named.map { String(describing: $0).utf8.count }
        let longest = lengths.max() ?? 0
        return (0...(longest + 1)).map { length in lengths.filter { $0 < length }.count }
    }()

    /// The names longer than 16 bytes, compared whole after their key matched.
    private static let longNames: [[UInt8]] = named.map { Array(String(describing: $0).utf8) }.filter { $0.count > 16 }

    /// Every element but ``other``.
    private static let named: [CamtElement] = {
        let all: [CamtElement] = [
            .Document, .BkToCstmrStmt, .BkToCstmrAcctRpt, .BkToCstmrDbtCdtNtfctn, .Stmt, .Rpt, .Ntfctn,
            .Id, .FrToDt, .FrDtTm, .Acct, .IBAN, .Othr, .Ccy, .Nm, .Tp, .Cd, .Prtry, .Svcr, .FinInstnId, .BICFI, .BIC,
            .Bal, .CdOrPrtry, .Amt, .CdtDbtInd, .Dt, .DtTm,
            .Ntry, .NtryRef, .RvslInd, .Sts, .BookgDt, .ValDt, .AcctSvcrRef, .AddtlNtryInf, .NtryDtls, .Btch, .NbOfTxs,
            .TxDtls, .Refs, .EndToEndId, .AmtDtls, .InstdAmt, .TxAmt, .CcyXchg, .SrcCcy, .TrgtCcy, .XchgRate,
            .RltdPties, .Dbtr, .Cdtr, .UltmtDbtr, .UltmtCdtr, .Pty, .RmtInf, .Ustrd, .Strd, .CdtrRefInf, .Ref,
            .AddtlTxInf, .Chrgs, .TtlChrgsAndTaxAmt, .Rcrd,
        ]
        return all
    }()
}
