import AdapterProtocol
import LedgerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads one file through an external adapter's `extract`: the input's bytes are copied to a
/// private file of the same base name (so the host's SHA-256 of the stream covers exactly what the
/// adapter reads), the adapter runs on it, and each output line is checked and emitted as an event.
struct ExternalDraftReader: DraftReader {
    let adapter: ExternalAdapter
    let options: AdapterOptions

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        // Locations name the stream, as a built-in adapter's do; the copy takes the file's base name.
        var options = options
        let baseName = Self.baseName(options.fileName.isEmpty ? input.name : options.fileName)
        options.fileName = input.name
        let location = SourceLocation.file(input.name)
        let directory = try PrivateDirectory(adapter: adapter.name, at: location)
        let copy = directory.path + "/" + baseName
        // The copy of the user's file goes too if ledgerport is interrupted.
        let copyRegistration = AdapterCleanup.register(file: copy)
        defer {
            directory.remove()
            AdapterCleanup.unregister(copyRegistration)
        }
        try Self.copy(input, to: copy, adapter: adapter.name, at: location)

        try adapter.checkUnchanged(at: location)
        let process = try AdapterProcess(
            adapter: adapter.name, path: adapter.path, arguments: ["extract", copy],
            environment: AdapterEnvironment.make(
                settings: adapter.declaredSettings(options.settings), protocols: adapter.description.protocols),
            directory: directory.path,
            limits: adapter.limits, timing: .idle(adapter.limits.idleSeconds), at: location)
        defer { process.terminate() }
        var decoder = ProtocolLineDecoder(adapter: adapter.name, options: options)
        var unterminatedLine: Int?
        do {
            try process.forEachLine { line, number, isTerminated in
                guard isTerminated else {
                    unterminatedLine = number
                    return
                }
                if case .event(let event) = try decoder.decode(line, lineNumber: number) { try emit(event) }
            }
            // How the process ended explains a cut-off last line best (a crash), so it comes first.
            try process.finish()
            if let unterminatedLine { throw decoder.unterminated(line: unterminatedLine) }
            try decoder.finish()
        } catch var error as ProtocolError {
            // What the adapter said on stderr may explain broken output (a traceback, a warning
            // printed to stdout by mistake); an `error` record speaks for itself.
            if case .reported = error.reason {} else { error.diagnostics = process.latestDiagnostics() }
            throw error
        }
    }

    /// The file's base name for the private copy: `march.json` from `~/Downloads/march.json`.
    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        if name.isEmpty || name == "." || name == ".." || name.utf8.contains(0) { return "input" }
        return name
    }

    /// Writes the stream's bytes to a new private (0600) file. Calls `open` and `write`.
    private static func copy(_ input: any ByteStream, to path: String, adapter: String, at location: SourceLocation)
        throws
    {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ExternalAdapterError(
                .io("cannot make its private copy of the input: \(String(cString: strerror(errno)))"),
                adapter: adapter, at: location)
        }
        defer { close(descriptor) }
        while let chunk = try input.nextChunk() {
            var written = 0
            while written < chunk.count {
                let count = chunk.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return write(descriptor, base + written, buffer.count - written)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ExternalAdapterError(
                        .io("cannot write its private copy of the input: \(String(cString: strerror(errno)))"),
                        adapter: adapter, at: location)
                }
                written += count
            }
        }
    }
}

extension ProtocolLineDecoder {
    /// The last line of output had no `\n`: the output was cut short.
    fileprivate func unterminated(line: Int) -> ProtocolError {
        ProtocolError(
            .invalidLine(
                line: line, "the line does not end with a newline; expected every line, \"end\" too, to end with \\n"),
            adapter: adapter, at: .file(file))
    }
}
