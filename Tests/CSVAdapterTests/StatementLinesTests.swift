import LedgerCore
import Testing

@testable import CSVAdapter

@Suite("StatementLines")
struct StatementLinesTests {
    let location = SourceLocation(file: "s.csv", line: 1, column: 1)
    let rules = [
        StatementLineRule(label: "Konto", role: .account), StatementLineRule(label: "Zeitraum", role: .period),
        StatementLineRule(label: "Anfangssaldo", role: .openingBalance),
        StatementLineRule(label: "Kontostand", role: .closingBalance),
    ]

    @Test("a label matches by its start, any case, with or without a colon, value in the next cell or after ':'")
    func labels() {
        var lines = StatementLines(rules: rules)
        let account = lines.consider(["KONTONUMMER:", "", "DE00 1234"], location: location)
        let header = lines.consider(["Buchungstag", "Betrag"], location: location)
        let period = lines.consider(["Zeitraum: 01.10.2024 - 31.10.2024"], location: location)
        #expect(account && !header && period)
        #expect(lines.account == "DE00 1234")
        let format = DateFormat("dd.MM.yyyy")
        #expect(lines.period(format: format).start.map(String.init(describing:)) == "2024-10-01")
        #expect(lines.period(format: format).end.map(String.init(describing:)) == "2024-10-31")
    }

    @Test("balance lines are dated by their own day, else the period, else the rows")
    func balanceDays() throws {
        var lines = StatementLines(rules: rules)
        lines.consider(["Zeitraum:", "01.10.2024 - 31.10.2024"], location: location)
        lines.consider(["Anfangssaldo:", "1.234,56 EUR"], location: location)
        lines.consider(["Kontostand am 15.10.2024", "-7,00"], location: location)
        let balances = try lines.balances(
            account: "a", currency: .EUR, syntax: AmountSyntax(decimalSeparator: UInt8(ascii: ",")), invert: false,
            format: DateFormat("dd.MM.yyyy"), firstDay: nil, lastDay: nil)
        #expect(
            balances.map { "\($0.kind.rawValue) \($0.asOf) \($0.formatted)" } == [
                "opening 2024-09-30 1234.56", "ledger 2024-10-15 -7.00",
            ])
    }

    @Test("a balance line without an amount is an error at that line")
    func badBalance() {
        var lines = StatementLines(rules: rules)
        lines.consider(["Anfangssaldo:", "unbekannt"], location: location)
        #expect(throws: CSVError.self) {
            _ = try lines.balances(
                account: "a", currency: .EUR, syntax: AmountSyntax(decimalSeparator: UInt8(ascii: ",")),
                invert: false, format: nil, firstDay: nil, lastDay: nil)
        }
    }
}
