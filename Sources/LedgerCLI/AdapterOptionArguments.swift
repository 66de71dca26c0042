import LedgerCore

/// `--option NAME=VALUE`: an adapter's own options on the command line (`import`, `inspect`).
enum AdapterOptionArguments {
    /// The option's declaration; it may be given once per adapter option.
    static let spec: OptionSpec = {
        var spec = OptionSpec.value(
            "--option", "NAME=VALUE", "An option of the adapter's own (repeatable; `ledgerport adapters` lists them).")
        spec.repeats = true
        return spec
    }()

    /// The adapter options given, by name.
    ///
    /// - Throws: ``UsageError`` for a value without `=` or a name, or a name given twice.
    static func settings(in arguments: ParsedArguments) throws(UsageError) -> [String: String] {
        var settings: [String: String] = [:]
        for given in arguments.values(spec.name) {
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw UsageError(
                    "--option \(given) is not an option setting; expected NAME=VALUE, such as profile=main")
            }
            let name = String(given[..<equals])
            guard settings[name] == nil else { throw UsageError("--option \(name) is given twice") }
            settings[name] = String(given[given.index(after: equals)...])
        }
        return settings
    }

    /// Checks the names given against the options the adapter declares.
    ///
    /// - Throws: ``UsageError`` (exit 2) naming an option the adapter doesn't have, and listing
    ///   the ones it has.
    static func check(_ settings: [String: String], for adapter: any SourceAdapter) throws(UsageError) {
        let declared = adapter.options.map(\.name)
        for name in settings.keys.sorted() where !declared.contains(name) {
            let listed =
                adapter.options.isEmpty
                ? "it takes no options"
                : "its options are " + adapter.options.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            throw UsageError(
                "--option \(name): adapter \(adapter.id) has no option \(name); \(listed) "
                    + "(`ledgerport adapters --json` describes them)")
        }
    }

    /// The adapter options given on top of the host's (the user's win).
    static func merged(_ settings: [String: String], into options: AdapterOptions) -> AdapterOptions {
        var options = options
        options.settings.merge(settings) { _, given in given }
        return options
    }
}
