import CSVAdapter
import LedgerCore
import LedgerImport

/// `--option NAME=VALUE`: an adapter's own options on the command line (`import`, `inspect`,
/// `extract`), with `--mapping NAME|PATH` as the option `mapping`.
enum AdapterOptionArguments {
    /// The option's declaration; it may be given once per adapter option.
    static let spec: OptionSpec = {
        var spec = OptionSpec.value(
            "--option", "NAME=VALUE", "An option of the adapter's own (repeatable; `ledgerport adapters` lists them).")
        spec.repeats = true
        return spec
    }()

    /// The adapter options given, by name: each `--option NAME=VALUE`, and `--mapping X` as
    /// `mapping=X` when the command declares `--mapping`.
    ///
    /// - Throws: ``UsageError`` for a value without `=` or a name, a name given twice, or both
    ///   `--mapping` and `--option mapping=...`.
    static func settings(in arguments: ParsedArguments) throws(UsageError) -> AdapterSettings {
        var settings = AdapterSettings()
        for given in arguments.values(spec.name) {
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw UsageError(
                    "--option \(given) is not an option setting; expected NAME=VALUE, such as profile=main")
            }
            let name = String(given[..<equals])
            guard settings.values[name] == nil else { throw UsageError("--option \(name) is given twice") }
            settings.values[name] = String(given[given.index(after: equals)...])
        }
        if let mapping = arguments.value("--mapping") {
            guard settings.values[CSVFormat.mappingOption] == nil else {
                throw UsageError("--mapping and --option mapping=... both name a mapping; give one of them")
            }
            settings.values[CSVFormat.mappingOption] = mapping
            settings.isMappingFlag = true
        }
        return settings
    }

    /// Checks the settings given against the options the adapter declares, and for the CSV
    /// adapter, that a mapping named exists.
    ///
    /// - Parameters:
    ///   - settings: the options given.
    ///   - adapter: the adapter chosen (named with `--format` or detected).
    ///   - mappingDirectories: the folders CSV mappings are searched in by name.
    /// - Throws: ``UsageError`` (exit 2) naming an option the adapter doesn't have and listing the
    ///   ones it has, or a CSV mapping that doesn't exist.
    static func check(
        _ settings: AdapterSettings, for adapter: any SourceAdapter, mappingDirectories: [String]
    ) throws(UsageError) {
        let declared = adapter.options.map(\.name)
        for name in settings.values.keys.sorted() where !declared.contains(name) {
            let listed =
                adapter.options.isEmpty
                ? "it takes no options"
                : "its options are " + adapter.options.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            throw UsageError(
                "\(settings.spelling(of: name)): adapter \(adapter.id) has no option \(name); \(listed) "
                    + "(`ledgerport adapters --json` describes them)")
        }
        if adapter.id == CSVFormat.id {
            // `--option mapping-path=...` searches other folders than the default ones.
            let directories =
                settings.values[CSVFormat.mappingPathOption].map {
                    $0.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
                } ?? mappingDirectories
            try checkMapping(settings.values[CSVFormat.mappingOption], in: directories)
        } else if !settings.values.isEmpty, let format = FormatRegistry.formats.first(where: { $0.id == adapter.id }) {
            // A built-in adapter that refuses an option's value when it is made (QIF's
            // `date-order=ymd`) refuses it here, before any file is read: bad usage.
            do {
                _ = try format.init(options: AdapterOptions(settings: settings.values))
            } catch let error as any LocatedError {
                throw UsageError(error.message)
            } catch {
                throw UsageError("\(error)")
            }
        }
    }

    /// The adapter options given on top of the host's (the user's win).
    static func merged(_ settings: AdapterSettings, into options: AdapterOptions) -> AdapterOptions {
        var options = options
        options.settings.merge(settings.values) { _, given in given }
        return options
    }

    // MARK: - Private

    /// An unknown CSV mapping is bad usage (exit 2), before the file is read; a mapping file that
    /// exists but is invalid is bad data, reported by the import that reads it (exit 1).
    private static func checkMapping(_ mapping: String?, in directories: [String]) throws(UsageError) {
        guard let mapping, !mapping.isEmpty else { return }
        do {
            _ = try MappingCatalog(directories: directories).mapping(named: mapping)
        } catch {
            guard case .mappingNotFound = error.reason else { return }
            throw UsageError(error.message)
        }
    }
}

/// The adapter options given on the command line: `--option NAME=VALUE`, and `--mapping`.
struct AdapterSettings: Equatable {
    /// The values, by option name.
    var values: [String: String] = [:]
    /// Whether `mapping` came from `--mapping` rather than `--option mapping=...`.
    var isMappingFlag = false

    /// Whether no option was given.
    var isEmpty: Bool { values.isEmpty }

    /// How an option was given, for a message: `--mapping` or `--option NAME`.
    func spelling(of name: String) -> String {
        name == CSVFormat.mappingOption && isMappingFlag ? "--mapping" : "--option \(name)"
    }
}
