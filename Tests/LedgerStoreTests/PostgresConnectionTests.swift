import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresConnection")
struct PostgresConnectionTests {
    @Test(
        "the shown target keeps the server and leaves the password out",
        arguments: [
            "postgresql://anna:s3cret-pw@db.example:5433/books?sslmode=disable",
            "host=db.example port=5433 user=anna password=s3cret-pw dbname=books",
            "host=db.example port=5433 user=anna password='s3cret-pw' dbname=books",
        ])
    func shownTargetHidesPassword(target: String) throws {
        let shown = try PostgresConnection.shownTarget(of: target)
        #expect(!shown.contains("s3cret"))
        #expect(!shown.contains("password"))
        #expect(shown.contains("host=db.example"))
        #expect(shown.contains("user=anna"))
        #expect(shown.contains("dbname=books"))
        #expect(shown.contains("port=5433"))
    }

    @Test("a connection string libpq can't read is refused without quoting it")
    func unreadableTarget() {
        #expect {
            try PostgresConnection.shownTarget(of: "host=x password=s3cret-pw dbname")
        } throws: { error in
            let text = "\(error)"
            return !text.contains("s3cret") && text.contains("connection string")
        }
    }

    @Test("a failed connection names the shown target, never the password")
    func failedConnection() throws {
        let target = "host=/nonexistent-ledgerport-dir user=anna password=s3cret-pw dbname=books connect_timeout=2"
        do {
            _ = try PostgresConnection(target)
            Issue.record("connected to a server that does not exist")
        } catch {
            #expect(!error.message.contains("s3cret"))
            #expect(!error.description.contains("s3cret"))
            #expect(error.message.contains("host=/nonexistent-ledgerport-dir"))
            #expect(error.location.file.contains("user=anna"))
            #expect(!error.location.file.contains("s3cret"))
        }
    }

    @Test("a connection's description shows the target without the password")
    func description() throws {
        let server = try postgresServer()
        let connection = try PostgresConnection(server.connectionString + " password=s3cret-pw")
        #expect(!connection.description.contains("s3cret"))
        #expect(connection.description.contains(server.folder))
        #expect(try integer(connection, "SELECT 1") == 1)
    }

    @Test("parameters go in as text and rows come back as text, NULL as nil")
    func parametersAndRows() throws {
        let connection = try postgresConnection()
        let result = try connection.query(
            "SELECT $1::bigint + 1 AS next, $2::text AS word, $3::text AS nothing",
            ["9223372036854775806", "é'\"", nil])
        #expect(result.columns == ["next", "word", "nothing"])
        let row = try #require(result.rows.first)
        #expect(try row.int(0) == Int64.max)
        #expect(try row.text(1) == "é'\"")
        #expect(try row.optionalText(2) == nil)
        #expect(throws: StoreError.self) { try row.text(2) }
        #expect(throws: StoreError.self) { try row.int(1) }
    }

    @Test("a failing statement reports the server's SQLSTATE and message, never its values")
    func serverError() throws {
        let connection = try postgresConnection()
        do {
            try connection.query("SELECT * FROM no_such_table WHERE name = $1", ["private-value"])
            Issue.record("the query did not fail")
        } catch {
            #expect(error.sqlState == .undefinedTable)
            #expect(error.message.contains("no_such_table"))
            #expect(error.message.contains("42P01"))
            #expect(!error.message.contains("private-value"))
            #expect(error.location.file == connection.shownTarget)
        }
    }

    @Test("a server message or detail over several lines is one line, as the command line shows errors")
    func multiLineDetail() throws {
        let connection = try postgresConnection()
        do {
            try connection.execute(
                "DO $$ BEGIN RAISE EXCEPTION 'deadlock-like' USING DETAIL = E'Process 1 waits.\\nProcess 2 waits.'; END $$"
            )
            Issue.record("the statement did not fail")
        } catch {
            #expect(error.message.contains("(Process 1 waits.; Process 2 waits.)"), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("a value holding NUL is refused rather than cut short")
    func nulRefused() throws {
        let connection = try postgresConnection()
        #expect(throws: StoreError.self) { try connection.query("SELECT $1::text", ["a\u{0}b"]) }
    }

    @Test("a transaction commits its body, and rolls back when the body throws")
    func transactions() throws {
        let connection = try postgresConnection()
        try connection.execute("CREATE TEMPORARY TABLE notes (n BIGINT)")
        try connection.inTransaction { () throws(StoreError) in
            try connection.query("INSERT INTO notes VALUES (1)")
        }
        #expect(throws: StoreError.self) {
            try connection.inTransaction { () throws(StoreError) in
                try connection.query("INSERT INTO notes VALUES (2)")
                try connection.query("INSERT INTO notes VALUES ('not a number')")
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try integer(connection, "SELECT count(*) FROM notes") == 1)
        #expect(try integer(connection, "SELECT sum(n) FROM notes") == 1)
    }

    @Test("a transaction begun with a query hands the body its rows, and a failing query leaves none open")
    func transactionReadingFirst() throws {
        let connection = try postgresConnection()
        try connection.execute("CREATE TEMPORARY TABLE notes (n BIGINT)")
        try connection.query("INSERT INTO notes VALUES (4), (5)")
        let sum = try connection.inTransaction(reading: "SELECT sum(n) FROM notes") {
            (rows: PostgresResult) throws(StoreError) -> Int64 in
            try connection.query("INSERT INTO notes VALUES (6)")
            return try rows.rows[0].int(0)
        }
        #expect(sum == 9)
        #expect(try integer(connection, "SELECT count(*) FROM notes") == 3)
        let error = #expect(throws: StoreError.self) {
            try connection.inTransaction(reading: "SELECT * FROM no_such_table") {
                (_: PostgresResult) throws(StoreError) in
                Issue.record("the body ran after a failed query")
            }
        }
        #expect(error?.sqlState == .undefinedTable)
        #expect(!connection.isInTransaction)
        #expect(try integer(connection, "SELECT count(*) FROM notes") == 3)
    }

    @Test("a connection the server dropped answers errors naming its target, not a crash")
    func droppedConnection() throws {
        let connection = try postgresConnection()
        let pid = try integer(connection, "SELECT pg_backend_pid()")
        let other = try postgresConnection()
        try connection.execute("BEGIN")
        try other.query("SELECT pg_terminate_backend($1::int)", [String(pid)])
        #expect(throws: StoreError.self) { try connection.query("SELECT 1") }
        do {
            try connection.inTransaction { () throws(StoreError) in try connection.query("SELECT 1") }
            Issue.record("a dropped connection ran a transaction")
        } catch {
            if case .postgres(let function, _, _, _, let target) = error.reason {
                #expect(function.hasPrefix("PQexec"))
                #expect(target == connection.shownTarget)
            } else {
                Issue.record("unexpected error: \(error)")
            }
        }
    }
}
