import Foundation
import LedgerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A shell adapter `ledgerport-adapter-NAME` that appends each run's verb and file to `log`.
private func loggingAdapter(
    _ name: String, in folder: URL, log: String, identify: String = "echo 90", extract: String? = nil
) throws {
    let records = """
          echo '{"type":"account","key":"w","name":"Wise EUR","currency":"EUR"}'
          echo '{"type":"transaction","account":"w","bookingDay":"2026-01-31","amount":"12.50",\
        "direction":"debit","description":"CARD","source":{"line":1,"column":1}}'
          echo '{"type":"end","records":2}'
        """
    let script = """
        #!/bin/sh
        echo "$1 ${2##*/}" >> '\(log)'
        case "$1" in
        describe) echo '{"protocols":[1],"name":"\(name)","version":"1.0.0","summary":"Test","extensions":["wst"]}' ;;
        identify) \(identify) ;;
        extract)
        \(extract ?? records)
        ;;
        *) exit 2 ;;
        esac

        """
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("ledgerport-adapter-\(name)").path
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
}

/// The lines of a log, none when it doesn't exist.
private func logLines(_ path: String) -> [String] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
}

@Suite("How the CLI runs external adapters")
struct AdapterRunTests {
    @Test("a trusted adapter is described once, when trusted: not on imports, not at all with --format csv")
    func describedWhenTrusted() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let log = cli.folder.appendingPathComponent("runs.log").path
        try loggingAdapter("wise", in: cli.adapterFolder, log: log)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        #expect(logLines(log) == ["describe "])
        try FileManager.default.removeItem(atPath: log)
        let csv = try cli.write("x.csv", "Date,Description,Amount\n2026-01-02,Coffee,-3.50\n")
        _ = cli.run("import", csv, "--format", "csv", "--account", "Cash", "--currency", "EUR")
        #expect(logLines(log) == [])
    }

    @Test("without --format each trusted adapter's identify runs once per file, describe never")
    func identifyOncePerFile() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let log = cli.folder.appendingPathComponent("runs.log").path
        try loggingAdapter("wise", in: cli.adapterFolder, log: log)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        try FileManager.default.removeItem(atPath: log)
        let first = try cli.write("a.wst", "data\n")
        let second = try cli.write("b.wst", "data\n")
        #expect(cli.run("import", first, second) == 0, "\(cli.errors)")
        let runs = logLines(log)
        #expect(runs.filter { $0.hasPrefix("identify ") } == ["identify a.wst", "identify b.wst"], "\(runs)")
        #expect(!runs.contains { $0.hasPrefix("describe") })
    }

    @Test("an identify answer that isn't an integer 0–100 counts as 0 with a warning naming the adapter and the answer")
    func identifyWarning() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let log = cli.folder.appendingPathComponent("runs.log").path
        try loggingAdapter("wise", in: cli.adapterFolder, log: log, identify: "echo very sure")
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        let file = try cli.write("a.wst", "data\n")
        #expect(cli.run("import", file) == 1)
        let warnings = cli.errors.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(cli.errors)")
        #expect(warnings.first?.contains("adapter wise") == true)
        #expect(warnings.first?.contains("very sure") == true)
        #expect(warnings.first?.contains("counted as 0") == true)
    }

    /// The `ledgerport` executable beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ledgerport")
    }

    @Test(
        "ledgerport interrupted while an adapter runs kills the adapter and removes its private copy",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func interrupted(signal: Int32) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build ledgerport first")
        let cli = try CLIHarness()
        let adapters = cli.folder.appendingPathComponent("adapters")
        let temporary = cli.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let seen = cli.folder.appendingPathComponent("seen").path
        let log = cli.folder.appendingPathComponent("runs.log").path
        try loggingAdapter(
            "slow", in: adapters, log: log,
            extract: "echo \"$$ $(pwd)\" > '\(seen).tmp'; mv '\(seen).tmp' '\(seen)'; sleep 60")
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(cli.folder.path)", "LEDGERPORT_DB=\(cli.databasePath)",
            "LEDGERPORT_ADAPTER_PATH=\(adapters.path)",
            "XDG_CONFIG_HOME=\(cli.folder.appendingPathComponent("config").path)", "TMPDIR=\(temporary.path)",
        ]
        func start(_ arguments: [String]) throws -> pid_t {
            try #require(
                spawnWithDefaultSignals(Self.executable.path, arguments: arguments, environment: environment))
        }
        let trust = try start(["adapters", "trust", "slow"])
        try #require(waitStatus(trust) == 0)
        let file = try cli.write("a.wst", "data\n")
        let importing = try start(["import", file, "--format", "slow"])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: seen), Date() < deadline { usleep(20_000) }
        let fields = try String(contentsOfFile: seen, encoding: .utf8).split(separator: " ")
        let pid = try #require(fields.first.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let directory = try #require(fields.last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(FileManager.default.fileExists(atPath: directory + "/a.wst"))
        kill(importing, signal)
        // Ended by the same signal, re-raised once the adapter is gone.
        #expect(waitStatus(importing) & 0x7F == signal)
        // Killed, it is a zombie at most until init reaps it.
        let gone = Date().addingTimeInterval(5)
        while isAlive(pid), Date() < gone { usleep(20_000) }
        #expect(!isAlive(pid), "adapter \(pid) still runs")
        #expect(!FileManager.default.fileExists(atPath: directory), "\(directory) is left behind")
        #expect((try FileManager.default.contentsOfDirectory(atPath: temporary.path)).isEmpty)
    }
}

/// Whether a process runs (exists and isn't a zombie).
private func isAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[close...].hasPrefix(") Z")
}

/// Starts a program with no signal blocked and the default action for SIGINT, SIGTERM and SIGHUP
/// (a test runner may block them, and its children would inherit that), output to /dev/null.
private func spawnWithDefaultSignals(_ path: String, arguments: [String], environment: [String]) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) }
    let envp = environment.map { strdup($0) }
    defer {
        for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, &attributes, argv + [nil], envp + [nil]) == 0 else { return nil }
    return pid
}

/// Waits for a child and returns its raw wait status.
private func waitStatus(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
}
