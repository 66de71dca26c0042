import LedgerCore

/// ISO 20022 cash management: camt.053 statements, camt.052 intraday account reports and camt.054
/// debit and credit notifications, versions `.001.02` to `.001.13`, as European banks send them.
///
/// For each statement (`Stmt`), report (`Rpt`) or notification (`Ntfctn`) it emits the account
/// (named by the rule in ``CamtAccountIdentity``), one draft per booked (`BOOK`) or pending
/// (`PDNG`, `FUTR`) entry, or one per transaction of a batch whose transactions state amounts
/// that add up to it, then the balances: `OPBD` (else `PRCD`) as the opening balance, `CLBD` and
/// `ITBD` as ledger balances, `CLAV`, `FWAV`, `ITAV` and `OPAV` as available ones. `INFO` entries
/// are reported as skipped, with a count.
///
/// The document is read by the shared hardened XML reader (XMLStream), decoded by evidence like
/// OFX 2 (``XMLStream/XMLInputFilter``), streamed: no DOM is built. See `docs/formats/camt.md`.
public struct CamtFormat: FormatAdapter {
    /// `camt`, for `--format`.
    public static let id = "camt"
    /// The line `ledgerport formats` shows.
    public static let summary = "ISO 20022 camt.053/052/054 statements, intraday reports and notifications (XML)"
    /// What banks name these files.
    public static let fileExtensions = ["xml", "camt", "053", "052", "054"]

    private let options: AdapterOptions

    /// Prepares to read.
    ///
    /// - Parameter options: `account` replaces the derived account name when the file holds
    ///   statements of exactly one account.
    public init(options: AdapterOptions) throws {
        self.options = options
    }

    /// How sure this is camt: 100 with a camt.052/053/054 namespace in the head, 60 with one of
    /// their message elements, else 0 (an `.xml` name alone says nothing: OFX 2 is XML too).
    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        let found = { (word: String) in HeadSearch.contains(head, word, within: 8192) }
        for kind in ["052", "053", "054"] where found(CamtMessage.namespacePrefix + "camt.\(kind).001.") {
            return 100
        }
        for element in ["<BkToCstmrStmt", "<BkToCstmrAcctRpt", "<BkToCstmrDbtCdtNtfctn"] where found(element) {
            return 60
        }
        return 0
    }

    /// Reads the stream and emits accounts, drafts, balances, skipped entries and notices.
    ///
    /// - Throws: ``CamtError`` for bad input (with file, line and column), or what `emit` throws.
    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            let builder = CamtStatementBuilder(fileName: input.name, accountOverride: options.account, emit: emit)
            try CamtReader(builder: builder, fileName: input.name).read(input)
        }
    }
}
