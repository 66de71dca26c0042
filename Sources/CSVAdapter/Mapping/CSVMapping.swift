import LedgerCore

/// A CSV dialect described as data: which columns hold what, how amounts and dates are written,
/// and what surrounds the rows. Read from a JSON file in `mappings/` (see `docs/mappings.md`).
///
/// Supporting a new bank means writing one of these files, never code.
public struct CSVMapping: Sendable {
    /// The mapping's name: its `"name"` key, else the file's name without `.json`.
    public var name: String
    /// One line about the bank and the export it reads.
    public var summary: String
    /// The file the mapping was read from (empty for a mapping built in code).
    public var path: String

    // MARK: - The file
    /// The declared encoding, or `nil` to detect it.
    var encoding: CSVEncoding?
    /// The declared delimiter, or `nil` to sniff it.
    var delimiter: UInt8?
    /// The quote byte; `nil` when fields are never quoted.
    var quote: UInt8? = UInt8(ascii: "\"")
    /// Whether the file has a header row (else columns are given by index).
    var hasHeader = true
    /// Lines to skip before looking for the header (or the first row).
    var skipLines = 0

    // MARK: - Matching
    /// Header names that identify the file for automatic mapping choice.
    var signature: [String] = []
    /// Headers the mapping must not read though its columns are there (`"match"` `"refuse"`).
    var refusals: [HeaderRefusal] = []

    // MARK: - Columns
    var date = DateField(column: .name("Date"), format: .auto)
    var transactionDate: DateField?
    var amount = AmountShape.signed(.name("Amount"))
    var description: [ColumnReference] = []
    var descriptionSeparator = " "
    var memo: [ColumnReference] = []
    var externalID: ColumnReference?
    var balance: ColumnReference?
    var currencyColumn: ColumnReference?
    var status: StatusRule?
    var accountColumn: ColumnReference?
    /// A fee column whose amount becomes a draft of its own (`"fee"`).
    var fee: FeeRule?

    // MARK: - Values
    var amountSyntax = AmountSyntax(decimalSeparator: UInt8(ascii: "."))
    /// Whether signs are reversed (card exports where purchases are positive).
    var invertSign = false
    /// The currency when no column gives one.
    var currency: Currency?
    /// The commodities the mapping declares (`"commodities": {"BTC": 8}`), beyond ISO 4217.
    var commodities = CommodityTable()

    // MARK: - The account
    var accountName: String?
    var accountKind = AccountKind.asset
    var institution: String?
    /// Whether each currency gets its own account, named `NAME CODE` (a PayPal-style wallet
    /// that holds several currencies, each with its own balance).
    var accountPerCurrency = false

    // MARK: - Around the rows
    var skipRules: [SkipRule] = []
    var footer = FooterRule()
    var statementLines: [StatementLineRule] = []

    // MARK: - Rules (docs/mappings.md, "Rules")
    /// Conditional rules, tried in order; the first whose conditions all hold wins.
    var rules: [RowRule] = []
    /// Fields set on every row (`"set"`), before a rule's own.
    var settings: FieldSettings?
    /// Columns whose value is pulled out of a decorated cell.
    var extractions: [CellExtraction] = []
    /// Whether rows need the rule steps at all (a mapping without them pays nothing per row).
    var hasRowRules: Bool { !rules.isEmpty || settings != nil || !extractions.isEmpty }

    /// Creates an empty mapping (columns `Date`, `Amount`, automatic dates); mostly for tests.
    init(name: String, path: String = "") {
        self.name = name
        self.summary = ""
        self.path = path
    }

    /// The header names this mapping needs present (its required named columns).
    var requiredColumnNames: [String] {
        var names: [String] = []
        func add(_ reference: ColumnReference?) {
            if case .name(let name)? = reference, !names.contains(where: { $0.lowercased() == name.lowercased() }) {
                names.append(name)
            }
        }
        add(date.column)
        add(transactionDate?.column)
        for reference in amount.columns { add(reference) }
        for reference in description { add(reference) }
        for reference in memo { add(reference) }
        add(externalID)
        add(balance)
        add(currencyColumn)
        add(status?.column)
        add(accountColumn)
        add(fee?.column)
        add(fee?.net)
        return names.filter { !optionalColumns.contains($0.lowercased()) }
    }

    /// Lower-cased names of columns that may be missing.
    var optionalColumns: Set<String> = []

    /// The names used to recognise a file: the declared signature, else the required columns.
    var matchingNames: [String] { signature.isEmpty ? requiredColumnNames : signature }
}
