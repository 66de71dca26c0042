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
    static func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> CamtElement { names.element(named: bytes) }

    /// The names' table, built once. A reader keeps a copy of it: a lookup through the lazy global
    /// itself checks its initialisation (`swift_once`) on every call, for every tag.
    static let names = Names()

    /// The names by their length in bytes, shortest first: a lookup compares a handful of
    /// two-word keys, with no string built and nothing hashed.
    struct Names {
        private let candidates: [Candidate]
        /// Where the candidates of each length start in ``candidates`` (and, one further, end).
        private let firstOfLength: [Int]
        /// The names longer than 16 bytes, compared whole after their key matched.
        private let longNames: [[UInt8]]

        fileprivate init() {
            // Each name spelled once (`String(describing:)` reads the case's name by reflection).
            let named = CamtElement.named.map { ($0, Array(String(describing: $0).utf8)) }
                .sorted { $0.1.count < $1.1.count }
            let longNames = named.map(\.1).filter { $0.count > 16 }
            candidates = named.map { element, name in
                Candidate(
                    key: name.withUnsafeBufferPointer { Key($0) }, element: element,
                    longName: longNames.firstIndex(of: name) ?? -1)
            }
            let longest = named.last?.1.count ?? 0
            var firstOfLength = Array(repeating: 0, count: longest + 2)
            // The names shorter than each length.
            for (_, name) in named {
                for length in (name.count + 1)..<firstOfLength.count { firstOfLength[length] += 1 }
            }
            self.firstOfLength = firstOfLength
            self.longNames = longNames
        }

        /// The element named by these UTF-8 bytes (a local name, without prefix).
        func element(named bytes: UnsafeBufferPointer<UInt8>) -> CamtElement {
            let length = bytes.count
            guard length > 0, length + 1 < firstOfLength.count else { return .other }
            let key = Key(bytes)
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
