/*
 * The machine's floor for ledgerport's PostgreSQL door at a given batch size: the rows of a file in
 * COPY's text format (PostgresImportBench --write-copy writes the door's rows so, in the 16 columns
 * the importer sets), sent by the
 * plainest libpq client, BATCH rows a transaction: BEGIN and COPY in one round trip, the rows and
 * the copy's end in one more, COMMIT in a third. Nothing is looked up, no totals are written, no
 * identity is decided: the server only stores the rows, with the table's indexes and foreign keys.
 * Prints rows per second, timed from the first BEGIN to the last COMMIT (reading the file is not
 * timed).
 *
 *   cc -O2 -o pg_floor pg_floor.c -I/usr/include/postgresql -lpq
 *   ./pg_floor CONNINFO LEDGER FILE BATCH
 */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void expect(PGconn *connection, PGresult *result, ExecStatusType status, const char *what) {
    if (PQresultStatus(result) != status) {
        fprintf(stderr, "pg_floor: %s: %s", what, PQerrorMessage(connection));
        exit(1);
    }
    PQclear(result);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: pg_floor CONNINFO LEDGER FILE BATCH\n");
        return 2;
    }
    long batch = atol(argv[4]);
    FILE *file = fopen(argv[3], "rb");
    if (!file || batch <= 0) {
        fprintf(stderr, "pg_floor: can't read %s, or BATCH is not a positive number\n", argv[3]);
        return 2;
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *data = malloc(size + 1);
    if (!data || fread(data, 1, size, file) != (size_t)size) {
        fprintf(stderr, "pg_floor: can't read %s\n", argv[3]);
        return 2;
    }
    fclose(file);

    PGconn *connection = PQconnectdb(argv[1]);
    if (PQstatus(connection) != CONNECTION_OK) {
        fprintf(stderr, "pg_floor: %s", PQerrorMessage(connection));
        return 1;
    }
    char path[256];
    snprintf(path, sizeof path, "SET search_path TO \"%s\"", argv[2]);
    expect(connection, PQexec(connection, path), PGRES_COMMAND_OK, "search_path");
    const char *copy =
        "BEGIN; COPY transactions (account_id, day, transaction_day, amount, direction, currency, description, "
        "memo, status, external_id, fingerprint, discriminator, statement_balance, import_id, source_line, "
        "source_column) FROM STDIN";

    long rows = 0;
    double began = now();
    char *start = data, *end = data + size;
    while (start < end) {
        char *stop = start;
        for (long n = 0; n < batch && stop < end; n++) {
            char *newline = memchr(stop, '\n', end - stop);
            stop = newline ? newline + 1 : end;
            rows++;
        }
        expect(connection, PQexec(connection, copy), PGRES_COPY_IN, "BEGIN; COPY");
        if (PQputCopyData(connection, start, (int)(stop - start)) != 1 || PQputCopyEnd(connection, NULL) != 1) {
            fprintf(stderr, "pg_floor: sending rows: %s", PQerrorMessage(connection));
            return 1;
        }
        expect(connection, PQgetResult(connection), PGRES_COMMAND_OK, "COPY");
        PGresult *rest;
        while ((rest = PQgetResult(connection))) PQclear(rest);
        expect(connection, PQexec(connection, "COMMIT"), PGRES_COMMAND_OK, "COMMIT");
        start = stop;
    }
    double seconds = now() - began;
    printf("%ld rows in batches of %ld in %.2f s: %.0f rows/s\n", rows, batch, seconds, rows / seconds);
    PQfinish(connection);
    return 0;
}
