/// The schema's history: an append-only list of numbered, named steps.
///
/// Each step runs in its own transaction, and `PRAGMA user_version` records the last one applied.
/// A shipped step is never edited; a change to the schema is a new step at the end.
struct Migration {
    let version: Int
    let name: String
    let sql: String

    /// The step that adds the `commodities` table (a ledger migrated to an older step has none).
    static let declaredCommoditiesVersion = 12

    static let all: [Migration] = [
        Migration(version: 1, name: "accounts, imports, transactions", sql: accountsImportsTransactions),
        Migration(version: 2, name: "statement balances and checkpoints", sql: balancesAndCheckpoints),
        Migration(version: 3, name: "sync state", sql: syncState),
        Migration(version: 4, name: "daily booked totals", sql: dailyTotals),
        Migration(version: 5, name: "pending rows index", sql: pendingIndex),
        Migration(version: 6, name: "account source keys", sql: accountKeys),
        Migration(version: 7, name: "import processes", sql: importProcesses),
        Migration(version: 8, name: "account limits", sql: accountLimits),
        Migration(version: 9, name: "account names chosen by the user", sql: accountNamesChosen),
        Migration(version: 10, name: "undo and corrections", sql: undoAndCorrections),
        Migration(version: 11, name: "payees and adapter provenance", sql: payeesAndAdapterProvenance),
        Migration(version: 12, name: "declared commodities", sql: declaredCommodities),
        Migration(version: 13, name: "categories and split lines", sql: categoriesAndSplits),
        Migration(version: 14, name: "export marks", sql: exportMarks),
        Migration(version: 15, name: "rules and hand-set values", sql: rulesAndHandSetValues),
        Migration(version: 16, name: "transfers", sql: transfers),
        Migration(version: 17, name: "report totals", sql: reportTotals),
        Migration(version: 18, name: "recurring rules and charges", sql: recurringRulesAndCharges),
        Migration(
            version: 19, name: "transaction references checked per statement",
            sql: transactionReferencesPerStatement),
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

    /// The net of booked transactions per account and day, so that a checkpoint sums days rather
    /// than transactions: an account with a million rows checks in milliseconds.
    ///
    /// Updates and deletes keep it by trigger. Inserts keep it through `Ledger.addToDailyTotals`,
    /// called once per batch with the batch's totals (a per-row trigger cost imports 20 %): every
    /// insert into `transactions` must go through `Ledger.save` or call it.
    private static let dailyTotals = """
        CREATE TABLE daily_totals (
            account_id INTEGER NOT NULL,
            day TEXT NOT NULL,
            booked_net INTEGER NOT NULL,
            PRIMARY KEY (account_id, day)
        ) WITHOUT ROWID;
        INSERT INTO daily_totals (account_id, day, booked_net)
            SELECT account_id, day, sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END)
            FROM transactions WHERE status = 'booked' GROUP BY account_id, day;
        CREATE TRIGGER transactions_total_after_delete AFTER DELETE ON transactions
        WHEN OLD.status = 'booked'
        BEGIN
            UPDATE daily_totals
            SET booked_net = booked_net - CASE OLD.direction WHEN 'credit' THEN OLD.amount ELSE -OLD.amount END
            WHERE account_id = OLD.account_id AND day = OLD.day;
        END;
        CREATE TRIGGER transactions_total_after_update
        AFTER UPDATE OF account_id, day, amount, direction, status ON transactions
        BEGIN
            UPDATE daily_totals
            SET booked_net = booked_net - CASE OLD.direction WHEN 'credit' THEN OLD.amount ELSE -OLD.amount END
            WHERE OLD.status = 'booked' AND account_id = OLD.account_id AND day = OLD.day;
            INSERT INTO daily_totals (account_id, day, booked_net)
            SELECT NEW.account_id, NEW.day, CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END
            WHERE NEW.status = 'booked'
            ON CONFLICT (account_id, day) DO UPDATE SET booked_net = booked_net + excluded.booked_net;
        END;
        """

    /// Pending rows by account and day, so a checkpoint lists its window's pending rows without
    /// reading the booked ones. Partial: only pending rows pay for it on insert.
    private static let pendingIndex = """
        CREATE INDEX transactions_pending ON transactions (account_id, day) WHERE status = 'pending';
        """

    /// A source's own stable id for an account (a FinanceKit account id), unique when present.
    private static let accountKeys = """
        ALTER TABLE accounts ADD COLUMN source_key TEXT;
        CREATE UNIQUE INDEX accounts_source_key ON accounts (source_key) WHERE source_key IS NOT NULL;
        """

    /// The process that runs an import and its host, so that a row still `running` after its
    /// process has gone can be told apart from a run in progress.
    private static let importProcesses = """
        ALTER TABLE imports ADD COLUMN process_id INTEGER;
        ALTER TABLE imports ADD COLUMN host TEXT;
        """

    /// Per account, what the account limit needs (see `Ledger+Limits.swift`): `volume`, the sum of
    /// its rows' amounts, kept by the store for inserts (once per write) and by trigger for
    /// updates and deletes; `largest_balance`, the largest magnitude of a balance stated for it.
    ///
    /// The volume of rows stored before this step is summed exactly in two 32-bit halves (a plain
    /// `sum` would fail on the very accounts this step is for) and held at the limit when it is
    /// past it, so such an account takes no more rows; a balance of -2^63 counts as the limit too.
    private static let accountLimits = """
        ALTER TABLE accounts ADD COLUMN volume INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE accounts ADD COLUMN largest_balance INTEGER NOT NULL DEFAULT 0;
        UPDATE accounts SET volume = (
            SELECT CASE WHEN high >= 2147483648 OR high * 4294967296 > 9223372036854775807 - low
                THEN 9223372036854775807 ELSE high * 4294967296 + low END
            FROM (
                SELECT coalesce(sum(amount >> 32), 0) AS high, coalesce(sum(amount & 4294967295), 0) AS low
                FROM transactions WHERE account_id = accounts.id));
        UPDATE accounts SET largest_balance = (
            SELECT max(CASE WHEN amount = -9223372036854775808 THEN 9223372036854775807 ELSE abs(amount) END)
            FROM (
                SELECT amount FROM statement_balances WHERE account_id = accounts.id
                UNION ALL SELECT actual FROM checkpoints WHERE account_id = accounts.id
                UNION ALL SELECT statement_balance FROM transactions
                    WHERE account_id = accounts.id AND statement_balance IS NOT NULL
                UNION ALL SELECT 0));
        CREATE TRIGGER transactions_volume_after_delete AFTER DELETE ON transactions
        BEGIN
            UPDATE accounts SET volume = volume - OLD.amount WHERE id = OLD.account_id;
        END;
        CREATE TRIGGER transactions_volume_after_update AFTER UPDATE OF account_id, amount ON transactions
        BEGIN
            UPDATE accounts SET volume = volume - OLD.amount WHERE id = OLD.account_id;
            UPDATE accounts SET volume = volume + NEW.amount WHERE id = NEW.account_id;
        END;
        """

    /// Whether the person chose the account's name (`accounts rename`, or a merge into it that
    /// brought a source's link): a source-keyed account whose name nobody chose follows the name
    /// its source declares, however the data arrived (an import or a sync).
    private static let accountNamesChosen = """
        ALTER TABLE accounts ADD COLUMN named_by_user INTEGER NOT NULL DEFAULT 0;
        """

    /// What undo and corrections need.
    ///
    /// - `imports.undone_at`: when `imports undo` took the import back (the status column's CHECK
    ///   is migration 1's, so an undone import keeps its status and gains this instant).
    /// - `import_claims`: a row an import met as a duplicate of one already stored, noted so that
    ///   undoing the import that first brought it hands the row over instead of deleting it. Only
    ///   duplicates are noted, never new rows, in one B-tree with no second index: an undo (rare)
    ///   reads the table rather than every re-import paying for an index by import.
    /// - `transaction_tombstones`: the identity of a row `transactions delete` removed, so that a
    ///   re-import skips it (counted as deleted before) unless asked to restore it.
    private static let undoAndCorrections = """
        ALTER TABLE imports ADD COLUMN undone_at TEXT;
        CREATE TABLE import_claims (
            transaction_id INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
            import_id INTEGER NOT NULL REFERENCES imports (id),
            PRIMARY KEY (transaction_id, import_id)
        ) WITHOUT ROWID;
        CREATE TABLE transaction_tombstones (
            account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            fingerprint INTEGER NOT NULL,
            discriminator INTEGER NOT NULL,
            external_id TEXT,
            deleted_at TEXT NOT NULL,
            PRIMARY KEY (account_id, day, fingerprint, discriminator)
        ) WITHOUT ROWID;
        """

    /// What external adapters bring.
    ///
    /// - `transactions.payee`: the counterparty by name when the source gives one apart from the
    ///   description (NULL when it doesn't). Not part of a row's identity.
    /// - `imports.adapter_version`, `imports.adapter_sha256`: which build of the adapter read the
    ///   file (a built-in adapter has ledgerport's version and no digest); NULL for older imports.
    private static let payeesAndAdapterProvenance = """
        ALTER TABLE transactions ADD COLUMN payee TEXT;
        ALTER TABLE imports ADD COLUMN adapter_version TEXT;
        ALTER TABLE imports ADD COLUMN adapter_sha256 TEXT;
        """

    /// Units beyond ISO 4217 (`BTC` with 8 decimals), each with its minor digits; ISO codes are
    /// never stored here. `declared_by` is `user` (`ledgerport commodities add`) or `source` (a
    /// mapping or an adapter's option named it, registered with the write that first used it).
    private static let declaredCommodities = """
        CREATE TABLE commodities (
            code TEXT PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 12),
            minor_digits INTEGER NOT NULL CHECK (minor_digits BETWEEN 0 AND 12),
            declared_by TEXT NOT NULL CHECK (declared_by IN ('user', 'source')),
            declared_at TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    /// What a row files itself under.
    ///
    /// - `transactions.category`: the source's category as written (`Groceries`, `[Savings]` for a
    ///   transfer), NULL when it gives none. Not part of a row's identity.
    /// - `transaction_splits`: a split row's parts in source order (`position` from 1), in the
    ///   row's currency; their signed amounts add up to the row's. Deleted with their row.
    private static let categoriesAndSplits = """
        ALTER TABLE transactions ADD COLUMN category TEXT;
        CREATE TABLE transaction_splits (
            transaction_id INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            category TEXT,
            memo TEXT NOT NULL,
            amount INTEGER NOT NULL CHECK (amount >= 0),
            direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
            PRIMARY KEY (transaction_id, position)
        ) WITHOUT ROWID;
        """

    /// Where each named export (`export --since-last NAME`) stopped: the largest transaction and
    /// checkpoint ids it wrote, and the journal accounts it opened (beancount `open`, one a line).
    ///
    /// Row ids are SQLite rowids, which a new row may reuse after the largest one is deleted; the
    /// triggers lower a mark to the largest id left, so a row stored after a delete is always
    /// above every mark and is exported next time.
    ///
    /// `transactions_listing` holds an account's rows in the order listings and exports read them
    /// (day, then the order they were stored), so that reading a million rows sorts none: without
    /// it SQLite sorted each day's rows by id, about half of the query's time.
    private static let exportMarks = """
        CREATE INDEX transactions_listing ON transactions (account_id, day, id);
        CREATE TABLE export_marks (
            name TEXT PRIMARY KEY,
            format TEXT NOT NULL,
            last_transaction_id INTEGER NOT NULL,
            last_checkpoint_id INTEGER NOT NULL,
            opened_accounts TEXT NOT NULL DEFAULT '',
            exported_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TRIGGER export_marks_after_transaction_delete AFTER DELETE ON transactions
        BEGIN
            UPDATE export_marks SET last_transaction_id = (SELECT coalesce(max(id), 0) FROM transactions)
            WHERE last_transaction_id >= OLD.id;
        END;
        CREATE TRIGGER export_marks_after_checkpoint_delete AFTER DELETE ON checkpoints
        BEGIN
            UPDATE export_marks SET last_checkpoint_id = (SELECT coalesce(max(id), 0) FROM checkpoints)
            WHERE last_checkpoint_id >= OLD.id;
        END;
        """

    /// What rules and hand edits set on a row (`docs/rules.md`).
    ///
    /// - `rule_ids`: the ids of the rules that fired for the row, in file order, joined by `,`
    ///   (rule ids hold no comma); NULL when none did.
    /// - `note`, `tags` (joined by one space; tags hold no space), `counter_account`: values only
    ///   rules and hand edits set.
    /// - `rule_set`, `hand_set`: which of category 1, payee 2, note 4, tags 8, counter account 16
    ///   a rule set, and which a person set by hand (`transactions edit`): `rules apply` never
    ///   changes a hand-set value.
    /// - `source_category`, `source_payee`: the source's own category and payee while a rule or a
    ///   person replaces them (their bit set in `rule_set | hand_set`), so that rules match the
    ///   source's payee and a rule that stops matching gives the source's value back.
    ///
    /// Every column is added with a constant default: no stored row is rewritten.
    private static let rulesAndHandSetValues = """
        ALTER TABLE transactions ADD COLUMN rule_ids TEXT;
        ALTER TABLE transactions ADD COLUMN note TEXT;
        ALTER TABLE transactions ADD COLUMN tags TEXT;
        ALTER TABLE transactions ADD COLUMN counter_account TEXT;
        ALTER TABLE transactions ADD COLUMN rule_set INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE transactions ADD COLUMN hand_set INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE transactions ADD COLUMN source_category TEXT;
        ALTER TABLE transactions ADD COLUMN source_payee TEXT;
        """

    /// Transfers between two of the person's accounts (`docs/transfers.md`): money out of one row
    /// and into another, counted once by exports and reports.
    ///
    /// - `transfers`: one matched pair. `out_id` is the debit row, `in_id` the credit row; each
    ///   row belongs to at most one pair. `state` is `matched` when ledgerport paired the rows and
    ///   `confirmed` when the person did or agreed. A row is a transfer exactly when its id is an
    ///   `out_id` or an `in_id` here. Deleting either row deletes the pair.
    /// - `transfer_refusals`: pairs the person split apart; matching never pairs them again.
    private static let transfers = """
        CREATE TABLE transfers (
            id INTEGER PRIMARY KEY,
            out_id INTEGER NOT NULL UNIQUE REFERENCES transactions (id) ON DELETE CASCADE,
            in_id INTEGER NOT NULL UNIQUE REFERENCES transactions (id) ON DELETE CASCADE,
            state TEXT NOT NULL CHECK (state IN ('matched', 'confirmed')),
            CHECK (out_id <> in_id)
        );
        CREATE TABLE transfer_refusals (
            out_id INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
            in_id INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
            PRIMARY KEY (out_id, in_id)
        ) WITHOUT ROWID;
        CREATE INDEX transfer_refusals_in ON transfer_refusals (in_id);
        """

    /// What reports sum (`docs/reports.md`): the booked rows' amounts and counts per day, account,
    /// currency, direction and category (`''` for a row with none), so that a report over a million
    /// rows reads days rather than rows. Transfers are in it: a report takes them off from the
    /// `transfers` table, so pairing rows never touches it.
    ///
    /// Like `daily_totals`, inserts keep it through `Ledger.addToDailyTotals`, once per batch;
    /// updates and deletes keep it by trigger. The update trigger fires only when a column it sums
    /// by changed, so `rules apply` pays only for the categories it moves. A key whose rows all
    /// went keeps a row of zeros; reports and `ledger check` skip those.
    private static let reportTotals = """
        CREATE TABLE report_totals (
            day TEXT NOT NULL,
            account_id INTEGER NOT NULL,
            currency TEXT NOT NULL,
            direction TEXT NOT NULL,
            category TEXT NOT NULL,
            amount INTEGER NOT NULL,
            rows INTEGER NOT NULL,
            PRIMARY KEY (day, account_id, currency, direction, category)
        ) WITHOUT ROWID;
        INSERT INTO report_totals (day, account_id, currency, direction, category, amount, rows)
            SELECT day, account_id, currency, direction, coalesce(category, ''), sum(amount), count(*)
            FROM transactions WHERE status = 'booked'
            GROUP BY day, account_id, currency, direction, coalesce(category, '');
        CREATE TRIGGER transactions_report_after_delete AFTER DELETE ON transactions
        WHEN OLD.status = 'booked'
        BEGIN
            UPDATE report_totals SET amount = amount - OLD.amount, rows = rows - 1
            WHERE day = OLD.day AND account_id = OLD.account_id AND currency = OLD.currency
                AND direction = OLD.direction AND category = coalesce(OLD.category, '');
        END;
        CREATE TRIGGER transactions_report_after_update
        AFTER UPDATE OF account_id, day, amount, direction, currency, status, category ON transactions
        WHEN (OLD.status = 'booked' OR NEW.status = 'booked') AND (
            OLD.status IS NOT NEW.status OR OLD.account_id IS NOT NEW.account_id OR OLD.day IS NOT NEW.day
            OR OLD.amount IS NOT NEW.amount OR OLD.direction IS NOT NEW.direction
            OR OLD.currency IS NOT NEW.currency OR OLD.category IS NOT NEW.category)
        BEGIN
            UPDATE report_totals SET amount = amount - OLD.amount, rows = rows - 1
            WHERE OLD.status = 'booked' AND day = OLD.day AND account_id = OLD.account_id
                AND currency = OLD.currency AND direction = OLD.direction
                AND category = coalesce(OLD.category, '');
            INSERT INTO report_totals (day, account_id, currency, direction, category, amount, rows)
            SELECT NEW.day, NEW.account_id, NEW.currency, NEW.direction, coalesce(NEW.category, ''), NEW.amount, 1
            WHERE NEW.status = 'booked'
            ON CONFLICT (day, account_id, currency, direction, category)
            DO UPDATE SET amount = amount + excluded.amount, rows = rows + 1;
        END;
        """

    /// Recurring rules and the charges they wrote (`docs/recurring.md`).
    ///
    /// - `recurring_rules`: one rule: its account, price (positive minor units and direction),
    ///   rhythm (`unit`, `interval` from `first_day`, up to `until_day`), category, how it settles
    ///   (`book`: charges are booked rows; `import`: charges wait as scheduled until a bank row
    ///   settles them, with `tolerance` minor units and `window_days` either side of the due day),
    ///   and its **mark**: the last day a catch-up covered. A trigger refuses a mark that moves
    ///   backwards; the mark is written in the same transaction as the charges it covers.
    /// - `recurring_charges`: one charge a day per rule (unique), with the price, label and
    ///   category it was written with. `booked`: `transaction_id` is the row it booked; `scheduled`:
    ///   no row yet, never counted in balances; `settled`: `transaction_id` is the imported row that
    ///   settled it. A row is linked to at most one charge. Deleting the row keeps the charge, so
    ///   its day is never billed again.
    private static let recurringRulesAndCharges = """
        CREATE TABLE recurring_rules (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            account_id INTEGER NOT NULL REFERENCES accounts (id),
            amount INTEGER NOT NULL CHECK (amount > 0),
            direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
            unit TEXT NOT NULL CHECK (unit IN ('day', 'week', 'month', 'year')),
            interval INTEGER NOT NULL CHECK (interval >= 1),
            first_day TEXT NOT NULL,
            until_day TEXT,
            category TEXT,
            settle TEXT NOT NULL CHECK (settle IN ('book', 'import')),
            tolerance INTEGER NOT NULL DEFAULT 0 CHECK (tolerance >= 0),
            window_days INTEGER NOT NULL DEFAULT 5 CHECK (window_days >= 0),
            mark_day TEXT,
            stopped_on TEXT,
            created_at TEXT NOT NULL
        );
        CREATE TRIGGER recurring_mark_moves_forward BEFORE UPDATE OF mark_day ON recurring_rules
        WHEN OLD.mark_day IS NOT NULL AND (NEW.mark_day IS NULL OR NEW.mark_day < OLD.mark_day)
        BEGIN
            SELECT RAISE(ABORT, 'a recurring rule''s mark only moves forward');
        END;
        CREATE TABLE recurring_charges (
            id INTEGER PRIMARY KEY,
            rule_id INTEGER NOT NULL REFERENCES recurring_rules (id) ON DELETE CASCADE,
            due_day TEXT NOT NULL,
            amount INTEGER NOT NULL CHECK (amount > 0),
            direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
            currency TEXT NOT NULL,
            label TEXT NOT NULL,
            category TEXT,
            state TEXT NOT NULL CHECK (state IN ('booked', 'scheduled', 'settled')),
            transaction_id INTEGER UNIQUE REFERENCES transactions (id) ON DELETE SET NULL,
            UNIQUE (rule_id, due_day)
        );
        """

    /// Nothing changes on SQLite. PostgreSQL's step 19 replaces the per-row foreign key checks of
    /// `transactions` with per-statement triggers (an executor started per row cost its import
    /// door a third of its time); SQLite's foreign key check is a b-tree probe per row in the
    /// same statement, already as cheap as a check can be. The step is here so that both stores
    /// keep one numbered history.
    private static let transactionReferencesPerStatement = ""
}
