import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// `ledgerport rules`, `rules apply`, `rules explain`, `rules test`, and rules on `import`.
@Suite("ledgerport rules")
struct RulesCommandTests {
    private let rulesV1 = """
        {"rules": [
          {"id": "salary", "when": {"description": "^payroll", "direction": "credit"}, "set": {"category": "Salary"}},
          {"id": "coffee", "when": {"description": "coffee", "amount": {"max": "10"}},
           "set": {"category": "Eating out", "tags": ["food"]}, "continue": true},
          {"id": "small", "when": {"amount": {"max": "5"}}, "set": {"note": "small", "category": "Small"}}
        ]}
        """
    private let march = """
        Date,Description,Amount
        2024-03-01,Coffee Corner,-3.80
        2024-03-02,Rent March,-900.00
        2024-03-05,PAYROLL ACME,2150.00

        """

    /// A ledger with March imported under `rulesV1`, and the ids by description.
    private func imported() throws -> (CLIHarness, rules: String, ids: [String: Int]) {
        let cli = try CLIHarness()
        let rules = try cli.write("rules.json", rulesV1)
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--rules", rules) == 0)
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        var ids: [String: Int] = [:]
        for row in rows {
            if let description = row["description"] as? String, let id = row["id"] as? Int { ids[description] = id }
        }
        return (cli, rules, ids)
    }

    private func row(_ cli: CLIHarness, _ description: String) throws -> [String: Any] {
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        return try #require(rows.first { $0["description"] as? String == description })
    }

    @Test("an import applies the rules file and stores the ids of the rules that fired")
    func importApplies() throws {
        let (cli, _, _) = try imported()
        let coffee = try row(cli, "Coffee Corner")
        #expect(coffee["category"] as? String == "Eating out")
        #expect(coffee["rules"] as? [String] == ["coffee", "small"])
        #expect(coffee["note"] as? String == "small")
        #expect(coffee["tags"] as? [String] == ["food"])
        #expect(try row(cli, "Rent March")["rules"] as? [String] == [])
    }

