import Foundation
import LedgerCore
import LedgerStore

extension CommandContext {
    /// The default rules file: `$XDG_CONFIG_HOME/ledgerport/rules.json`, else
    /// `$HOME/.config/ledgerport/rules.json`; `nil` when neither variable is an absolute path.
    var defaultRulesPath: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("ledgerport/rules.json").path
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".config/ledgerport/rules.json").path
        }
        return nil
    }

    /// Reads the rules file: `path` (`--rules`), else the default one.
    ///
    /// - Parameter required: whether a missing file is an error (`--rules` given, or a `rules`
    ///   command); else a missing default file means no rules.
    /// - Returns: the rules, or `nil` when there is no file and none is required.
    /// - Throws: ``RuntimeError`` listing every problem of a bad file (`rules.json:12:7: error: …`),
    ///   or naming the missing file.
    func ruleSet(path: String?, required: Bool) throws -> RuleSet? {
        guard let file = path ?? defaultRulesPath else {
            if required { throw RuntimeError("no rules file: set XDG_CONFIG_HOME or HOME, or pass --rules PATH") }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            if !required && !FileManager.default.fileExists(atPath: file) { return nil }
            let exists = FileManager.default.fileExists(atPath: file)
            throw RuntimeError(
                "\(file): error: "
                    + (exists
                        ? "the rules file can't be read"
                        : "no rules file here; write one (docs/rules.md) or pass --rules PATH"))
        }
        let problems = RuleSet.problems(json: Array(data), path: file)
        guard problems.isEmpty else {
            // One diagnostic per line, each with the program's prefix.
            throw RuntimeError(problems.map(\.description).joined(separator: "\nledgerport: "))
        }
        return try RuleSet(json: Array(data), path: file)
    }

    /// The ledger `rules apply` and `rules explain` work on, whichever store holds it (it must
    /// exist: the same refusal as ``importStore(creatingIfMissing:)``'s).
    func ruleStore() throws -> any RuleStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }
}
