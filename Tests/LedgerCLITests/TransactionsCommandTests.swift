import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// `ledgerport transactions`: order, --limit, --search, --payee, the memo, and output streamed in
/// bounded chunks rather than built whole.
@Suite("transactions command")
struct TransactionsCommandTests {
    let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
    }

    /// A mapping for `Date,Description,Memo,Amount` files in EUR.
    private func mapping() throws -> String {
        try cli.write(
            "memo-mapping.json",
            """
            {
              "description": "test export with a memo column",
              "version": 1,
              "match": { "header": ["Date", "Description", "Memo", "Amount"] },
              "columns": {
                "date": { "column": "Date", "format": "yyyy-MM-dd" },
                "description": "Description",
                "memo": "Memo",
                "amount": "Amount"
              },
              "amounts": { "decimalSeparator": ".", "thousandsSeparator": "" },
              "currency": "EUR"
            }
            """)
    }

    /// Imports `Date,Description,Memo,Amount` rows into an account.
    private func importRows(_ rows: [String], account: String = "Checking", file: String = "rows.csv") throws {
        let path = try cli.write(file, (["Date,Description,Memo,Amount"] + rows).joined(separator: "\n") + "\n")
        let code = cli.run("import", path, "--account", account, "--mapping", try mapping())
        #expect(code == 0, "\(cli.errors)")
    }

    private func sample() throws {
        try importRows([
            "2024-03-02,Coffee Corner,,-3.80",
            "2024-03-01,Salary March,payroll ref 7,2500.00",
            "2024-03-03,Transfer,for coffee beans,-20.00",
            "2024-03-04,Discount 50% off,,-5.00",
            "2024-03-05,Discount 500 off,,-6.00",
            "2024-03-06,REF A_B,,-7.00",
            "2024-03-07,REF AXB,,-8.00",
            "2024-03-08,Morning coffee run,,-4.10",
        ])
        try importRows(["2024-03-01,Interest,quarterly,1.25"], account: "Savings", file: "savings.csv")
    }

    private func descriptions(_ arguments: String...) throws -> [String] {
        #expect(cli.run(["transactions"] + arguments + ["--json"]) == 0, "\(cli.errors)")
        let rows = try #require(try cli.json() as? [[String: Any]])
        return rows.map { $0["description"] as? String ?? "?" }
    }

    @Test("rows are listed by account, then day, then the order they were stored")
    func order() throws {
        try sample()
        #expect(
            try descriptions() == [
                "Salary March", "Coffee Corner", "Transfer", "Discount 50% off", "Discount 500 off", "REF A_B",
                "REF AXB", "Morning coffee run", "Interest",
            ])
    }

    @Test("--limit N lists the first N rows in that order")
    func limit() throws {
        try sample()
        #expect(try descriptions("--limit", "2") == ["Salary March", "Coffee Corner"])
        #expect(try descriptions("--account", "Savings", "--limit", "5") == ["Interest"])
        #expect(cli.run("transactions", "--limit", "3") == 0)
        #expect(cli.output.split(separator: "\n").count == 4)
    }

    @Test("--search finds its text in the description or the memo, ignoring case")
    func search() throws {
        try sample()
        #expect(try descriptions("--search", "COFFEE") == ["Coffee Corner", "Transfer", "Morning coffee run"])
        #expect(try descriptions("--search", "quarterly") == ["Interest"])
        #expect(try descriptions("--search", "coffee", "--limit", "1") == ["Coffee Corner"])
        #expect(try descriptions("--search", "nothing like this") == [])
        #expect(cli.output == "[]\n")
    }

    @Test("--search treats % and _ as themselves, not as wildcards")
    func searchWildcards() throws {
        try sample()
        #expect(try descriptions("--search", "50%") == ["Discount 50% off"])
        #expect(try descriptions("--search", "a_b") == ["REF A_B"])
        #expect(try descriptions("--search", "%") == ["Discount 50% off"])
        #expect(try descriptions("--search", "_") == ["REF A_B"])
    }

    @Test("--payee matches the start of the description, or of the payee a source or an edit named")
    func payee() throws {
        try sample()
        #expect(try descriptions("--payee", "coffee") == ["Coffee Corner"])
        #expect(try descriptions("--payee", "discount") == ["Discount 50% off", "Discount 500 off"])
        #expect(try descriptions("--payee", "REF", "--search", "_") == ["REF A_B"])
        #expect(try descriptions("--payee", "bean") == [])
        #expect(cli.run("transactions", "--search", "Morning coffee", "--json") == 0)
        let id = try #require((try cli.json() as? [[String: Any]])?.first?["id"] as? Int)
        #expect(cli.run("transactions", "edit", String(id), "--payee", "Bean There Cafe") == 0, "\(cli.errors)")
        #expect(try descriptions("--payee", "bean") == ["Morning coffee run"])
        #expect(try descriptions("--payee", "morning") == ["Morning coffee run"])
        #expect(try descriptions("--payee", "cafe") == [], "the start, not anywhere")
    }

    @Test("the memo is a column of the table and a field of the JSON")
    func memo() throws {
        try sample()
        #expect(cli.run("transactions", "--account", "Checking", "--payee", "Salary") == 0)
        let lines = cli.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0].hasSuffix("DESCRIPTION   MEMO"))
        #expect(lines[1].hasSuffix("Salary March  payroll ref 7"))
        #expect(!cli.output.contains(" \n"), "no trailing spaces")
        #expect(cli.run("transactions", "--payee", "Salary", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.first?["memo"] as? String == "payroll ref 7")
    }

    @Test("bad --limit, --search and --payee values are bad usage (exit 2)")
    func usage() throws {
        let cases: [([String], String)] = [
            (["--limit", "0"], "--limit 0 is not a count of transactions"),
            (["--limit", "x"], "expected a whole number"),
            (["--limit", "-3"], "expected a whole number"), (["--search", ""], "--search '' is empty"),
            (["--payee", ""], "--payee '' is empty"), (["--search"], "--search needs a value"),
        ]
        for (arguments, message) in cases {
            #expect(cli.run(["transactions"] + arguments) == 2, "\(arguments)")
            #expect(cli.errors.contains(message), "\(arguments): \(cli.errors)")
        }
    }

    /// Runs a command line, recording each write to stdout apart.
    private func writes(_ arguments: [String]) -> (code: Int32, writes: [String]) {
        var writes: [String] = []
        let console = Console(output: { writes.append($0) }, errors: { _ in })
        let code = Ledgerport.run(
            arguments, console: console,
            environment: ["LEDGERPORT_DB": cli.databasePath, "HOME": cli.folder.path])
        return (code, writes)
    }

    private func manyRows(_ count: Int) throws {
        let rows = (0..<count).map { index in
            let day = 1 + index / 300
            return
                "2024-01-\(day < 10 ? "0" : "")\(day),Shop \(index % 97) purchase,memo \(index),-\(index % 50 + 1).25"
        }
        try importRows(rows)
    }

    @Test("a long JSON listing is written in bounded chunks as it is read, and parses whole")
    func jsonIsStreamed() throws {
        try manyRows(2500)
        let (code, writes) = writes(["transactions", "--json"])
        #expect(code == 0)
        // The listing is about 700 KB: written whole it would be one write; streamed, each write
        // holds at most a chunk (64 KiB) plus one element.
        #expect(writes.count > 5)
        #expect(writes.allSatisfy { $0.utf8.count < 64 * 1024 + 1024 })
        let text = writes.joined()
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 2500)
        let memos = rows.map { $0["memo"] as? String ?? "?" }
        #expect(Set(memos).count == 2500)
        let ids = rows.map { $0["id"] as? Int ?? 0 }
        #expect(ids == ids.sorted(), "one day's rows keep the order they were stored; days ascend")
    }

    @Test("a long table is written in bounded chunks; rows after the sizing rows keep the columns")
    func tableIsStreamed() throws {
        try manyRows(2500)
        let (code, writes) = writes(["transactions"])
        #expect(code == 0)
        #expect(writes.count > 2)
        #expect(writes.allSatisfy { $0.utf8.count < 64 * 1024 + 1024 })
        let lines = writes.joined().split(separator: "\n").map(String.init)
        #expect(lines.count == 2501)
        let memoColumn = try #require(lines[0].range(of: "MEMO")).lowerBound.utf16Offset(in: lines[0])
        for line in [lines[1], lines[1000], lines[1001], lines[2500]] {
            let memo = try #require(line.range(of: "memo ")).lowerBound.utf16Offset(in: line)
            #expect(memo == memoColumn, "\(line)")
        }
    }
}
