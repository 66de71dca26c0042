import CLibPQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libpq, PostgreSQL's client library, opened when a PostgreSQL ledger is first used rather than
/// linked: a command on a SQLite ledger never loads it, nor the Kerberos, LDAP, SASL and TLS
/// libraries it pulls in (about half of every command's start-up), and runs where it isn't installed.
///
/// ``shared()`` opens the library once per process (`dlopen`) and looks up each function
/// ``PostgresConnection`` calls (`dlsym`), typed by hand after `libpq-fe.h`: `PGconn *` and
/// `PGresult *` are `OpaquePointer`, the enums and `PQconninfoOption` come from the `CLibPQ`
/// header, which links nothing. The library stays open until the process ends. A property is named
/// after its C function without the `PQ` (`exec` is `PQexec`).
struct LibPQ: Sendable {
    /// The file `dlopen` looks for, by its soname (the major version of libpq's interface).
    #if canImport(Darwin)
        static let libraryName = "libpq.5.dylib"
    #else
        static let libraryName = "libpq.so.5"
    #endif

    /// `PQconnectdb`.
    let connectdb: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    /// `PQconninfoParse`.
    let conninfoParse:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) ->
            UnsafeMutablePointer<PQconninfoOption>?
    /// `PQconninfoFree`.
    let conninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    /// `PQfinish`.
    let finish: @convention(c) (OpaquePointer?) -> Void
    /// `PQstatus`.
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    /// `PQtransactionStatus`.
    let transactionStatus: @convention(c) (OpaquePointer?) -> PGTransactionStatusType
    /// `PQerrorMessage`.
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// `PQsetNoticeProcessor`.
    let setNoticeProcessor:
        @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    /// `PQexec`.
    let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    /// `PQexecParams`.
    let execParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    /// `PQprepare`.
    let prepare:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) ->
            OpaquePointer?
    /// `PQexecPrepared`.
    let execPrepared:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    /// `PQsendQuery`.
    let sendQuery: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `PQsendQueryParams`.
    let sendQueryParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    /// `PQsendQueryPrepared`.
    let sendQueryPrepared:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Int32
    /// `PQgetResult`.
    let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
    /// `PQenterPipelineMode`.
    let enterPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    /// `PQexitPipelineMode`.
    let exitPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    /// `PQpipelineSync`.
    let pipelineSync: @convention(c) (OpaquePointer?) -> Int32
    /// `PQputCopyData`.
    let putCopyData: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
    /// `PQputCopyEnd`.
    let putCopyEnd: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `PQresultStatus`.
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    /// `PQresultErrorMessage`.
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// `PQresultErrorField`.
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    /// `PQntuples`.
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    /// `PQnfields`.
    let nfields: @convention(c) (OpaquePointer?) -> Int32
    /// `PQfname`.
    let fname: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    /// `PQgetvalue`.
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    /// `PQgetisnull`.
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    /// `PQcmdTuples`.
    let cmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// `PQclear`.
    let clear: @convention(c) (OpaquePointer?) -> Void
    /// `PQfreemem`.
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The library of ``libraryName``, opened by the first call in the process (Swift runs a
    /// static property's initialiser once, whichever thread asks first); a failure is kept too.
    private static let loaded = Result { () throws(StoreError) in try LibPQ(named: libraryName) }

    /// Opens a libpq and looks up its functions. Calls `dlopen`, `dlsym`.
    ///
    /// - Parameter name: the file to open, as `dlopen` finds it (``libraryName``; tests name
    ///   another).
    /// - Throws: ``StoreError`` (`.postgres`, located at `name`) when the library can't be opened
    ///   or lacks a function (a libpq older than 14 has no pipeline mode), with `dlerror`'s text
    ///   and what to install.
    init(named name: String) throws(StoreError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw Self.failure("dlopen", library: name)
        }
        do throws(StoreError) {
            func function<Function>(_ symbol: String) throws(StoreError) -> Function {
                guard let address = dlsym(handle, symbol) else { throw Self.failure("dlsym", library: name) }
                return unsafeBitCast(address, to: Function.self)
            }
            connectdb = try function("PQconnectdb")
            conninfoParse = try function("PQconninfoParse")
            conninfoFree = try function("PQconninfoFree")
            finish = try function("PQfinish")
            status = try function("PQstatus")
            transactionStatus = try function("PQtransactionStatus")
            errorMessage = try function("PQerrorMessage")
            setNoticeProcessor = try function("PQsetNoticeProcessor")
            exec = try function("PQexec")
            execParams = try function("PQexecParams")
            prepare = try function("PQprepare")
            execPrepared = try function("PQexecPrepared")
            sendQuery = try function("PQsendQuery")
            sendQueryParams = try function("PQsendQueryParams")
            sendQueryPrepared = try function("PQsendQueryPrepared")
            getResult = try function("PQgetResult")
            enterPipelineMode = try function("PQenterPipelineMode")
            exitPipelineMode = try function("PQexitPipelineMode")
            pipelineSync = try function("PQpipelineSync")
            putCopyData = try function("PQputCopyData")
            putCopyEnd = try function("PQputCopyEnd")
            resultStatus = try function("PQresultStatus")
            resultErrorMessage = try function("PQresultErrorMessage")
            resultErrorField = try function("PQresultErrorField")
            ntuples = try function("PQntuples")
            nfields = try function("PQnfields")
            fname = try function("PQfname")
            getvalue = try function("PQgetvalue")
            getisnull = try function("PQgetisnull")
            cmdTuples = try function("PQcmdTuples")
            clear = try function("PQclear")
            freemem = try function("PQfreemem")
        } catch {
            dlclose(handle)
            throw error
        }
    }

    /// The process's libpq, opened on the first call (``libraryName``).
    ///
    /// - Throws: ``StoreError`` as ``init(named:)`` does, on every call once the first failed.
    static func shared() throws(StoreError) -> LibPQ {
        try loaded.get()
    }

    // MARK: - Private

    /// The error for a failed `dlopen` or `dlsym` of `library`, with `dlerror`'s text.
    private static func failure(_ function: String, library: String) -> StoreError {
        let reason = dlerror().map { String(cString: $0) } ?? "no reason given"
        let message =
            "\(reason); a PostgreSQL ledger needs libpq 14 or later (\(libraryName)), PostgreSQL's client "
            + "library: expected it installed (Debian, Ubuntu: apt install libpq5)"
        return StoreError(
            .postgres(function: function, sqlState: nil, message: message, sql: nil, target: library),
            at: .file(library))
    }
}