    @Test("the default rules file is $XDG_CONFIG_HOME/ledgerport/rules.json; --no-rules skips it")
    func defaultFile() throws {
        let cli = try CLIHarness()
        let config = cli.folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("ledgerport"), withIntermediateDirectories: true)
        try Data(rulesV1.utf8).write(to: config.appendingPathComponent("ledgerport/rules.json"))
        cli.environment["XDG_CONFIG_HOME"] = config.path
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--no-rules") == 0)
        #expect(try row(cli, "PAYROLL ACME")["category"] is NSNull)
        #expect(cli.run("rules", "apply") == 0)
        #expect(cli.output == "changed 2 of 3 transactions (2 category, 1 note, 1 tags)\n")
        #expect(try row(cli, "PAYROLL ACME")["category"] as? String == "Salary")
    }

    @Test("a bad rules file stops the import before it starts, with every problem located")
    func badFileStopsImport() throws {
        let cli = try CLIHarness()
        let rules = try cli.write(
            "rules.json",
            """
            {"rules": [
              {"id": "a", "when": {"description": "(unclosed"}, "set": {"category": "A"}},
              {"id": "b", "when": {"direction": "out"}, "set": {"category": "B"}}
            ]}
            """)
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--rules", rules) == 1)
        let lines = cli.errors.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix("ledgerport: \(rules):2:39: error: \"description\" \"(unclosed\" doesn't compile")
                == true)
        #expect(
            lines.last
                == "ledgerport: \(rules):3:37: error: \"direction\" \"out\" is not a direction; expected \"credit\" or \"debit\""
        )
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("rules", "--rules", rules) == 1)
        #expect(cli.run("rules", "--rules", cli.folder.appendingPathComponent("missing.json").path) == 1)
        #expect(cli.errors.contains("no rules file here"))
    }

    @Test("rules apply after the file changes: a dry run lists each change, then the run writes them")
    func applyAfterChange() throws {
        let (cli, rules, ids) = try imported()
        let rent = try #require(ids["Rent March"])
        let coffee = try #require(ids["Coffee Corner"])
        try Data(
            """
            {"rules": [
              {"id": "rent", "when": {"description": "^rent", "dayOfMonth": [1, 2, 3]}, "set": {"category": "Rent"}},
              {"id": "coffee", "when": {"description": "coffee"}, "set": {"category": "Eating out"}}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: rules))
        #expect(cli.run("rules", "apply", "--rules", rules, "--dry-run") == 0)
        #expect(
            cli.output == """
                would change \(coffee)'s rules from "coffee,small" to "coffee"
                would change \(coffee)'s note from "small" to (none)
                would change \(coffee)'s tags from "food" to (none)
                would change \(rent)'s rules from (none) to "rent"
                would change \(rent)'s category from (none) to "Rent"
                would change \(ids["PAYROLL ACME"] ?? 0)'s rules from "salary" to (none)
                would change \(ids["PAYROLL ACME"] ?? 0)'s category from "Salary" to (none)
                dry run, nothing written: would change 3 of 3 transactions (2 category, 1 note, 1 tags)

                """)
        #expect(try row(cli, "Rent March")["category"] is NSNull)
        #expect(
            cli.run("rules", "apply", "--rules", rules, "--from", "2024-03-02", "--to", "2024-03-02", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["read"] as? Int == 1 && result["changed"] as? Int == 1)
        #expect(try row(cli, "Rent March")["category"] as? String == "Rent")
        #expect(try row(cli, "Coffee Corner")["note"] as? String == "small")
    }

    @Test("a category set by hand with transactions edit survives rules apply, which says it kept it")
    func handEditKept() throws {
        let (cli, rules, ids) = try imported()
        let coffee = try #require(ids["Coffee Corner"])
        #expect(cli.run("transactions", "edit", String(coffee), "--category", "Treats") == 0)
        #expect(cli.output == "changed \(coffee)'s category from \"Eating out\" to \"Treats\"\n")
        #expect(cli.run("rules", "apply", "--rules", rules) == 0)
        #expect(cli.output == "changed 0 of 3 transactions; kept 1 value set by hand\n")
        try Data(rulesV1.replacingOccurrences(of: "Eating out", with: "Cafe").utf8).write(
            to: URL(fileURLWithPath: rules))
        #expect(cli.run("rules", "apply", "--rules", rules) == 0)
        #expect(cli.output == "changed 0 of 3 transactions; kept 1 value set by hand\n")
        let stored = try row(cli, "Coffee Corner")
        #expect(stored["category"] as? String == "Treats")
        #expect(stored["setByHand"] as? [String] == ["category"])
        #expect(cli.run("transactions", "edit", String(coffee), "--release", "category") == 0)
        #expect(cli.run("rules", "apply", "--rules", rules) == 0)
        #expect(try row(cli, "Coffee Corner")["category"] as? String == "Cafe")
        #expect(cli.run("transactions", "edit", String(coffee), "--release", "colour") == 2)
        #expect(cli.run("transactions", "edit", String(coffee), "--tags", "has space,ok") == 0)
        #expect(try row(cli, "Coffee Corner")["tags"] as? [String] == ["has", "space", "ok"])
        #expect(cli.run("transactions", "edit", String(coffee), "--tags", "#bad") == 2)
    }

    @Test("rules explain names the rule that fired and, for each earlier rule, the key that failed with its value")
    func explain() throws {
        let (cli, rules, ids) = try imported()
        let rent = try #require(ids["Rent March"])
        #expect(cli.run("rules", "explain", String(rent), "--rules", rules) == 0)
        #expect(
            cli.output == """
                transaction \(rent): 2024-03-02 Checking debit 900.00 USD "Rent March"
                  rule "salary" (line 2) doesn't match: description "Rent March" doesn't match /^payroll/i; direction is debit, expected credit
                  rule "coffee" (line 3) doesn't match: description "Rent March" doesn't match /coffee/i; amount is 900.00 USD, above the maximum 10
                  rule "small" (line 5) doesn't match: amount is 900.00 USD, above the maximum 5
                no rule matches: the source's values stand

                """)
        let coffee = try #require(ids["Coffee Corner"])
        #expect(cli.run("transactions", "edit", String(coffee), "--category", "Treats") == 0)
        #expect(cli.run("rules", "explain", String(coffee), "--rules", rules) == 0)
        #expect(
            cli.output.hasSuffix(
                """
                  rule "coffee" (line 3) matches: sets category "Eating out", tags "food"; continue
                  rule "small" (line 5) matches: sets note "small"
                result: category "Eating out", note "small", tags "food" (rules coffee, small)
                set by hand, kept whatever the rules say: category

                """))
        #expect(cli.run("rules", "explain", String(coffee), "--rules", rules, "--json") == 0)
        let json = try #require(try cli.json() as? [String: Any])
        #expect(json["rules"] as? [String] == ["coffee", "small"])
        #expect(cli.run("rules", "explain", "4242", "--rules", rules) == 1)
        #expect(cli.run("rules", "explain", "rent", "--rules", rules) == 2)
    }

    @Test("rules test passes golden cases and exits 1 with a diff at the case that differs")
    func goldenCases() throws {
        let cli = try CLIHarness()
        let rules = Fixture.url("Rules/household.json").path
        #expect(cli.run("rules", "test", Fixture.url("Rules/household-cases.json").path, "--rules", rules) == 0)
        #expect(cli.output == "3 cases, 0 failed (rules \(rules))\n")
        let wrong = Fixture.url("Rules/household-cases-wrong.json").path
        #expect(cli.run("rules", "test", wrong, "--rules", rules) == 1)
        #expect(
            cli.output == """
                \(wrong):9:5: error: case "saturday coffee is eating out" differs
                  - category "Coffee"
                  + category "Eating out"
                  - counterAccount (not set)
                  + counterAccount "Expenses:Food:Coffee"
                2 cases, 1 failed (rules \(rules))

                """)
        #expect(cli.run("rules", "test", wrong, "--rules", rules, "--json") == 1)
        #expect((try cli.json() as? [String: Any])?["failed"] as? Int == 1)
        #expect(cli.run("rules", "test", "--rules", rules) == 2)
    }

    @Test("rules lists the file's rules in the order they are tried")
    func list() throws {
        let cli = try CLIHarness()
        let rules = try cli.write("rules.json", rulesV1)
        #expect(cli.run("rules", "--rules", rules) == 0)
        #expect(
            cli.output == """
                \(rules): 3 rules, tried in this order
                  salary (line 2): when description, direction; sets category "Salary"
                  coffee (line 3): when description, amount; sets category "Eating out", tags "food"; continue
                  small (line 5): when amount; sets category "Small", note "small"

                """)
    }

    @Test("the sample rules file categorises the bundled checking sample and its cases pass")
    func samples() throws {
        let cli = try CLIHarness()
        let rules = Fixture.repositoryRoot.appendingPathComponent("samples/rules.json").path
        let checking = Fixture.repositoryRoot.appendingPathComponent("samples/checking.csv").path
        #expect(cli.run("import", checking, "--account", "Checking", "--currency", "USD", "--rules", rules) == 0)
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        let uncategorised = rows.filter { $0["category"] is NSNull }.compactMap { $0["description"] as? String }
        #expect(uncategorised == ["Opening deposit transfer", "Bookshop", "Refund Bookshop", "Gym membership"])
        let cases = Fixture.repositoryRoot.appendingPathComponent("samples/rules-test.json").path
        #expect(cli.run("rules", "test", cases, "--rules", rules) == 0, "\(cli.output)")
    }
}
