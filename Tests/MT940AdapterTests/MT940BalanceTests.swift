import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// Balances: opening and closing checkpoints, the chain between statements, intermediate
/// balances, available balances.
@Suite("MT940 balances")
struct MT940BalanceTests {
    static func statement(open: String, lines: [String] = [], close: String, extra: [String] = []) -> [String] {
        [":20:S", ":25:10050000/0123456789", ":28C:1/1", open] + lines + [close] + extra + ["-"]
    }

    @Test(":60F: becomes the opening balance and :62F: the ledger balance, D marks negative")
    func openingAndClosing() {
        let run = readMT940(
            Self.statement(
                open: ":60F:D240131EUR100,00", lines: [":61:2402010201C150,00NTRFNONREF"], close: ":62F:C240201EUR50,00"
            ))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.balances.map(\.kind) == [.opening, .ledger])
        #expect(run.balances.map(\.signedMinorUnits) == [-10000, 5000])
        #expect(run.balances.map(\.asOf.description) == ["2024-01-31", "2024-02-01"])
    }

    @Test("an opening balance dated on the first booking day holds at the end of the day before")
    func openingDatedOnFirstBooking() {
        let run = readMT940(
            Self.statement(
                open: ":60F:C240201EUR100,00", lines: [":61:2402010201C1,00NTRFNONREF"], close: ":62F:C240201EUR101,00")
        )
        #expect(run.balances.first?.asOf.description == "2024-01-31")
    }

    @Test("a statement whose opening differs from the previous closing stops with an error naming both")
    func brokenChain() {
        let first = Self.statement(open: ":60F:C240101EUR10,00", close: ":62F:C240102EUR10,00")
        let second = Self.statement(open: ":60F:C240103EUR12,00", close: ":62F:C240104EUR12,00")
        let run = readMT940(first + second)
        #expect(run.error?.contains("opening balance 12.00 EUR differs") == true, "\(run.error ?? "")")
        #expect(run.error?.contains("closing balance 10.00 EUR (:62F: at test.sta:5:6)") == true, "\(run.error ?? "")")
        #expect(run.errorLocation?.line == 10)
    }

    @Test("statements of two accounts chain separately")
    func chainsPerAccount() {
        let first = Self.statement(open: ":60F:C240101EUR10,00", close: ":62F:C240102EUR10,00")
        var other = Self.statement(open: ":60F:C240101EUR99,00", close: ":62F:C240102EUR99,00")
        other[1] = ":25:10050000/9999999999"
        let third = Self.statement(open: ":60F:C240102EUR10,00", close: ":62F:C240103EUR10,00")
        let run = readMT940(first + other + third)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.accounts.count == 2)
    }

    @Test(":60M: and :62M: continue one statement over messages: one opening, one closing")
    func intermediate() {
        let one = Self.statement(
            open: ":60F:C240101EUR10,00", lines: [":61:2401020102D1,00NTRFNONREF"], close: ":62M:C240102EUR9,00")
        let two = Self.statement(
            open: ":60M:C240102EUR9,00", lines: [":61:2401020102D2,00NTRFNONREF"], close: ":62F:C240102EUR7,00")
        let run = readMT940(one + two)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.balances.map(\.kind) == [.opening, .ledger])
        #expect(run.balances.map(\.signedMinorUnits) == [1000, 700])
        #expect(run.drafts.count == 2)
    }

    @Test("an intermediate opening that differs from the intermediate closing before it is refused")
    func brokenIntermediateChain() {
        let one = Self.statement(open: ":60F:C240101EUR10,00", close: ":62M:C240102EUR9,00")
        let two = Self.statement(open: ":60M:C240102EUR8,00", close: ":62F:C240102EUR8,00")
        let run = readMT940(one + two)
        #expect(run.error?.contains("(:62M: at test.sta:5:6)") == true, "\(run.error ?? "")")
    }

    @Test("a file that ends inside a statement continued by :62M: is refused")
    func unfinishedContinuation() {
        let run = readMT940(Self.statement(open: ":60F:C240101EUR10,00", close: ":62M:C240102EUR10,00"))
        #expect(run.error?.contains("continued by :62M:") == true, "\(run.error ?? "")")
    }

    @Test("a message without its closing balance is refused (a truncated file)")
    func missingClosing() {
        let run = readMT940([":20:S", ":25:1/2", ":60F:C240101EUR10,00", ":61:2401020102D1,00NTRFNONREF"])
        #expect(run.error?.contains("no :62F: field") == true, "\(run.error ?? "")")
    }

    @Test(":64: and :65: are available balances, never ledger ones")
    func available() {
        let run = readMT940(
            Self.statement(
                open: ":60F:C240101EUR10,00", close: ":62F:C240102EUR10,00",
                extra: [":64:C240102EUR8,00", ":65:C240103EUR8,00"]))
        #expect(run.balances.map(\.kind) == [.opening, .ledger, .available, .available])
        #expect(run.balances.suffix(2).map(\.asOf.description) == ["2024-01-02", "2024-01-03"])
    }

    @Test("a closing balance in another currency than the opening is refused")
    func currencyMismatch() {
        let run = readMT940(Self.statement(open: ":60F:C240101EUR10,00", close: ":62F:C240102USD10,00"))
        #expect(
            run.error?.contains(":62F: is in USD; expected the statement's currency EUR") == true, "\(run.error ?? "")")
    }

    @Test("--account names the one account of a file and is refused for a file with two")
    func accountOption() {
        let options = AdapterOptions(account: "Girokonto")
        let one = readMT940(
            Self.statement(open: ":60F:C240101EUR10,00", close: ":62F:C240102EUR10,00"), options: options)
        #expect(one.accounts.map(\.name) == ["Girokonto"])
        var other = Self.statement(open: ":60F:C240101EUR10,00", close: ":62F:C240102EUR10,00")
        other[1] = ":25:10050000/9999999999"
        let two = readMT940(
            Self.statement(open: ":60F:C240101EUR10,00", close: ":62F:C240102EUR10,00") + other, options: options)
        #expect(two.error?.contains("--account names one ledger account") == true, "\(two.error ?? "")")
    }

    @Test("statements newest first by :28C: number are refused as out of order, not as a missing statement")
    func newestFirstByNumber() {
        let second = [
            ":20:D2", ":25:10050000/0123456789", ":28C:2/1", ":60F:C240302EUR90,00",
            ":61:2403030303DR25,00NTRFNONREF", ":62F:C240303EUR65,00", "-",
        ]
        let first = [
            ":20:D1", ":25:10050000/0123456789", ":28C:1/1", ":60F:C240301EUR100,00",
            ":61:2403020302DR10,00NTRFNONREF", ":62F:C240302EUR90,00", "-",
        ]
        let run = readMT940(second + first)
        #expect(
            run.error?.contains("statements out of order (statement 2, closed at test.sta:6:6, before statement 1)")
                == true, "\(run.error ?? "")")
        #expect(run.error?.contains("missing") == false)
        #expect(run.errorLocation?.line == 11)
    }

    @Test("statements newest first by date, with the same :28C:, are refused as out of order")
    func newestFirstByDate() {
        let second = Self.statement(open: ":60F:C240302EUR90,00", close: ":62F:C240303EUR90,00")
        let first = Self.statement(open: ":60F:C240301EUR100,00", close: ":62F:C240302EUR100,00")
        let run = readMT940(second + first)
        #expect(
            run.error?.contains("statements out of order (statement of 2024-03-03, closed at") == true,
            "\(run.error ?? "")")
        #expect(run.error?.contains("before statement of 2024-03-01)") == true, "\(run.error ?? "")")
    }
}
