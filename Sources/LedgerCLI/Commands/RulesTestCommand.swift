import Foundation
import LedgerCore

/// `ledgerport rules test FILE`: runs golden cases against the rules file.
struct RulesTestCommand: Command {
    static let name = "rules test"
    static let abstract = "Run golden cases (transaction fields and the expected result) against the rules file."
    static let arguments = "FILE"
    static let discussion = """
        FILE is JSON: {"cases": [{"name": …, "transaction": {"account", "date", "amount", "currency",
        "direction", "description", "memo", "payee", "format", "mapping"}, "expect": {"rules": [ids],
        "category", "payee", "note", "tags", "counterAccount"}}]}. The expected result is whole: a field
        the case leaves out must stay unset. Each case that differs is shown as a diff (- expected,
        + found) at its location; exit 1 when one differs.
        """
    static let opensLedger = false
    static let options: [OptionSpec] = [
        .value("--rules", "PATH", "The rules file (default: $XDG_CONFIG_HOME/ledgerport/rules.json)."),
        .flag("--json", "Print the results as JSON."),
    ]

    let file: String
    let rulesPath: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("rules test needs one FILE: ledgerport rules test rules-test.json")
        }
        file = arguments.positionals[0]
        rulesPath = arguments.value("--rules")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        guard let set = try context.ruleSet(path: rulesPath, required: true) else { return 1 }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw RuntimeError("\(file): error: the rules test file can't be read")
        }
        let cases = try RuleTestCase.cases(json: Array(data), path: file)
        let evaluator = set.makeEvaluator()
        var failed = 0
        var results: [JSONOutput] = []
        for testCase in cases {
            let found = evaluator.assignment(for: testCase.input)
            let diff = testCase.differences(from: found)
            if !diff.isEmpty { failed += 1 }
            if json {
                results.append(
                    .object([
                        ("name", .string(testCase.name)), ("line", .int(testCase.location.line)),
                        ("passed", .bool(diff.isEmpty)), ("diff", .array(diff.map(JSONOutput.string))),
                    ]))
            } else if !diff.isEmpty {
                context.console.print("\(testCase.location): error: case \"\(testCase.name)\" differs")
                for line in diff { context.console.print("  " + line) }
            }
        }
        if json {
            context.console.print(
                JSONOutput.object([
                    ("rules", .string(set.file)), ("cases", .int(cases.count)), ("failed", .int(failed)),
                    ("results", .array(results)),
                ]
                ).rendered())
        } else {
            context.console.print(
                "\(cases.count) case\(cases.count == 1 ? "" : "s"), \(failed) failed (rules \(set.file))")
        }
        return failed == 0 ? 0 : 1
    }
}
