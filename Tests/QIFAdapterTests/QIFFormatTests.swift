import LedgerCore
import LedgerTestSupport
import QIFAdapter
import Testing

/// Accounts, currency, amounts and detection.
@Suite("QIF format")
struct QIFFormatTests {
    static let bank = "!Type:Bank\nD1/31/2024\nT-1,234.56\nPRent\n^\n"
    static let twoAccounts =
        "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/31/2024\nT-1.00\n^\n!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD1/31/2024\nT-2.00\n^\n"

    func read(_ text: String, _ options: AdapterOptions) -> AdapterRun {
        runAdapter(QIFFormat.self, bytes: Array(text.utf8), name: "bank.qif", options: options)
    }

    @Test("without a currency the file is refused as a missing choice, never read in a default one")
    func currencyRequired() {
        var thrown: (any Error)?
        do {
            try QIFFormat(options: AdapterOptions(fileName: "bank.qif")).drafts(
                from: InMemoryByteStream(Self.bank, name: "bank.qif")
            ) { _ in }
        } catch { thrown = error }
        #expect((thrown as? MissingChoice)?.choice == .currency)
    }

    @Test("the existing account's currency is used when none is named; a named one comes first")
    func accountCurrency() {
        let run = read(Self.bank, AdapterOptions(fileName: "bank.qif", accountCurrency: .EUR))
        #expect(run.drafts.first?.amount == Money(minorUnits: 123_456, currency: .EUR))
        let named = read(Self.bank, AdapterOptions(fileName: "bank.qif", currency: .JPY, accountCurrency: .EUR))
        #expect(named.error?.contains("more decimals than JPY") == true, "\(named.error ?? "")")
    }

    @Test("a register without !Account needs --account when the caller doesn't allow the file's name")
    func accountRequired() {
        var thrown: (any Error)?
        do {
            try QIFFormat(options: AdapterOptions(fileName: "bank.qif", currency: .USD, namesAccountAfterFile: false))
                .drafts(from: InMemoryByteStream(Self.bank, name: "bank.qif")) { _ in }
        } catch { thrown = error }
        #expect((thrown as? MissingChoice)?.choice == .account)
        let named = read(Self.bank, AdapterOptions(account: "Household", fileName: "bank.qif", currency: .USD))
        #expect(named.accounts.map(\.name) == ["Household"])
        #expect(named.drafts.map(\.account) == ["Household"])
    }

    @Test("--account renames a file's one !Account, and refuses a file of two naming both")
    func accountOption() {
        let one = read(
            "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/31/2024\nT-1.00\n^\n",
            AdapterOptions(account: "Mine", currency: .USD))
        #expect(one.accounts.map(\.name) == ["Mine"])
        let two = read(Self.twoAccounts, AdapterOptions(account: "Mine", currency: .USD))
        #expect(two.error?.contains("Checking and Visa") == true, "\(two.error ?? "")")
    }

    @Test("account kinds: Bank, Cash and Oth A are assets; CCard and Oth L liabilities")
    func kinds() {
        let run = read(Self.twoAccounts, AdapterOptions(currency: .USD))
        #expect(run.accounts.map(\.kind) == [.asset, .liability])
        for (type, kind) in [
            ("Cash", AccountKind.asset), ("Oth A", .asset), ("Oth L", .liability), ("CCard", .liability),
        ] {
            let single = read("!Type:\(type)\nD1/31/2024\nT-1.00\n^\n", AdapterOptions(currency: .USD))
            #expect(single.accounts.first?.kind == kind, "\(type)")
        }
    }

    @Test("a positive amount is money in, a negative one money out; thousands separators are read")
    func amounts() {
        let run = read(
            "!Type:Bank\nD1/31/2024\nT1,000,000.01\n^\nD1/31/2024\nU-0.5\n^\n", AdapterOptions(currency: .USD))
        #expect(run.drafts.map(\.direction) == [.credit, .debit])
        #expect(run.drafts.map(\.amount.minorUnits) == [100_000_001, 50])
    }

    @Test("QIF is recognised by its first header, a .qif name alone is a weak hint")
    func sniff() {
        #expect(QIFFormat.sniff(Array("\u{FEFF}!Type:Bank\n".utf8), fileName: "x.txt") == 100)
        #expect(QIFFormat.sniff(Array("\r\n!Account\n".utf8), fileName: "x") == 100)
        #expect(QIFFormat.sniff(Array("!option:AutoSwitch\n".utf8), fileName: "x") == 100)
        #expect(QIFFormat.sniff(Array("Date,Amount\n".utf8), fileName: "x.qif") == 30)
        #expect(QIFFormat.sniff(Array("Date,Amount\n".utf8), fileName: "x.csv") == 0)
    }

    @Test("an unknown field in a transaction record is a located error, not dropped")
    func unknownField() {
        let run = read("!Type:Bank\nD1/31/2024\nT-1.00\nZsomething\n^\n", AdapterOptions(currency: .USD))
        #expect(run.error?.hasPrefix("bank.qif:4:1: error: \"Zsomething\" is not a QIF transaction field") == true)
    }

    @Test("a record with no QIF header before it is refused")
    func noHeader() {
        let run = read("D1/31/2024\nT-1.00\n^\n", AdapterOptions(currency: .USD))
        #expect(run.error?.hasPrefix("bank.qif:1:1: error:") == true)
    }
}
