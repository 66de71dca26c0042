import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway PostgreSQL server for tests, started once per test process and stopped at its exit;
/// or one of a test's own (``makePrivate()``), which that test may restart and stops itself.
///
/// `initdb` makes a cluster in a temporary folder and `pg_ctl` starts `postgres` on a Unix socket
/// in that folder only (`listen_addresses=''`, `fsync=off`: nothing in it outlives the tests).
/// As root, the programs run as the `postgres` user (they refuse root) and the folder is theirs.
/// `scripts/pg-test-server.sh` does the same for people and benchmarks.
public final class PostgresTestServer: Sendable {
    /// Why no server could be started: the programs are missing, or they failed.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        /// What is missing or what failed, and what to install.
        public let message: String
        /// Whether the tests must fail rather than skip: under `CI=true`, or when the programs
        /// exist but failed.
        public let isRequired: Bool

        public var description: String { message }
    }

    /// The folder holding the cluster (`data/`), its log and its socket.
    public let folder: String
    /// How long starting the server took, in seconds.
    public let startSeconds: Double
    /// The folder of PostgreSQL's programs.
    private let programs: String
    /// Whether the programs run as the user postgres (the tests run as root).
    private let asPostgres: Bool

    /// A libpq key/value string for the server's `postgres` database, as its superuser.
    public var connectionString: String { "host=\(folder) port=\(Self.port) user=\(Self.user) dbname=postgres" }

    /// The server of this test process, started on the first call.
    ///
    /// - Throws: ``Unavailable`` when the PostgreSQL programs are missing or fail.
    public static func shared() throws(Unavailable) -> PostgresTestServer {
        try started.get()
    }

    /// A server of the calling test's own, for a test that restarts or stops it: the shared one
    /// serves the tests running beside it. Its commits wait for their WAL to be written
    /// (`synchronous_commit=on`, where the shared server doesn't wait), so a restart keeps every
    /// transaction it reported committed. The test stops it with ``stop()``; one left running is
    /// stopped at the process's exit.
    ///
    /// - Throws: ``Unavailable`` when the PostgreSQL programs are missing or fail.
    public static func makePrivate() throws(Unavailable) -> PostgresTestServer {
        try start(synchronousCommit: true)
    }

    /// Restarts the server the way a crash or a power cut would (`pg_ctl restart -m immediate`):
    /// every connection is cut, open transactions are lost, committed ones recovered; answers when
    /// the server accepts connections again.
    ///
    /// - Throws: ``Unavailable`` when `pg_ctl` fails.
    public func restartImmediately() throws(Unavailable) {
        try Self.run(
            programs + "/pg_ctl", ["restart", "-m", "immediate", "-w", "-t", "30", "-D", folder + "/data"],
            asPostgres: asPostgres, in: folder)
    }

    /// Stops the server at once and removes its folder.
    public func stop() {
        Self.stop(folder: folder)
        Self.runningFolders.withLock { folders in folders.removeAll { $0 == folder } }
    }

    // MARK: - Private

    private static let port = 5432
    private static let user = "ledgerport"
    private static let started: Result<PostgresTestServer, Unavailable> = Result { () throws(Unavailable) in
        try start()
    }

    private init(folder: String, startSeconds: Double, programs: String, asPostgres: Bool) {
        self.folder = folder
        self.startSeconds = startSeconds
        self.programs = programs
        self.asPostgres = asPostgres
    }

    private static func start(synchronousCommit: Bool = false) throws(Unavailable) -> PostgresTestServer {
        let clock = ContinuousClock()
        let begin = clock.now
        let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
        guard let bin = programFolder() else {
            throw Unavailable(
                message: "the PostgreSQL tests need PostgreSQL's server programs (initdb, pg_ctl, postgres) in "
                    + "/usr/lib/postgresql/<version>/bin: install the Debian package postgresql (scripts/install-deps.sh)",
                isRequired: isCI)
        }
        var template = Array("/tmp/ledgerport-pg.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Unavailable(message: "can't make a temporary folder for PostgreSQL: errno \(errno)", isRequired: true)
        }
        let folder = String(cString: made)
        // From here the folder goes at exit, with the server if it started, whatever fails next.
        let isFirst = runningFolders.withLock { folders in
            folders.append(folder)
            return folders.count == 1
        }
        if isFirst { atexit { PostgresTestServer.stopAtExit() } }
        let asRoot = getuid() == 0
        if asRoot {
            guard let account = getpwnam("postgres") else {
                throw Unavailable(
                    message: "running as root, the PostgreSQL tests run the server as the user postgres, which "
                        + "does not exist: install the Debian package postgresql",
                    isRequired: isCI)
            }
            guard chown(folder, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw Unavailable(
                    message: "can't give \(folder) to the user postgres: errno \(errno)", isRequired: true)
            }
        }
        try run(
            bin + "/initdb",
            ["-D", folder + "/data", "-U", user, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"],
            asPostgres: asRoot, in: folder)
        let options =
            "-k \(folder) -p \(port) -c listen_addresses='' -c fsync=off -c synchronous_commit=\(synchronousCommit ? "on" : "off") "
            + "-c full_page_writes=off -c max_connections=50"
        try run(
            bin + "/pg_ctl",
            ["start", "-w", "-t", "30", "-D", folder + "/data", "-l", folder + "/server.log", "-o", options],
            asPostgres: asRoot, in: folder)
        let elapsed = clock.now - begin
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return PostgresTestServer(folder: folder, startSeconds: seconds, programs: bin, asPostgres: asRoot)
    }

    /// The newest `/usr/lib/postgresql/<version>/bin` holding `initdb` and `pg_ctl`.
    private static func programFolder() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let sorted = versions.compactMap { name in Double(name).map { (name, $0) } }.sorted { $0.1 > $1.1 }
        for (name, _) in sorted {
            let bin = "\(root)/\(name)/bin"
            if FileManager.default.isExecutableFile(atPath: bin + "/initdb"),
                FileManager.default.isExecutableFile(atPath: bin + "/pg_ctl")
            {
                return bin
            }
        }
        return nil
    }

    /// Runs a program to its end in `folder`, as the user postgres when `asPostgres` (through
    /// `runuser`), its output in a file beside the cluster. Calls `posix_spawn` and `waitpid`.
    ///
    /// Not `Process`: the server pg_ctl leaves running inherits the child's descriptors, and
    /// Foundation then never sees pg_ctl end.
    private static func run(_ program: String, _ arguments: [String], asPostgres: Bool, in folder: String)
        throws(Unavailable)
    {
        let name = URL(fileURLWithPath: program).lastPathComponent
        let outputPath = folder + "/" + name + ".out"
        let command = (asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + [program] + arguments
        // `sh` changes to the folder (the postgres user may not read the current one), then runs the command.
        let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\" >\"$0/\(name).out\" 2>&1 </dev/null", folder] + command
        var pointers = argv.map { strdup($0) } + [nil]
        // The environment as Foundation sees it (`environ` is not exported on every platform).
        var environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in pointers + environment { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &pointers, &environment)
        guard spawned == 0 else {
            throw Unavailable(message: "can't run \(program): posix_spawn failed (\(spawned))", isRequired: true)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status >> 8) & 0xFF
        guard status & 0x7F == 0, exitCode == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw Unavailable(
                message: "\(program) failed (wait status \(status)): \(text)\(log.suffix(2_000))", isRequired: true)
        }
    }

    /// The folders of the servers still running, for the exit handler (a C function pointer
    /// captures nothing).
    private static let runningFolders = Mutex<[String]>([])

    /// Stops every server still running at the process's exit.
    private static func stopAtExit() {
        for folder in runningFolders.withLock({ $0 }) { stop(folder: folder) }
    }

    /// Stops the server in `folder` at once (SIGQUIT: immediate shutdown, nothing to keep) and
    /// removes the folder.
    private static func stop(folder: String) {
        let pidFile = folder + "/data/postmaster.pid"
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let first = text.split(separator: "\n").first, let pid = Int32(first)
        {
            kill(pid, SIGQUIT)
            for _ in 0..<200 where kill(pid, 0) == 0 { usleep(10_000) }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
