import LedgerCore

extension AdapterOptions {
    /// Options for the CSV adapter: `mapping` and `mapping-path` in ``settings``.
    public init(
        account: String? = nil, mapping: String?, mappingDirectories: [String] = [], fileName: String = "",
        currency: Currency? = nil, accountCurrency: Currency? = nil, namesAccountAfterFile: Bool = true
    ) {
        self.init(
            account: account, settings: [:], fileName: fileName, currency: currency, accountCurrency: accountCurrency,
            namesAccountAfterFile: namesAccountAfterFile)
        self.mapping = mapping
        self.mappingDirectories = mappingDirectories
    }

    /// Options for the CSV adapter with no mapping named, searching these folders.
    public init(
        account: String? = nil, mappingDirectories: [String], fileName: String = "", currency: Currency? = nil,
        accountCurrency: Currency? = nil, namesAccountAfterFile: Bool = true
    ) {
        self.init(
            account: account, mapping: nil, mappingDirectories: mappingDirectories, fileName: fileName,
            currency: currency, accountCurrency: accountCurrency, namesAccountAfterFile: namesAccountAfterFile)
    }

    /// The CSV mapping named (`mapping`), if any: a name or a path.
    public var mapping: String? {
        get { settings[CSVFormat.mappingOption].flatMap { $0.isEmpty ? nil : $0 } }
        set { settings[CSVFormat.mappingOption] = newValue }
    }

    /// The folders searched for CSV mappings by name (`mapping-path`, colon-separated).
    public var mappingDirectories: [String] {
        get {
            (settings[CSVFormat.mappingPathOption] ?? "").split(separator: ":", omittingEmptySubsequences: true)
                .map(String.init)
        }
        set { settings[CSVFormat.mappingPathOption] = newValue.isEmpty ? nil : newValue.joined(separator: ":") }
    }
}
