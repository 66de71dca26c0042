import Foundation
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerCLI

@Suite("--db and --ledger: choosing a SQLite file or a PostgreSQL ledger")
struct PostgresTargetTests {
    @Test("a postgresql:// URL names a server; its ?ledger= names the ledger and is not passed to libpq")
    func urlWithLedger() throws {
        let target = try LedgerTarget.resolve(
            option: "postgresql://books@db.example:5433/ledgers?ledger=smith&sslmode=disable", ledgerOption: nil,
            environment: [:])
        guard case .postgres(let connection, let ledger, let shown) = target else {
            Issue.record("not a server target: \(target)")
            return
        }
        #expect(connection == "postgresql://books@db.example:5433/ledgers?sslmode=disable")
        #expect(ledger == "smith")
        #expect(shown.contains("host=db.example"))
        #expect(shown.contains("dbname=ledgers"))
        #expect(target.shownName.hasSuffix(" ledger=smith"))
    }

    @Test("postgres:// is a server too, and without a ledger name the ledger is 'ledger'")
    func shortSchemeAndDefault() throws {
        let target = try LedgerTarget.resolve(option: "postgres://u@h/db", ledgerOption: nil, environment: [:])
        guard case .postgres(let connection, let ledger, _) = target else {
            Issue.record("not a server target: \(target)")
            return
        }
        #expect(connection == "postgres://u@h/db")
        #expect(ledger == LedgerTarget.defaultLedgerName)
        #expect(LedgerTarget.defaultLedgerName == "ledger")
    }

    @Test("LEDGERPORT_DB may hold a libpq key/value string; --ledger names the ledger")
    func keyValueString() throws {
        let target = try LedgerTarget.resolve(
            option: nil, ledgerOption: "clinic",
            environment: ["LEDGERPORT_DB": "host=/tmp/x dbname=ledgers", "LEDGERPORT_LEDGER": "other"])
        #expect(
            target
                == .postgres(
                    connection: "host=/tmp/x dbname=ledgers", ledger: "clinic", shown: "dbname=ledgers host=/tmp/x"))
        let fromEnvironment = try LedgerTarget.resolve(
            option: nil, ledgerOption: nil,
            environment: ["LEDGERPORT_DB": "host=/tmp/x dbname=ledgers", "LEDGERPORT_LEDGER": "other"])
        guard case .postgres(_, let ledger, _) = fromEnvironment else {
            Issue.record("not a server target: \(fromEnvironment)")
            return
        }
        #expect(ledger == "other")
    }

    @Test(
        "a path stays a SQLite file, even one with '=' in it",
        arguments: ["/tmp/ledger.sqlite", "books.sqlite", "a=b.sqlite", "./host=x", ":memory:"])
    func pathIsSQLite(path: String) throws {
        #expect(try LedgerTarget.resolve(option: path, ledgerOption: nil, environment: [:]) == .sqlite(path: path))
    }

    @Test("--ledger with a SQLite path is bad usage")
    func ledgerWithPath() throws {
        let cli = try CLIHarness()
        #expect(cli.run("--ledger", "books", "accounts") == 2)
        #expect(cli.errors.contains("--ledger books names a ledger on a PostgreSQL server"))
    }

    @Test("?ledger= and a different --ledger are bad usage")
    func twoLedgerNames() throws {
        let cli = try CLIHarness()
        #expect(cli.run("--db", "postgresql://u@h/db?ledger=a", "--ledger", "b", "migrate") == 2)
        #expect(cli.errors.contains("name different ledgers"))
    }

    @Test(
        "a password in the target is refused as bad usage, pointing to .pgpass, and never repeated",
        arguments: [
            ["--db", "postgresql://books:S3cretWord@localhost/ledgers"],
            ["--db", "postgres://books@localhost/ledgers?password=S3cretWord&ledger=x"],
            ["--db=host=/tmp dbname=ledgers password=S3cretWord"],
        ])
    func refusesPassword(arguments: [String]) throws {
        let cli = try CLIHarness()
        #expect(cli.run(arguments + ["migrate"]) == 2)
        #expect(cli.errors.contains("PGPASSFILE"))
        #expect(cli.errors.contains("~/.pgpass"))
        #expect(!cli.errors.contains("S3cretWord"))
        #expect(!cli.output.contains("S3cretWord"))
    }

    @Test("a password in LEDGERPORT_DB is refused too")
    func refusesPasswordInEnvironment() throws {
        let cli = try CLIHarness()
        cli.environment["LEDGERPORT_DB"] = "host=/tmp dbname=ledgers password=S3cretWord"
        #expect(cli.run("accounts") == 2)
        #expect(cli.errors.contains("~/.pgpass"))
        #expect(!cli.errors.contains("S3cretWord"))
    }

    @Test("a server that can't be reached is that error, naming the server, not a missing ledger")
    func unreachableServer() throws {
        let cli = try CLIHarness()
        #expect(cli.run("--db", "host=/tmp/ledgerport-no-server port=1 dbname=books user=u", "accounts") == 1)
        #expect(cli.errors.contains("PQconnectdb"))
        #expect(cli.errors.contains("dbname=books"))
        #expect(!cli.errors.contains("no ledger at"))
        // libpq's message comes in several lines; the command's error is one.
        #expect(cli.errors.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(cli.errors)")
        #expect(cli.errors.contains("; Is the server running"), "\(cli.errors)")
    }

    @Test("a command that opens no ledger runs whatever the target")
    func commandWithoutLedger() throws {
        let cli = try CLIHarness()
        #expect(cli.run("--db", "postgresql://u@localhost:1/none", "formats") == 0)
        #expect(cli.errors.isEmpty)
    }

    @Test("--help names --ledger among the global options, and migrate has help")
    func help() throws {
        let cli = try CLIHarness()
        #expect(cli.run("migrate", "--help") == 0)
        #expect(cli.output.contains("USAGE: ledgerport migrate [options]"))
        #expect(cli.output.contains("--ledger NAME"))
    }
}
