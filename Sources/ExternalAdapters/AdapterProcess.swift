import AdapterProtocol
import LedgerCore

#if canImport(Glibc)
    import Glibc
#endif

/// An external adapter's running process: started sandboxed, its stdout read line by line under
/// the limits, its stderr kept (the tail), and killed and reaped on every way out.
///
/// The process has its own process group, stdin from `/dev/null`, only the environment it is
/// given, and a working directory of the caller's choosing. ``terminate()`` (also run when the
/// value goes away) sends SIGKILL to the whole group and waits for the process, so neither a
/// zombie nor a grandchild writing to the pipes outlives an error. Confined to one thread.
final class AdapterProcess {
    /// How long the process may take.
    enum Timing {
        /// All of it within this many seconds from the start (`describe`, `identify`).
        case total(Double)
        /// At most this many seconds of silence on stdout while the host waits (`extract`).
        case idle(Double)
    }

    let adapter: String
    let limits: AdapterLimits
    /// Where errors point (the user's input file, or the executable).
    let location: SourceLocation
    /// The process's id, also its process group's.
    private let pid: pid_t
    private var stdoutDescriptor: Int32
    private var stderrDescriptor: Int32
    private let timing: Timing
    private let started: Double
    private var isReaped = false
    /// Kills the group if ledgerport is interrupted (``AdapterCleanup``).
    private var registration: AdapterCleanup.Registration?
    private var diagnosticsTail: [UInt8] = []

    /// stdout bytes read but not yet handed out: `buffer[start..<end]`.
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var outputBytes = 0
    /// The number of the last line handed out (1-based).
    private(set) var lineNumber = 0

    /// Starts the executable.
    ///
    /// Calls `pipe2`, `posix_spawn` (with `posix_spawn_file_actions_addchdir_np` and
    /// `posix_spawn_file_actions_addclosefrom_np`).
    ///
    /// - Parameters:
    ///   - path: the executable's absolute path, also `argv[0]`.
    ///   - arguments: `argv[1...]`.
    ///   - environment: `NAME=value` entries, the whole environment.
    ///   - directory: the working directory.
    /// - Throws: ``ExternalAdapterError/Reason/cannotStart(_:)`` when it can't start.
    init(
        adapter: String, path: String, arguments: [String], environment: [String], directory: String,
        limits: AdapterLimits, timing: Timing, at location: SourceLocation
    ) throws(ExternalAdapterError) {
        self.adapter = adapter
        self.limits = limits
        self.location = location
        self.timing = timing
        self.capacity = 256 * 1024
        self.buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)

        guard let pipe2 = GNUExtensions.pipe2, let addChdir = GNUExtensions.addChdir,
            let addCloseFrom = GNUExtensions.addCloseFrom
        else {
            buffer.deallocate()
            throw ExternalAdapterError(
                .cannotStart("this C library lacks pipe2 or posix_spawn_file_actions_addchdir_np/addclosefrom_np"),
                adapter: adapter, at: location)
        }
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe2(&output, O_CLOEXEC) == 0 else {
            let why = Self.errorText(errno)
            buffer.deallocate()
            throw ExternalAdapterError(.cannotStart("pipe2: \(why)"), adapter: adapter, at: location)
        }
        guard pipe2(&errors, O_CLOEXEC) == 0 else {
            let why = Self.errorText(errno)
            close(output[0])
            close(output[1])
            buffer.deallocate()
            throw ExternalAdapterError(.cannotStart("pipe2: \(why)"), adapter: adapter, at: location)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        _ = addChdir(&actions, directory)
        _ = addCloseFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.map { strdup($0) }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        var result = posix_spawn(&child, path, &actions, &attributes, argv + [nil], envp + [nil])
        // ETXTBSY: another thread's child, between its fork and exec, still holds the executable
        // open for writing (it was just written); it closes soon, so try again briefly.
        var attempt = 0
        while result == ETXTBSY && attempt < 20 {
            attempt += 1
            usleep(UInt32(5_000 * attempt))
            result = posix_spawn(&child, path, &actions, &attributes, argv + [nil], envp + [nil])
        }
        close(output[1])
        close(errors[1])
        guard result == 0 else {
            close(output[0])
            close(errors[0])
            buffer.deallocate()
            throw ExternalAdapterError(
                .cannotStart("\(path): \(Self.errorText(result))"), adapter: adapter, at: location)
        }
        self.pid = child
        self.registration = AdapterCleanup.register(processGroup: child)
        self.stdoutDescriptor = output[0]
        self.stderrDescriptor = errors[0]
        self.started = Self.now()
    }

    deinit {
        terminate()
        buffer.deallocate()
    }

    // MARK: - API

