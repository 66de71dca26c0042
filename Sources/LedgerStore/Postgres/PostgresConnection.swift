import CLibPQ
import Foundation
import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection to one PostgreSQL server: the small wrapper every PostgreSQL query in LedgerStore
/// goes through.
///
/// Each libpq call is wrapped once, here, through ``LibPQ`` (libpq is loaded on first use, not
/// linked); its result is checked where it returns, cleared with `PQclear` before the call
/// returns, and a failure becomes a ``StoreError`` with the server's SQLSTATE and message, located
/// at ``shownTarget``. A password never appears in an error or a description: libpq reads it from
/// the connection string, `PGPASSFILE` or `~/.pgpass` itself. A connection is used from one thread
/// at a time.
public final class PostgresConnection: CustomStringConvertible {
    /// The server and database as errors and logs show them: the connection string's settings
    /// without the password (`user=ledger host=db.example dbname=books`).
    public let shownTarget: String
    private let handle: OpaquePointer
    /// The libpq this connection calls: the process's (``LibPQ/shared()``), or one a test opened.
    private let libpq: LibPQ
    /// The password given in the connection string, if any, kept only to scrub it from messages
    /// a server or libpq might echo.
    private let password: String?
    /// How many statements (or `;`-separated scripts) this connection has sent: each one a round
    /// trip to the server (tests check that a batch takes a few).
    private(set) var roundTrips = 0
    /// The statements ``queryPrepared(_:_:)`` has prepared on this connection: SQL text → name.
    private var preparedNames: [String: String] = [:]
    /// The connection string this connection was opened with, kept to open another one like it
    /// (``sibling()``); never shown.
    private let target: String
    /// The statement ``send(_:)`` sent whose answer is still to be read (``finishSent()``).
    private(set) var sentSQL: String?

    /// Opens a connection, loading libpq first when this is the process's first. Calls
    /// `PQconnectdb`.
    ///
    /// - Parameter target: a libpq URL (`postgresql://user@host/db?sslmode=require`) or a
    ///   key/value string (`host=/run/postgresql dbname=books`).
    /// - Throws: ``StoreError`` when libpq can't be loaded (it names the library and what to
    ///   install), the string can't be read or the server can't be reached or refuses the login;
    ///   the error names the shown target, never the password.
    public convenience init(_ target: String) throws(StoreError) {
        try self.init(target, libpq: LibPQ.shared())
    }

