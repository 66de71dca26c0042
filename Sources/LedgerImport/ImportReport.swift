import LedgerCore
import LedgerStore

/// What an import did: counts, how it ended, and the checkpoints it ran.
public struct ImportReport: Sendable {
    /// How the import ended.
    public enum Status: String, Sendable, Hashable {
        /// Every record was read and saved or found already stored.
        case complete
        /// A record or a batch failed; the batches before it were kept.
        case stopped
        /// `--dry-run`: everything was read and checked, nothing written.
        case dryRun = "dry-run"
    }

    /// The file as the user named it.
    public var file: String
    /// The adapter's id.
    public var format: String
    /// The mapping or dialect the adapter chose, if it says.
    public var mapping: String?
    public var status: Status
    /// Drafts read from the source.
    public var read = 0
    /// Rows newly stored.
    public var inserted = 0
    /// Rows already stored (same identity), skipped; in a dry run, those the ledger holds.
    public var duplicates = 0
    /// A dry run's records the ledger doesn't hold yet (all of them when there is no ledger).
    public var new = 0
    /// Rows skipped because `transactions delete` removed them (`import --restore-deleted` brings
    /// them back): neither new nor duplicates.
    public var deletedBefore = 0
    /// Stored pending rows that became booked rows of this import with the same source id
    /// (updated in place, neither new nor duplicates).
    public var booked = 0
    /// Batches committed.
    public var batches = 0
    /// Corrections the source sent (OFX `CORRECTACTION`), applied in order with the rows.
    public var corrections = 0
    /// Stored transactions the corrections deleted (0 for corrections of rows never imported or
    /// already withdrawn).
    public var withdrawn = 0
    /// What stopped the import, if anything.
    public var failure: ImportFailure?
    /// Checkpoints run against the source's statement balances.
    public var checkpoints: [Checkpoint] = []
    /// Earlier checkpoints, of later days, whose result changed because this import added rows to
    /// their windows (an older statement imported after a newer one).
    public var refreshed: [Checkpoint] = []
    /// Records the adapter read and deliberately did not import.
    public var skipped: [SkippedRecords] = []
    /// What the adapter read by a documented tolerance (rounded amounts, an empty balance, an
    /// encoding label contradicting the bytes).
    public var notices: [AdapterNotice] = []
    /// The import's row in the imports log (nil for a dry run).
    public var importID: Int64?
    /// The file's SHA-256.
    public var sha256: String?
    /// The accounts the source declared, by name.
    public var accounts: [String] = []

    /// Rows kept in the ledger: inserted plus those found already stored.
    public var kept: Int { inserted + duplicates }
}

/// The record that stopped an import.
public struct ImportFailure: Sendable, Hashable {
    /// The 1-based number of the record among the source's records that was being read when the
    /// import stopped; `nil` when no record was reached: the file could not be read at all
    /// (missing, unreadable, of no known format), its header or preamble stopped it, or the
    /// ledger failed.
    public var record: Int?
    /// Where it is.
    public var location: SourceLocation
    /// What was wrong, without the location.
    public var reason: String
    /// What the source left for the user to decide (its account, its currency), when that is
    /// what stopped it: bad usage rather than bad data.
    public var missingChoice: MissingChoice.Choice?
    /// Whether the ledger failed (damaged, locked, its disk) rather than the source.
    public var isLedgerFailure = false

    /// `FILE:LINE:COLUMN: error: REASON`.
    public var description: String { "\(location): error: \(reason)" }
}

/// How far an import has come, reported after each batch.
public struct ImportProgress: Sendable {
    public var read: Int
    public var inserted: Int
    public var duplicates: Int
    public var batches: Int
    /// Time since the import started.
    public var elapsed: Duration
}