    /// Runs a verb that must finish within ``AdapterLimits/quickVerbSeconds``, in a fresh private
    /// working directory, and returns its stdout (at most ``AdapterLimits/maxLineBytes``).
    ///
    /// `protocols` are the versions the adapter speaks, once `describe` has said them.
    ///
    /// - Throws: ``ExternalAdapterError`` when it can't start, takes too long, prints too much,
    ///   exits non-zero or is killed by a signal.
    static func runQuickVerb(
        adapter: String, path: String, arguments: [String], protocols: [Int]? = nil, limits: AdapterLimits,
        at location: SourceLocation
    ) throws(ExternalAdapterError) -> [UInt8] {
        let directory = try PrivateDirectory(adapter: adapter, at: location)
        defer { directory.remove() }
        let process = try AdapterProcess(
            adapter: adapter, path: path, arguments: arguments,
            environment: AdapterEnvironment.make(settings: [:], protocols: protocols),
            directory: directory.path, limits: limits, timing: .total(limits.quickVerbSeconds), at: location)
        defer { process.terminate() }
        var output: [UInt8] = []
        try process.readAll(into: &output)
        try process.finish()
        return output
    }

    /// Hands each line of stdout (without its `\n`) to `body`, with its 1-based number, until the
    /// output ends; a last line without `\n` is handed out with `isTerminated` false.
    ///
    /// - Throws: ``ExternalAdapterError`` for a limit hit (silence, a line or the whole output too
    ///   long) or a read failure; whatever `body` throws. The caller then calls ``terminate()``.
    func forEachLine(
        _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ isTerminated: Bool) throws -> Void
    ) throws {
        var scannedPastStart = 0
        while true {
            var scanned = start + scannedPastStart
            while scanned < end, let found = memchr(buffer + scanned, 0x0A, end - scanned) {
                let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                lineNumber += 1
                let line = UnsafeBufferPointer(start: buffer + start, count: newline - start)
                start = newline + 1
                scanned = start
                try body(line, lineNumber, true)
            }
            scannedPastStart = end - start
            if end - start > limits.maxLineBytes {
                throw limitError(
                    "output line \(lineNumber + 1) is longer than \(limits.maxLineBytes) bytes, the most a line may hold"
                )
            }
            if stdoutDescriptor < 0 { break }
            if try fill() == 0 { break }
        }
        if start < end {
            lineNumber += 1
            let line = UnsafeBufferPointer(start: buffer + start, count: end - start)
            start = end
            try body(line, lineNumber, false)
        }
    }

    /// Waits for the process to exit once its stdout has ended (within the same time limit) and
    /// checks how it ended.
    ///
    /// - Throws: ``ExternalAdapterError`` for a non-zero exit status, a signal, or too long a wait.
    func finish() throws(ExternalAdapterError) {
        closeDescriptor(&stdoutDescriptor)
        var status: Int32 = 0
        let waitStarted = Self.now()
        // Waits for the exit without reaping (WNOWAIT): while the process is an unreaped zombie its
        // id can't be reused, so its group can still be killed safely, taking with it anything it
        // left running in the background.
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0 && info._sifields._sigchld.si_pid == pid { break }
            if result < 0 && errno != EINTR {
                throw ExternalAdapterError(
                    .io("waitid: \(Self.errorText(errno))"), adapter: adapter, at: location, diagnostics: diagnostics)
            }
            let remaining = remainingSeconds(since: waitStarted)
            if remaining <= 0 {
                throw limitError("did not exit within \(Self.seconds(limitSeconds)) after its output ended")
            }
            drainDiagnostics(waitingUpTo: min(remaining, 0.01))
        }
        kill(-pid, SIGKILL)
        unregister()
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        isReaped = true
        drainDiagnostics(waitingUpTo: 0)
        closeDescriptor(&stderrDescriptor)
        let signal = status & 0x7F
        if signal != 0 {
            throw ExternalAdapterError(.signal(signal), adapter: adapter, at: location, diagnostics: diagnostics)
        }
        let code = (status >> 8) & 0xFF
        if code != 0 {
            throw ExternalAdapterError(.exitStatus(code), adapter: adapter, at: location, diagnostics: diagnostics)
        }
    }

    /// Kills the process group (SIGKILL) and reaps the process, unless it was reaped already;
    /// closes the pipes. Safe to call more than once. Calls `kill` and `waitpid`.
    func terminate() {
        if !isReaped {
            kill(-pid, SIGKILL)
            unregister()
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            isReaped = true
        }
        closeDescriptor(&stdoutDescriptor)
        closeDescriptor(&stderrDescriptor)
    }

    /// The last lines the process has written on stderr so far (reading what is waiting in the
    /// pipe first, for at most 50 ms), made safe to show.
    func latestDiagnostics() -> [String] {
        let started = Self.now()
        while stderrDescriptor >= 0, Self.now() - started < 0.05 {
            var descriptor = pollfd(fd: stderrDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { break }
            readDiagnostics()
        }
        return diagnostics
    }

    /// The last lines the process wrote on stderr, made safe to show.
    var diagnostics: [String] {
        let text = String(decoding: diagnosticsTail, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(10).map {
            String($0)
        }
        if lines.count == 10 || diagnosticsTail.count >= limits.maxDiagnosticBytes {
            lines.insert("…", at: 0)
        }
        return lines.map { line in
            let shown = line.count > 300 ? String(line.prefix(300)) + "…" : line
            return ProtocolError.displayable(shown)
        }
    }

    /// An error for a broken limit, with the diagnostics so far.
    func limitError(_ why: String) -> ExternalAdapterError {
        ExternalAdapterError(.limit(why), adapter: adapter, at: location, diagnostics: diagnostics)
    }

    // MARK: - Reading

    /// Reads all of stdout (at most one line's limit) into `output`.
    private func readAll(into output: inout [UInt8]) throws(ExternalAdapterError) {
        while true {
            let read = try fill()
            if end - start > limits.maxLineBytes {
                throw limitError("printed more than \(limits.maxLineBytes) bytes; expected one short answer")
            }
            if read == 0 { break }
        }
        output = Array(UnsafeBufferPointer(start: buffer + start, count: end - start))
    }

    /// Waits for stdout (draining stderr meanwhile) and appends what it has to the buffer.
    ///
    /// Calls `poll` and `read`.
    ///
    /// - Returns: the number of bytes read; 0 at the end of stdout.
    private func fill() throws(ExternalAdapterError) -> Int {
        makeRoom()
        let waitStarted = Self.now()
        while true {
            let remaining = remainingSeconds(since: waitStarted)
            if remaining <= 0 {
                switch timing {
                case .total(let seconds):
                    throw limitError("did not finish within \(Self.seconds(seconds))")
                case .idle(let seconds):
                    throw limitError(
                        "printed nothing for \(Self.seconds(seconds)), the longest an adapter may stay silent")
                }
            }
            var descriptors = [
                pollfd(fd: stdoutDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stderrDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let milliseconds = Int32(min(remaining * 1000, 60_000).rounded(.up))
            let ready = poll(&descriptors, nfds_t(descriptors.count), max(milliseconds, 1))
            if ready < 0 {
                if errno == EINTR { continue }
                throw ExternalAdapterError(
                    .io("poll: \(Self.errorText(errno))"), adapter: adapter, at: location, diagnostics: diagnostics)
            }
            if descriptors[1].revents != 0 { readDiagnostics() }
            guard descriptors[0].revents != 0 else { continue }
            let count = read(stdoutDescriptor, buffer + end, capacity - end)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ExternalAdapterError(
                    .io("reading its output: \(Self.errorText(errno))"), adapter: adapter, at: location,
                    diagnostics: diagnostics)
            }
            if count == 0 {
                closeDescriptor(&stdoutDescriptor)
                return 0
            }
            end += count
            outputBytes += count
            if outputBytes > limits.maxOutputBytes {
                throw limitError("printed more than \(limits.maxOutputBytes) bytes, the most an adapter may print")
            }
            return count
        }
    }

    /// Moves the unread bytes to the front, and grows the buffer when a long line fills it.
    private func makeRoom() {
        let pending = end - start
        if pending == 0 {
            start = 0
            end = 0
        }
        if start > 0 && (capacity - end < 64 * 1024) {
            if pending > 0 { (buffer).update(from: buffer + start, count: pending) }
            start = 0
            end = pending
        }
        if capacity - end < 64 * 1024 {
            let larger = capacity * 2
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            grown.update(from: buffer + start, count: pending)
            buffer.deallocate()
            buffer = grown
            capacity = larger
            start = 0
            end = pending
        }
    }

    /// Seconds left before the time limit, counting from `waitStarted` for silence.
    private func remainingSeconds(since waitStarted: Double) -> Double {
        switch timing {
        case .total(let seconds): return started + seconds - Self.now()
        case .idle(let seconds): return waitStarted + seconds - Self.now()
        }
    }

    private var limitSeconds: Double {
        switch timing {
        case .total(let seconds), .idle(let seconds): return seconds
        }
    }

    // MARK: - stderr

    /// Reads what stderr has now, waiting at most `seconds` for it. Calls `poll`.
    private func drainDiagnostics(waitingUpTo seconds: Double) {
        guard stderrDescriptor >= 0 else {
            if seconds > 0 { usleep(UInt32(seconds * 1_000_000)) }
            return
        }
        var descriptor = pollfd(fd: stderrDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Int32(seconds * 1000)) > 0 { readDiagnostics() }
    }

    /// Reads one chunk of stderr into the tail, keeping its last ``AdapterLimits/maxDiagnosticBytes``.
    private func readDiagnostics() {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { read(stderrDescriptor, $0.baseAddress, $0.count) }
        if count <= 0 {
            if count == 0 || (errno != EINTR && errno != EAGAIN) { closeDescriptor(&stderrDescriptor) }
            return
        }
        diagnosticsTail.append(contentsOf: chunk[0..<count])
        let limit = max(limits.maxDiagnosticBytes, 0)
        if diagnosticsTail.count > limit { diagnosticsTail.removeFirst(diagnosticsTail.count - limit) }
    }

    // MARK: - Helpers

    /// Ends the registration of the group, killed and about to be reaped (its id still reserved).
    private func unregister() {
        AdapterCleanup.unregister(registration)
        registration = nil
    }

    private func closeDescriptor(_ descriptor: inout Int32) {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Seconds on the monotonic clock. Calls `clock_gettime`.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

@available(*, unavailable) extension AdapterProcess: Sendable {}