    /// Opens a connection through `libpq`. Calls `PQconnectdb`.
    ///
    /// - Throws: as ``init(_:)``.
    init(_ target: String, libpq: LibPQ) throws(StoreError) {
        let settings = try Self.settings(of: target, libpq: libpq)
        self.libpq = libpq
        self.target = target
        shownTarget = Self.shown(settings)
        password = settings.first { $0.key == "password" }?.value
        guard let opened = libpq.connectdb(target) else {
            throw StoreError(
                .postgres(
                    function: "PQconnectdb", sqlState: nil, message: "out of memory", sql: nil, target: shownTarget),
                at: .file(shownTarget))
        }
        guard libpq.status(opened) == CONNECTION_OK else {
            let message = Self.scrub(Self.text(libpq.errorMessage(opened)), password: password)
            libpq.finish(opened)
            throw StoreError(
                .postgres(function: "PQconnectdb", sqlState: nil, message: message, sql: nil, target: shownTarget),
                at: .file(shownTarget))
        }
        handle = opened
        // Notices ("schema already exists, skipping") would go to stderr; the store says what matters itself.
        _ = libpq.setNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit {
        libpq.finish(handle)
    }

    public var description: String { "PostgreSQL \(shownTarget)" }

    /// Opens another connection to the same server and database, as the same user.
    ///
    /// - Throws: ``StoreError`` as ``init(_:)`` does.
    func sibling() throws(StoreError) -> PostgresConnection {
        try PostgresConnection(target, libpq: libpq)
    }

    /// Whether the connection still stands: `false` once the server closed it or it broke, when
    /// every later call fails the same way. Calls `PQstatus`.
    var isOpen: Bool { libpq.status(handle) == CONNECTION_OK }

    /// The shown form of a connection string, as ``shownTarget`` would be, without connecting.
    /// Calls `PQconninfoParse`.
    ///
    /// - Throws: ``StoreError`` when libpq can't read the string (its own message is left out: it
    ///   may quote the string, password and all).
    public static func shownTarget(of target: String) throws(StoreError) -> String {
        shown(try settings(of: target, libpq: LibPQ.shared()))
    }

    /// Whether a connection string carries a password (`postgresql://user:secret@host`,
    /// `?password=`, `password=`), without connecting. Calls `PQconninfoParse`.
    ///
    /// - Throws: ``StoreError`` when libpq can't read the string (its message left out, as in
    ///   ``shownTarget(of:)``).
    public static func hasPassword(_ target: String) throws(StoreError) -> Bool {
        try settings(of: target, libpq: LibPQ.shared()).contains { $0.key == "password" }
    }

    /// Loads libpq, PostgreSQL's client library, unless it is loaded: a command whose ledger is on
    /// a server calls this first, so that a missing library is reported as such. Every other
    /// call here loads it too. Calls `dlopen`, `dlsym`.
    ///
    /// - Throws: ``StoreError`` naming the library, `dlerror`'s reason and the package to install
    ///   (Debian: `libpq5`), when it can't be opened or lacks a function.
    public static func loadLibrary() throws(StoreError) {
        _ = try LibPQ.shared()
    }

    // MARK: - Running SQL

    /// Runs SQL with no parameters; several statements separated by `;` are allowed. Calls `PQexec`.
    ///
    /// - Throws: ``StoreError`` with the server's SQLSTATE and message and the SQL (never values).
    public func execute(_ sql: String) throws(StoreError) {
        roundTrips += 1
        let result = libpq.exec(handle, sql)
        defer { libpq.clear(result) }
        try check(result, function: "PQexec", sql: sql)
    }

    /// Sends SQL with no parameters and returns without waiting for its answer: the server runs it
    /// while the caller does other work. ``finishSent()`` reads the answer; nothing else may be sent
    /// on the connection before. Calls `PQsendQuery`.
    ///
    /// - Throws: ``StoreError`` when it could not be sent.
    func send(_ sql: String) throws(StoreError) {
        roundTrips += 1
        guard libpq.sendQuery(handle, sql) == 1 else {
            throw error("PQsendQuery", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        sentSQL = sql
    }

    /// Waits for the answer of the SQL ``send(_:)`` sent, if any, and reads it. Calls
    /// `PQgetResult`.
    ///
    /// - Throws: ``StoreError`` with the server's SQLSTATE and message when it failed.
    func finishSent() throws(StoreError) {
        guard let sql = sentSQL else { return }
        sentSQL = nil
        var failure: StoreError?
        while let result = libpq.getResult(handle) {
            defer { libpq.clear(result) }
            guard failure == nil else { continue }
            do {
                try check(result, function: "PQsendQuery", sql: sql)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Runs one statement with text parameters (`$1`, `$2`, …; `nil` is SQL NULL) and reads every
    /// row it returns. Calls `PQexecParams`.
    ///
    /// - Returns: the rows (values as text, `nil` for NULL) and how many rows the statement
    ///   inserted, updated or deleted.
    /// - Throws: ``StoreError`` with the server's SQLSTATE and message and the SQL (never the
    ///   parameters: they may hold account data); when a value holds a NUL character.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(StoreError) -> PostgresResult {
        let copies = try cStrings(parameters, function: "PQexecParams", sql: sql)
        defer { for copy in copies { free(copy) } }
        let values = copies.map { $0.map { UnsafePointer($0) } }
        roundTrips += 1
        let result = libpq.execParams(handle, sql, Int32(values.count), nil, values, nil, nil, 0)
        defer { libpq.clear(result) }
        try check(result, function: "PQexecParams", sql: sql)
        return try read(result, sql: sql)
    }

    /// Runs one statement as ``query(_:_:)`` does, prepared once per connection: the first call
    /// with a given SQL text prepares it under a name of its own, later calls only bind and run
    /// it, so the server neither parses nor plans it again (a batch's large statements). Calls
    /// `PQprepare`, `PQexecPrepared`.
    ///
    /// - Throws: as ``query(_:_:)``.
    @discardableResult
    func queryPrepared(_ sql: String, _ parameters: [String?]) throws(StoreError) -> PostgresResult {
        let copies = try cStrings(parameters, function: "PQexecPrepared", sql: sql)
        defer { for copy in copies { free(copy) } }
        let name = try preparedName(of: sql, parameterCount: parameters.count)
        let values = copies.map { $0.map { UnsafePointer($0) } }
        roundTrips += 1
        let result = libpq.execPrepared(handle, name, Int32(values.count), values, nil, nil, 0)
        defer { libpq.clear(result) }
        try check(result, function: "PQexecPrepared", sql: sql)
        return try read(result, sql: sql)
    }

    /// Runs `body` between `BEGIN` and `COMMIT`; rolls back and rethrows when it throws.
    ///
    /// - Throws: the body's error or the `COMMIT`'s; when the `ROLLBACK` after a failure fails
    ///   too (the connection was lost), a ``StoreError`` that names both.
    @discardableResult
    public func inTransaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try rollBack(after: error)
            throw error
        }
    }

    /// Sends `sql`, statements separated by `;` that end in a `COPY … FROM STDIN`, in one round
    /// trip, and answers the rows of each statement before the copy, in order. The copy then
    /// waits for its rows (``finishCopy(_:sql:)``) or to be abandoned (``abandonCopy()``); no
    /// other call may come between. Calls `PQsendQuery`, `PQgetResult`.
    ///
    /// - Throws: ``StoreError`` with the server's SQLSTATE and message when a statement before
    ///   the copy fails (the statements after it are not run), or the server did not start the
    ///   copy.
    func startCopy(_ sql: String) throws(StoreError) -> [PostgresResult] {
        roundTrips += 1
        guard libpq.sendQuery(handle, sql) == 1 else {
            throw error("PQsendQuery", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        var answers: [PostgresResult] = []
        var failure: StoreError?
        while let result = libpq.getResult(handle) {
            defer { libpq.clear(result) }
            // The copy waits for its rows: no result follows until they are sent.
            if libpq.resultStatus(result) == PGRES_COPY_IN, failure == nil { return answers }
            guard failure == nil else { continue }
            do {
                try check(result, function: "PQsendQuery", sql: sql)
                answers.append(try read(result, sql: sql))
            } catch {
                failure = error
            }
        }
        throw failure ?? error("PQsendQuery", sqlState: nil, message: "the server did not start the copy", sql: sql)
    }

    /// Sends a started copy (``startCopy(_:)``) its rows, `data` in COPY's text format, and its
    /// end, in one round trip (``sendCopyData(_:sql:)``, then ``endCopy(sql:)``).
    ///
    /// - Throws: ``StoreError`` with the server's SQLSTATE and message when a row fails (a unique
    ///   violation at the first row that breaks it, a trigger's refusal); the transaction is
    ///   then failed.
    func finishCopy(_ data: [UInt8], sql: String) throws(StoreError) {
        try sendCopyData(data, sql: sql)
        try endCopy(sql: sql)
    }

    /// Sends a started copy (``startCopy(_:)``) rows, `data` in COPY's text format (whole rows),
    /// without waiting for an answer: the server stores them while the caller writes more. libpq
    /// sends them as its buffer fills. Calls `PQputCopyData`.
    ///
    /// - Throws: ``StoreError`` when they could not be sent (the connection broke); the copy is
    ///   then ended, failed, and its result read.
    func sendCopyData(_ data: [UInt8], sql: String) throws(StoreError) {
        // In pieces of at most 1 MiB (the count is an Int32).
        var sent: Int32 = 1
        data.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { bytes in
                var start = 0
                while sent == 1, start < bytes.count {
                    let count = min(1 << 20, bytes.count - start)
                    sent = libpq.putCopyData(handle, bytes.baseAddress.map { $0 + start }, Int32(count))
                    start += count
                }
            }
        }
        guard sent != 1 else { return }
        let failure = error("PQputCopyData", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        _ = libpq.putCopyEnd(handle, "the rows could not be sent")
        while let result = libpq.getResult(handle) { libpq.clear(result) }
        throw failure
    }

    /// Ends a started copy whose rows were sent (``sendCopyData(_:sql:)``) and reads its result:
    /// one round trip. Calls `PQputCopyEnd`, `PQgetResult`.
    ///
    /// - Throws: ``StoreError`` with the server's SQLSTATE and message when a row failed (a unique
    ///   violation at the first row that breaks it, a trigger's refusal); the transaction is
    ///   then failed.
    func endCopy(sql: String) throws(StoreError) {
        roundTrips += 1
        var failure: StoreError?
        if libpq.putCopyEnd(handle, nil) != 1 {
            failure = error("PQputCopyEnd", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        // The copy's own result, then nil; each is cleared.
        while let result = libpq.getResult(handle) {
            defer { libpq.clear(result) }
            if failure == nil {
                do {
                    try check(result, function: "PQputCopyEnd", sql: sql)
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
    }

    /// Ends a started copy without rows: the server fails it, and with it the transaction.
    /// Calls `PQputCopyEnd`, `PQgetResult`.
    func abandonCopy() {
        roundTrips += 1
        _ = libpq.putCopyEnd(handle, "ledgerport left the copy to the statements")
        while let result = libpq.getResult(handle) { libpq.clear(result) }
    }

    /// Runs a statement as ``queryPrepared(_:_:)`` does and then `COMMIT`, both in one round trip
    /// (libpq's pipeline mode): the statement's rows, once the transaction committed.
    /// Calls `PQenterPipelineMode`, `PQsendQueryPrepared`, `PQsendQueryParams`,
    /// `PQpipelineSync`, `PQgetResult`, `PQexitPipelineMode`.
    ///
    /// - Throws: the statement's or the `COMMIT`'s error; the transaction is then failed (or was
    ///   rolled back by the server), and the caller rolls it back (``rollBack(after:)``).
    @discardableResult
    func queryPreparedThenCommit(_ sql: String, _ parameters: [String?]) throws(StoreError) -> PostgresResult {
        let name = try preparedName(of: sql, parameterCount: parameters.count)
        let copies = try cStrings(parameters, function: "PQsendQueryPrepared", sql: sql)
        defer { for copy in copies { free(copy) } }
        let values = copies.map { $0.map { UnsafePointer($0) } }
        roundTrips += 1
        guard libpq.enterPipelineMode(handle) == 1 else {
            throw error("PQenterPipelineMode", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        var failure: StoreError?
        if libpq.sendQueryPrepared(handle, name, Int32(values.count), values, nil, nil, 0) != 1
            || libpq.sendQueryParams(handle, "COMMIT", 0, nil, nil, nil, nil, 0) != 1 || libpq.pipelineSync(handle) != 1
        {
            failure = error(
                "PQsendQueryPrepared", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        var answer = PostgresResult(columns: [], rows: [], affectedRows: 0)
        // Each statement's results end with nil; after a failure, the next one is only
        // PGRES_PIPELINE_ABORTED. The sync's own result comes last.
        if failure == nil {
            for statement in 0..<2 {
                while let result = libpq.getResult(handle) {
                    defer { libpq.clear(result) }
                    guard failure == nil, libpq.resultStatus(result) != PGRES_PIPELINE_ABORTED else { continue }
                    do {
                        try check(result, function: statement == 0 ? "PQsendQueryPrepared" : "COMMIT", sql: sql)
                        if statement == 0 { answer = try read(result, sql: sql) }
                    } catch {
                        failure = error
                    }
                }
            }
            // The sync's own result.
            if let result = libpq.getResult(handle) { libpq.clear(result) }
        }
        if libpq.exitPipelineMode(handle) != 1 {
            // Results are still due: the pipeline could not be sent whole, or the connection broke.
            throw failure
                ?? error("PQexitPipelineMode", sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        if let failure { throw failure }
        return answer
    }

    /// Runs `body` in a transaction as ``inTransaction(_:)`` does, handing it the rows of `query`
    /// (a statement without parameters), which is sent with the `BEGIN` in one round trip. Calls
    /// `PQexec`.
    ///
    /// - Throws: the query's, the body's or the `COMMIT`'s error, after the rollback.
    func inTransaction<Result>(reading query: String, _ body: (PostgresResult) throws(StoreError) -> Result)
        throws(StoreError) -> Result
    {
        do {
            // Several statements in one PQexec: the result is the last one's, or the first failure's.
            let sql = "BEGIN; " + query
            roundTrips += 1
            let first = libpq.exec(handle, sql)
            defer { libpq.clear(first) }
            try check(first, function: "PQexec", sql: sql)
            let result = try body(try read(first, sql: sql))
            try execute("COMMIT")
            return result
        } catch {
            try rollBack(after: error)
            throw error
        }
    }

    /// Whether a transaction is open (or failed and not yet rolled back). Calls `PQtransactionStatus`.
    public var isInTransaction: Bool {
        let status = libpq.transactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    // MARK: - Private

    /// Copies of the parameters as C strings (`nil` for NULL), for the caller to `free`.
    ///
    /// - Throws: ``StoreError`` when a value holds a NUL character (a C string ends there: the
    ///   value would be cut short without a word, and PostgreSQL's text holds no NUL either), or
    ///   out of memory; nothing is left to free then.
    private func cStrings(_ parameters: [String?], function: String, sql: String) throws(StoreError)
        -> [UnsafeMutablePointer<CChar>?]
    {
        var copies: [UnsafeMutablePointer<CChar>?] = []
        copies.reserveCapacity(parameters.count)
        for parameter in parameters {
            guard let parameter else {
                copies.append(nil)
                continue
            }
            guard !parameter.utf8.contains(0), let copy = strdup(parameter) else {
                for copy in copies { free(copy) }
                let message =
                    parameter.utf8.contains(0)
                    ? "a value holds a NUL character, which PostgreSQL text can't store" : "out of memory"
                throw error(function, sqlState: nil, message: message, sql: sql)
            }
            copies.append(copy)
        }
        return copies
    }

    /// The name `sql` is prepared under on this connection; prepares it the first time (one round
    /// trip). Calls `PQprepare`.
    func preparedName(of sql: String, parameterCount: Int) throws(StoreError) -> String {
        if let known = preparedNames[sql] { return known }
        let name = "ledgerport_\(preparedNames.count + 1)"
        roundTrips += 1
        let prepared = libpq.prepare(handle, name, sql, Int32(parameterCount), nil)
        defer { libpq.clear(prepared) }
        try check(prepared, function: "PQprepare", sql: sql)
        preparedNames[sql] = name
        return name
    }

    /// Rolls back after `failure`, when a transaction is still open. Calls `PQexec`.
    ///
    /// - Throws: a ``StoreError`` that names both failures when the `ROLLBACK` fails too (the
    ///   connection was lost).
    func rollBack(after failure: StoreError) throws(StoreError) {
        guard isInTransaction else { return }
        do {
            try execute("ROLLBACK")
        } catch {
            let first = failure.message
            throw StoreError(
                .postgres(
                    function: "PQexec", sqlState: error.sqlState,
                    message: "\(Self.detail(of: error)); the rollback followed this failure: \(first)",
                    sql: "ROLLBACK", target: shownTarget),
                at: .file(shownTarget))
        }
    }

    /// Throws unless `result` is a success (a command done, or rows). Calls `PQresultStatus`,
    /// `PQresultErrorField`.
    private func check(_ result: OpaquePointer?, function: String, sql: String) throws(StoreError) {
        guard let result else {
            // libpq answers no result when it ran out of memory or lost the server.
            throw error(function, sqlState: nil, message: Self.text(libpq.errorMessage(handle)), sql: sql)
        }
        let status = libpq.resultStatus(result)
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_EMPTY_QUERY else { return }
        let state = libpq.resultErrorField(result, Self.field("C")).map { SQLState(rawValue: String(cString: $0)) }
        // The server's message and detail may run over lines (a deadlock's detail names each
        // process on a line of its own): one line, as libpq's own messages.
        var message =
            libpq.resultErrorField(result, Self.field("M")).map { Self.text($0) }
            ?? Self.text(libpq.resultErrorMessage(result))
        if let detail = libpq.resultErrorField(result, Self.field("D")) { message += " (\(Self.text(detail)))" }
        throw error(function, sqlState: state, message: message, sql: sql)
    }

    /// Copies a result's rows into Swift values. Calls `PQntuples`, `PQnfields`, `PQgetvalue`,
    /// `PQgetisnull`, `PQfname`, `PQcmdTuples`.
    private func read(_ result: OpaquePointer?, sql: String) throws(StoreError) -> PostgresResult {
        guard let result else { return PostgresResult(columns: [], rows: [], affectedRows: 0) }
        let rowCount = libpq.ntuples(result)
        let columnCount = libpq.nfields(result)
        let columns = (0..<columnCount).map { column in libpq.fname(result, column).map { String(cString: $0) } ?? "" }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [String?] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                if libpq.getisnull(result, row, column) != 0 {
                    values.append(nil)
                } else {
                    values.append(libpq.getvalue(result, row, column).map { String(cString: $0) })
                }
            }
            rows.append(PostgresRow(values: values, columns: columns))
        }
        let affected = libpq.cmdTuples(result).map { String(cString: $0) }.flatMap { Int($0) } ?? 0
        return PostgresResult(columns: columns, rows: rows, affectedRows: affected)
    }

    private func error(_ function: String, sqlState: SQLState?, message: String, sql: String?) -> StoreError {
        StoreError(
            .postgres(
                function: function, sqlState: sqlState, message: Self.scrub(message, password: password), sql: sql,
                target: shownTarget),
            at: .file(shownTarget))
    }

    /// The settings of a connection string, in libpq's order, that have a value. Calls
    /// `PQconninfoParse`, `PQconninfoFree`, `PQfreemem`.
    private static func settings(of target: String, libpq: LibPQ) throws(StoreError)
        -> [(key: String, value: String)]
    {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = libpq.conninfoParse(target, &message) else {
            libpq.freemem(message)
            throw StoreError(
                .postgres(
                    function: "PQconninfoParse", sqlState: nil,
                    message: "libpq can't read the connection string; expected a postgresql:// URL or key=value pairs",
                    sql: nil, target: "(unreadable connection string)"),
                at: .file("(unreadable connection string)"))
        }
        defer { libpq.conninfoFree(options) }
        var settings: [(key: String, value: String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val, value.pointee != 0 {
                settings.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        return settings
    }

    /// The settings as `key=value` pairs, the password left out, values with spaces or quotes quoted.
    private static func shown(_ settings: [(key: String, value: String)]) -> String {
        let pairs = settings.filter { $0.key != "password" }.map { setting in
            let value = setting.value
            guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "'" || $0 == "\\" }) else {
                return "\(setting.key)=\(value)"
            }
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            return "\(setting.key)='\(escaped)'"
        }
        return pairs.isEmpty ? "(libpq defaults)" : pairs.joined(separator: " ")
    }

    /// `message` with every occurrence of the password masked.
    private static func scrub(_ message: String, password: String?) -> String {
        guard let password, !password.isEmpty else { return message }
        return message.replacingOccurrences(of: password, with: "••••")
    }

    /// A libpq message on one line, as every error of the command line is: libpq breaks a message
    /// into indented lines ("…failed: No such file or directory\n\tIs the server running…?"). A
    /// line that goes on with a small letter continues the sentence before it; another starts
    /// one of its own, after "; ".
    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "no message" }
        let lines = String(cString: pointer).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard var text = lines.first else { return "no message" }
        for line in lines.dropFirst() {
            text += line.first?.isLowercase == true ? " " + line : "; " + line
        }
        return text
    }

    /// An error field code (`PG_DIAG_SQLSTATE` is `'C'`).
    private static func field(_ code: Unicode.Scalar) -> Int32 { Int32(code.value) }

    /// A failure's message without the "PostgreSQL error on …" frame, for combining two failures.
    private static func detail(of error: StoreError) -> String {
        if case .postgres(_, _, let message, _, _) = error.reason { return message }
        return error.message
    }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}
