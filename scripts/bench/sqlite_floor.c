/*
 * The machine's floor for ledgerport's store: the same rows, schema, pragmas and commit size as
 * `ledgerport import`, inserted by the plainest C program against libsqlite3. Nothing is parsed:
 * rows are generated in memory. Prints rows per second.
 *
 *   cc -O2 -o sqlite_floor sqlite_floor.c -lsqlite3
 *   ./sqlite_floor DB ROWS BATCH [scattered | ledger]
 *
 * Without a mode, DB is created with the schema of 2026-11-29 (the transactions table of then, its
 * identity index, no triggers), the floor issue 22 was filed against. With "scattered", the
 * identity index is a random fingerprint alone (the layout DESIGN.md warns against), for
 * comparison. With "ledger", DB is a ledger ledgerport made (scripts/bench/import.sh imports one
 * row into account "Bench" to make it), so the schema is today's, whatever its migrations hold:
 * each row is inserted with the 25 columns the importer binds, and each commit also writes what an
 * import's batch writes beside its rows: the batch's per-day net (daily_totals), its sums by day
 * and direction (report_totals), the account's volume and the import's counts.
 */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void check(int code, sqlite3 *db, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* One generated row: 300 a day on 28-day months, one in five a credit. */
struct row {
    char day[11], description[64];
    sqlite3_int64 amount, fingerprint;
    int credit;
};

static void make_row(long i, uint64_t *seed, struct row *row) {
    long d = i / 300;
    snprintf(row->day, sizeof row->day, "%04ld-%02ld-%02ld", 2020 + d / 336, 1 + d / 28 % 12, 1 + d % 28);
    snprintf(row->description, sizeof row->description, "Shop %ld purchase %ld", i % 977, i % 13);
    *seed ^= *seed << 13; *seed ^= *seed >> 7; *seed ^= *seed << 17;
    row->fingerprint = (sqlite3_int64)*seed;
    row->amount = (i * 7919) % 100000 + 1;
    row->credit = i % 5 == 0;
}

/* Binds the 16 columns both schemas have, as the importer binds them. */
static void bind_row(sqlite3_stmt *insert, long i, const struct row *row, sqlite3_int64 account, const char *currency,
                     sqlite3_int64 import) {
    sqlite3_bind_int64(insert, 1, account);
    sqlite3_bind_text(insert, 2, row->day, 10, SQLITE_TRANSIENT);
    sqlite3_bind_null(insert, 3);
    sqlite3_bind_int64(insert, 4, row->amount);
    sqlite3_bind_text(insert, 5, row->credit ? "credit" : "debit", -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 6, currency, 3, SQLITE_STATIC);
    sqlite3_bind_text(insert, 7, row->description, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(insert, 8, "", 0, SQLITE_STATIC);
    sqlite3_bind_text(insert, 9, "booked", 6, SQLITE_STATIC);
    sqlite3_bind_null(insert, 10);
    sqlite3_bind_int64(insert, 11, row->fingerprint);
    sqlite3_bind_int64(insert, 12, 1);
    sqlite3_bind_null(insert, 13);
    sqlite3_bind_int64(insert, 14, import);
    sqlite3_bind_int64(insert, 15, i + 2);
    sqlite3_bind_int64(insert, 16, 1);
}

/* Today's schema, from a ledger ledgerport made: rows as the importer binds them, and each commit
 * with the batch's totals, the account's volume and the import's counts. */
static double ledger_floor(sqlite3 *db, long rows, long batch) {
    sqlite3_stmt *select, *insert, *daily, *report, *volume, *log;
    sqlite3_int64 account = 0, import = 0;
    check(sqlite3_prepare_v2(db, "SELECT (SELECT id FROM accounts WHERE name = 'Bench'), (SELECT max(id) FROM imports)",
                             -1, &select, 0), db, "prepare select");
    check(sqlite3_step(select), db, "select");
    account = sqlite3_column_int64(select, 0);
    import = sqlite3_column_int64(select, 1);
    sqlite3_finalize(select);
    if (account == 0 || import == 0) {
        fprintf(stderr, "ledger mode: the ledger holds no account named Bench or no import\n");
        exit(1);
    }
    check(sqlite3_prepare_v3(db,
        "INSERT INTO transactions (account_id, day, transaction_day, amount, direction, currency, description, memo,"
        " status, external_id, fingerprint, discriminator, statement_balance, import_id, source_line, source_column,"
        " payee, category, rule_ids, note, tags, counter_account, rule_set, source_category, source_payee)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        -1, SQLITE_PREPARE_PERSISTENT, &insert, 0), db, "prepare insert");
    check(sqlite3_prepare_v3(db,
        "INSERT INTO daily_totals (account_id, day, booked_net) VALUES (?, ?, ?)"
        " ON CONFLICT (account_id, day) DO UPDATE SET booked_net = booked_net + excluded.booked_net",
        -1, SQLITE_PREPARE_PERSISTENT, &daily, 0), db, "prepare daily");
    check(sqlite3_prepare_v3(db,
        "INSERT INTO report_totals (day, account_id, currency, direction, category, amount, rows)"
        " VALUES (?, ?, 'USD', ?, '', ?, ?) ON CONFLICT (day, account_id, currency, direction, category)"
        " DO UPDATE SET amount = amount + excluded.amount, rows = rows + excluded.rows",
        -1, SQLITE_PREPARE_PERSISTENT, &report, 0), db, "prepare report");
    check(sqlite3_prepare_v3(db,
        "UPDATE accounts SET volume = volume + ?, largest_balance = max(largest_balance, ?) WHERE id = ?",
        -1, SQLITE_PREPARE_PERSISTENT, &volume, 0), db, "prepare volume");
    check(sqlite3_prepare_v3(db,
        "UPDATE imports SET read = read + ?, inserted = inserted + ?, duplicates = duplicates + 0,"
        " batches = batches + 1 WHERE id = ?",
        -1, SQLITE_PREPARE_PERSISTENT, &log, 0), db, "prepare log");
    /* The batch's days, in order (the rows' days never go back): net, and sums by direction. */
    enum { MAX_DAYS = 4096 };
    static char days[MAX_DAYS][11];
    static sqlite3_int64 net[MAX_DAYS], sum[MAX_DAYS][2], count[MAX_DAYS][2];
    int day_count = 0;
    sqlite3_int64 batch_volume = 0, balance = 0, largest = 0;
    long in_batch = 0, inserted = 0;
    double start = now();
    uint64_t seed = 88172645463325252ull;
    for (long i = 0; i < rows; i++) {
        if (i % batch == 0) {
            check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0), db, "begin");
            day_count = 0;
            batch_volume = 0;
            in_batch = 0;
            inserted = 0;
        }
        struct row row;
        make_row(i, &seed, &row);
        sqlite3_int64 amount = row.amount;
        int credit = row.credit;
        bind_row(insert, i, &row, account, "USD", import);
        for (int column = 17; column <= 22; column++) sqlite3_bind_null(insert, column);
        sqlite3_bind_int64(insert, 23, 0);
        sqlite3_bind_null(insert, 24);
        sqlite3_bind_null(insert, 25);
        check(sqlite3_step(insert), db, "step");
        sqlite3_reset(insert);
        inserted += sqlite3_changes(db);
        in_batch++;
        if (day_count == 0 || strcmp(days[day_count - 1], row.day) != 0) {
            if (day_count == MAX_DAYS) { fprintf(stderr, "too many days in a batch\n"); exit(1); }
            memcpy(days[day_count], row.day, 11);
            net[day_count] = 0;
            sum[day_count][0] = sum[day_count][1] = count[day_count][0] = count[day_count][1] = 0;
            day_count++;
        }
        net[day_count - 1] += credit ? amount : -amount;
        sum[day_count - 1][credit] += amount;
        count[day_count - 1][credit] += 1;
        batch_volume += amount;
        balance += credit ? amount : -amount;
        if ((balance < 0 ? -balance : balance) > largest) largest = balance < 0 ? -balance : balance;
        if (i % batch == batch - 1 || i == rows - 1) {
            for (int k = 0; k < day_count; k++) {
                sqlite3_bind_int64(daily, 1, account);
                sqlite3_bind_text(daily, 2, days[k], 10, SQLITE_STATIC);
                sqlite3_bind_int64(daily, 3, net[k]);
                check(sqlite3_step(daily), db, "daily");
                sqlite3_reset(daily);
                for (int direction = 0; direction < 2; direction++) {
                    if (count[k][direction] == 0) continue;
                    sqlite3_bind_text(report, 1, days[k], 10, SQLITE_STATIC);
                    sqlite3_bind_int64(report, 2, account);
                    sqlite3_bind_text(report, 3, direction ? "credit" : "debit", -1, SQLITE_STATIC);
                    sqlite3_bind_int64(report, 4, sum[k][direction]);
                    sqlite3_bind_int64(report, 5, count[k][direction]);
                    check(sqlite3_step(report), db, "report");
                    sqlite3_reset(report);
                }
            }
            sqlite3_bind_int64(volume, 1, batch_volume);
            sqlite3_bind_int64(volume, 2, largest);
            sqlite3_bind_int64(volume, 3, account);
            check(sqlite3_step(volume), db, "volume");
            sqlite3_reset(volume);
            sqlite3_bind_int64(log, 1, in_batch);
            sqlite3_bind_int64(log, 2, inserted);
            sqlite3_bind_int64(log, 3, import);
            check(sqlite3_step(log), db, "log");
            sqlite3_reset(log);
            check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db, "commit");
        }
    }
    double seconds = now() - start;
    sqlite3_finalize(insert);
    sqlite3_finalize(daily);
    sqlite3_finalize(report);
    sqlite3_finalize(volume);
    sqlite3_finalize(log);
    return seconds;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DB ROWS BATCH [scattered | ledger]\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    long rows = atol(argv[2]), batch = atol(argv[3]);
    int scattered = argc > 4 && strcmp(argv[4], "scattered") == 0;
    int ledger = argc > 4 && strcmp(argv[4], "ledger") == 0;
    sqlite3 *db;
    check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | (ledger ? 0 : SQLITE_OPEN_CREATE), 0), db, "open");
    check(sqlite3_exec(db, "PRAGMA foreign_keys=ON; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", 0, 0, 0), db, "pragmas");
    if (ledger) {
        double seconds = ledger_floor(db, rows, batch);
        printf("%ld rows in %.2f s: %.0f rows/s (commits of %ld, today's ledger schema)\n", rows, seconds, rows / seconds,
               batch);
        sqlite3_close(db);
        return 0;
    }
    const char *schema =
        "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, currency TEXT NOT NULL,"
        " institution TEXT, masked_number TEXT, created_at TEXT NOT NULL);"
        "CREATE TABLE imports (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL);"
        "CREATE TABLE transactions (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts (id),"
        " day TEXT NOT NULL, transaction_day TEXT, amount INTEGER NOT NULL CHECK (amount >= 0),"
        " direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')), currency TEXT NOT NULL,"
        " description TEXT NOT NULL, memo TEXT NOT NULL DEFAULT '',"
        " status TEXT NOT NULL CHECK (status IN ('booked', 'pending')), external_id TEXT, fingerprint INTEGER NOT NULL,"
        " discriminator INTEGER NOT NULL, statement_balance INTEGER, import_id INTEGER REFERENCES imports (id),"
        " source_line INTEGER, source_column INTEGER);"
        "CREATE UNIQUE INDEX transactions_external_id ON transactions (account_id, external_id) WHERE external_id IS NOT NULL;"
        "INSERT INTO accounts VALUES (1, 'A', 'asset', 'EUR', NULL, NULL, '2024-01-01');"
        "INSERT INTO imports VALUES (1, '2024-01-01');";
    check(sqlite3_exec(db, schema, 0, 0, 0), db, "schema");
    check(sqlite3_exec(db, scattered
        ? "CREATE UNIQUE INDEX transactions_identity ON transactions (fingerprint, discriminator);"
        : "CREATE UNIQUE INDEX transactions_identity ON transactions (account_id, day, fingerprint, discriminator);",
        0, 0, 0), db, "index");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db,
        "INSERT INTO transactions (account_id, day, transaction_day, amount, direction, currency, description, memo, status,"
        " external_id, fingerprint, discriminator, statement_balance, import_id, source_line, source_column)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", -1, &insert, 0), db, "prepare");
    double start = now();
    uint64_t seed = 88172645463325252ull;
    for (long i = 0; i < rows; i++) {
        if (i % batch == 0) check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0), db, "begin");
        struct row row;
        make_row(i, &seed, &row);
        bind_row(insert, i, &row, 1, "EUR", 1);
        check(sqlite3_step(insert), db, "step");
        sqlite3_reset(insert);
        if (i % batch == batch - 1 || i == rows - 1) check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db, "commit");
    }
    double seconds = now() - start;
    printf("%ld rows in %.2f s: %.0f rows/s (commits of %ld%s)\n", rows, seconds, rows / seconds, batch,
           scattered ? ", scattered index" : "");
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return 0;
}
