/// The schema's history: an append-only list of numbered, named steps.
///
/// Each step runs in its own transaction, and `PRAGMA user_version` records the last one applied.
/// A shipped step is never edited; a change to the schema is a new step at the end.
struct Migration {
    let version: Int
    let name: String
    let sql: String

    static let all: [Migration] = [
        Migration(version: 1, name: "accounts, imports, transactions", sql: accountsImportsTransactions),
        Migration(version: 2, name: "statement balances and checkpoints", sql: balancesAndCheckpoints),
        Migration(version: 3, name: "sync state", sql: syncState),
    ]

    /// Amounts are INTEGER minor units, positive, beside their direction; days are TEXT YYYY-MM-DD.
    ///
    /// Identity: `(account_id, day, fingerprint, discriminator)` is unique. For a record without an
    /// id of its own, `discriminator` is its occurrence number (1, 2, …) among identical records
    /// in the same source, so two genuine identical coffees are both kept and a re-import finds
    /// them. For a record with an external id, `discriminator` is a negative hash of that id, and
    /// `(account_id, external_id)` is unique on its own. The identity index leads with account and
    /// day so that a statement's rows land on neighbouring pages; it also serves every query by
    /// account and window.
    private static let accountsImportsTransactions = """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('asset', 'liability')),
            currency TEXT NOT NULL,
            institution TEXT,
            masked_number TEXT,
            created_at TEXT NOT NULL
        );
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            source_path TEXT NOT NULL,
            sha256 TEXT,
            adapter TEXT NOT NULL,
            mapping TEXT,
            read INTEGER NOT NULL DEFAULT 0,
            inserted INTEGER NOT NULL DEFAULT 0,
            duplicates INTEGER NOT NULL DEFAULT 0,
            batches INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'stopped')),
            failure TEXT
        );
        CREATE TABLE transactions (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts (id),
            day TEXT NOT NULL,
            transaction_day TEXT,
            amount INTEGER NOT NULL CHECK (amount >= 0),
            direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
            currency TEXT NOT NULL,
            description TEXT NOT NULL,
            memo TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL CHECK (status IN ('booked', 'pending')),
            external_id TEXT,
            fingerprint INTEGER NOT NULL,
            discriminator INTEGER NOT NULL,
            statement_balance INTEGER,
            import_id INTEGER REFERENCES imports (id),
            source_line INTEGER,
            source_column INTEGER
        );
        CREATE UNIQUE INDEX transactions_identity
            ON transactions (account_id, day, fingerprint, discriminator);
        CREATE UNIQUE INDEX transactions_external_id
            ON transactions (account_id, external_id) WHERE external_id IS NOT NULL;
        """

    /// Statement balances as sources state them, and the checkpoint history.
    private static let balancesAndCheckpoints = """
        CREATE TABLE statement_balances (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts (id),
            as_of TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('ledger', 'available', 'opening')),
            amount INTEGER NOT NULL,
            import_id INTEGER REFERENCES imports (id),
            UNIQUE (account_id, kind, as_of)
        );
        CREATE TABLE checkpoints (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts (id),
            as_of TEXT NOT NULL,
            expected INTEGER,
            actual INTEGER NOT NULL,
            discrepancy INTEGER,
            status TEXT NOT NULL CHECK (status IN ('reconciled', 'discrepancy', 'baseline')),
            source TEXT NOT NULL CHECK (source IN ('import', 'sync', 'manual', 'opening')),
            import_id INTEGER REFERENCES imports (id),
            created_at TEXT NOT NULL,
            UNIQUE (account_id, as_of)
        );
        """

    /// Per feed stream: the epoch, the last batch applied and its token.
    private static let syncState = """
        CREATE TABLE sync_state (
            stream TEXT PRIMARY KEY,
            epoch TEXT NOT NULL,
            last_seq INTEGER NOT NULL,
            last_token TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        """
}
