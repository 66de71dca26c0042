/*
 * The machine's floor for ledgerport's store: the same rows, schema, pragmas and commit size as
 * `ledgerport import`, inserted by the plainest C program against libsqlite3. Nothing is parsed:
 * rows are generated in memory. Prints rows per second.
 *
 *   cc -O2 -o sqlite_floor sqlite_floor.c -lsqlite3
 *   ./sqlite_floor DB ROWS BATCH [scattered]
 *
 * With "scattered", the identity index is a random fingerprint alone (the layout DESIGN.md warns
 * against), for comparison.
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

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DB ROWS BATCH [scattered]\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    long rows = atol(argv[2]), batch = atol(argv[3]);
    int scattered = argc > 4 && strcmp(argv[4], "scattered") == 0;
    sqlite3 *db;
    check(sqlite3_open(path, &db), db, "open");
    check(sqlite3_exec(db, "PRAGMA foreign_keys=ON; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", 0, 0, 0), db, "pragmas");
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
    char day[11], description[64];
    for (long i = 0; i < rows; i++) {
        if (i % batch == 0) check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0), db, "begin");
        long d = i / 300;
        snprintf(day, sizeof day, "%04ld-%02ld-%02ld", 2020 + d / 336, 1 + d / 28 % 12, 1 + d % 28);
        snprintf(description, sizeof description, "Shop %ld purchase %ld", i % 977, i % 13);
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
        sqlite3_bind_int64(insert, 1, 1);
        sqlite3_bind_text(insert, 2, day, 10, SQLITE_TRANSIENT);
        sqlite3_bind_null(insert, 3);
        sqlite3_bind_int64(insert, 4, (i * 7919) % 100000 + 1);
        sqlite3_bind_text(insert, 5, i % 5 ? "debit" : "credit", -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 6, "EUR", 3, SQLITE_STATIC);
        sqlite3_bind_text(insert, 7, description, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 8, "", 0, SQLITE_STATIC);
        sqlite3_bind_text(insert, 9, "booked", 6, SQLITE_STATIC);
        sqlite3_bind_null(insert, 10);
        sqlite3_bind_int64(insert, 11, (int64_t)seed);
        sqlite3_bind_int64(insert, 12, 1);
        sqlite3_bind_null(insert, 13);
        sqlite3_bind_int64(insert, 14, 1);
        sqlite3_bind_int64(insert, 15, i + 2);
        sqlite3_bind_int64(insert, 16, 1);
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
