import LedgerCore
import LedgerExport
import LedgerStore
import Testing

@Suite("journal account names")
struct JournalNameTests {
    @Test(
        "a default component is what every tool reads, whatever the account's name",
        arguments: [
            ("Checking", "Checking"), ("joint checking", "Joint-Checking"), ("Épargne Logement", "Epargne-Logement"),
            ("Bread & Butter", "Bread-And-Butter"), ("2nd card", "2nd-Card"), ("Konto 12345", "Konto-12345"),
            ("Straße", "Strasse"), ("  ", "Unnamed"), ("日本", "Unnamed"), ("ATM/Cash; old", "ATM-Cash-Old"),
        ])
    func component(name: String, expected: String) {
        #expect(JournalName.component(name) == expected)
        for format in [ExportFormat.hledger, .ledger, .beancount] {
            #expect(JournalName.problem(with: "Assets:Bank:" + expected, for: format) == nil)
        }
    }

    @Test("an asset account goes under Assets:Bank, a liability under Liabilities:Bank")
    func accountRoots() {
        let checking = StoredAccount(id: 1, name: "Joint checking", kind: .asset, currency: Currency(code: "EUR")!)
        let card = StoredAccount(id: 2, name: "Apple Card", kind: .liability, currency: Currency(code: "USD")!)
        #expect(JournalNames.defaultName(of: checking) == "Assets:Bank:Joint-Checking")
        #expect(JournalNames.defaultName(of: card) == "Liabilities:Bank:Apple-Card")
    }

    @Test("two accounts whose defaults agree are told apart by -2, in the order of their ids")
    func collisions() {
        let eur = Currency(code: "EUR")!
        let accounts = [
            StoredAccount(id: 7, name: "Café", kind: .asset, currency: eur),
            StoredAccount(id: 3, name: "Cafe", kind: .asset, currency: eur),
        ]
        let names = JournalNames().bankAccounts(accounts)
        #expect(names[3] == "Assets:Bank:Cafe")
        #expect(names[7] == "Assets:Bank:Cafe-2")
    }

    @Test("a chosen name wins, and a default never takes a chosen one")
    func chosen() {
        let eur = Currency(code: "EUR")!
        let accounts = [
            StoredAccount(id: 1, name: "Cafe", kind: .asset, currency: eur),
            StoredAccount(id: 2, name: "Other", kind: .asset, currency: eur),
        ]
        let names = JournalNames(accounts: ["Other": "Assets:Bank:Cafe"]).bankAccounts(accounts)
        #expect(names[2] == "Assets:Bank:Cafe")
        #expect(names[1] == "Assets:Bank:Cafe-2")
    }

    @Test("the counter-account comes from the category, or Unknown by direction; a transfer goes to Equity:Transfers")
    func counterAccounts() {
        let names = JournalNames(categories: ["Rent": "Expenses:Housing:Rent"])
        #expect(names.counterAccount(category: nil, direction: .debit) == "Expenses:Unknown")
        #expect(names.counterAccount(category: nil, direction: .credit) == "Income:Unknown")
        #expect(names.counterAccount(category: "Auto:Fuel/Business", direction: .debit) == "Expenses:Auto:Fuel")
        #expect(names.counterAccount(category: "salary", direction: .credit) == "Income:Salary")
        #expect(names.counterAccount(category: "[Savings]", direction: .debit) == "Equity:Transfers")
        #expect(names.counterAccount(category: "Rent", direction: .debit) == "Expenses:Housing:Rent")
    }

    @Test(
        "a chosen name beancount can't read is refused for beancount only, saying why",
        arguments: ["assets:bank:checking", "Bank:Checking", "Assets:Bank:my account", "Assets:Bank:a&b"])
    func beancountOnly(name: String) {
        #expect(JournalName.problem(with: name, for: .hledger) == nil)
        #expect(JournalName.problem(with: name, for: .beancount) != nil)
    }

    @Test(
        "a name no tool can read is refused for all of them",
        arguments: ["Assets::Checking", "Assets:Bank  Checking", "Assets:Bank;x", "(Assets:Bank)", "Assets:\tBank"])
    func refused(name: String) {
        for format in [ExportFormat.hledger, .ledger, .beancount] {
            #expect(JournalName.problem(with: name, for: format) != nil)
        }
    }

    @Test("export.json reads both tables and says where a wrong value is")
    func configuration() throws {
        let text = #"{"accounts": {"Checking": "Assets:Bank:Checking"}, "categories": {"Rent": 3}}"#
        #expect(throws: ExportError.self) { try JournalNames.read(Array(text.utf8), path: "export.json") }
        do {
            _ = try JournalNames.read(Array(text.utf8), path: "export.json")
        } catch {
            #expect(error.description.hasPrefix("export.json:1:"))
            #expect(error.description.contains("\"Rent\" maps to the number 3; expected a journal account"))
        }
        let good = #"{"accounts": {"Checking": "Assets:Bank:Checking"}}"#
        let names = try JournalNames.read(Array(good.utf8), path: "export.json")
        #expect(names.accounts == ["Checking": "Assets:Bank:Checking"])
        #expect(try JournalNames.read(Array(names.rendered().utf8), path: "x").accounts == names.accounts)
    }
}
