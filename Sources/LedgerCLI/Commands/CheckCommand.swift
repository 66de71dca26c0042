import Foundation
import LedgerCore
import LedgerStore

/// `ledgerport check`: is the ledger file sound, and do its own invariants hold?
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check the ledger file for damage and its invariants; say how to recover."
    static let discussion = """
        Runs SQLite's integrity_check, then the ledger's own invariants: daily totals equal the booked
        rows, every checkpoint recomputes from the rows and the one before, no transaction is stored
        twice, amounts are positive and readable, every row is in its account's currency, and every
        account's sums fit in 64 bits. Exits 0 when all hold, 1 when the ledger is damaged (with how
        to recover) or can't be read. It writes nothing (an older ledger is upgraded on opening, as by
        every command). On a PostgreSQL ledger, the server's amcheck checks the ledger's indexes in
        place of integrity_check, when the database has it; else that line says "not checked".
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the result as JSON.")]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("check takes no arguments") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let path = context.databasePath
        guard try context.checkHasLedger() else { throw RuntimeError("no ledger at \(path): nothing to check") }
        let result = try context.checkedStore().check()
        if json {
            let items = result.items.map { item -> JSONOutput in
                .object(
                    [
                        ("name", .string(item.name)), ("checks", .string(item.summary)),
                        ("passed", item.notChecked == nil ? .bool(item.passed) : .null),
                        ("findings", .array(item.findings.map(JSONOutput.string))),
                    ] + (item.notChecked.map { [("notChecked", JSONOutput.string($0))] } ?? []))
            }
            context.console.print(
                JSONOutput.object([
                    ("ledger", .string(result.path)), ("sound", .bool(result.isSound)), ("checks", .array(items)),
                    ("recovery", result.isSound ? .null : .string(result.recovery)),
                ]).rendered())
        } else {
            var table = Table([("CHECK", .left), ("RESULT", .left), ("WHAT IT CHECKS", .left)])
            for item in result.items {
                let outcome =
                    item.notChecked != nil ? "not checked" : item.passed ? "ok" : "FAILED (\(item.findings.count))"
                table.append([item.name, outcome, item.summary])
            }
            context.console.print(table.rendered())
            for item in result.items {
                guard let reason = item.notChecked else { continue }
                context.console.print("")
                context.console.print("\(item.name): not checked: \(reason)")
            }
            for item in result.items where !item.passed {
                context.console.print("")
                context.console.print("\(item.name):")
                for finding in item.findings.prefix(20) { context.console.print("  " + finding) }
                if item.findings.count > 20 { context.console.print("  … and \(item.findings.count - 20) more") }
            }
            if !result.isSound {
                context.console.print("")
                context.console.print("The ledger \(result.path) is damaged. " + result.recovery + ".")
            }
        }
        if !result.isSound { context.console.error("\(result.path): error: the ledger is damaged (see above)") }
        return result.isSound ? 0 : 1
    }
}
