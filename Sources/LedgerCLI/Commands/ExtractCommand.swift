import AdapterProtocol
import CSVAdapter
import Foundation
import LedgerCore
import LedgerImport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ledgerport extract FILE`: what an adapter reads from a file, as the adapter protocol's JSON
/// Lines (docs/plugins.md), for any adapter, built in or external.
struct ExtractCommand: Command {
    static let name = "extract"
    static let abstract = "Print what an adapter reads from a file as the adapter protocol's JSON Lines."
    static let arguments = "FILE"
    static let discussion = """
        Reads FILE with the adapter that recognises it (or the one named with --format) and prints
        one JSON object per line, exactly as an external adapter's `extract` would (docs/plugins.md):
        accounts, transactions, balances, skipped records, corrections, then an `end` record that
        counts them. Nothing is written to the ledger. Lines are written as they are read, so memory
        stays flat however large the file.
        When the file holds bad data, the records before it are printed, then an `error` record and
        the `end` record; the error is also reported on stderr as FILE:LINE:COLUMN: error: ….
        Exit status: 0 when the whole file was read, 1 when bad data stopped it or a file can't be
        read or written, 2 for bad usage (an unknown --format or --mapping, a missing --account or
        --currency).
        """
    static let opensLedger = false
    static let options: [OptionSpec] = [
        .value("--format", "ID", "The file format, when detection should not decide (see `ledgerport formats`)."),
        .value("--account", "NAME", "The account the rows belong to; required when the file names none."),
        .value(
            "--currency", "CODE",
            "The currency of a file that states none (ISO 4217 such as EUR, or a declared commodity)."),
        .value("--mapping", "NAME|PATH", "The CSV mapping to use (default: the one whose header matches)."),
        AdapterOptionArguments.spec,
        .value("-o", "FILE", "Write the lines to FILE instead of stdout."),
    ]

    /// About how many bytes are gathered before they are written.
    static let chunkSize = 256 * 1024

    let file: String
    let formatID: String?
    let account: String?
    /// `--currency`, resolved through the ledger's commodities.
    let currencyCode: String?
    /// The adapter's own options (`--option NAME=VALUE`, `--mapping`).
    let settings: AdapterSettings
    let outputPath: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("extract needs exactly one FILE") }
        file = arguments.positionals[0]
        formatID = arguments.value("--format")
        account = try arguments.accountName("--account")
        currencyCode = try ParsedArguments.currencyCode(arguments.value("--currency"))
        settings = try AdapterOptionArguments.settings(in: arguments)
        outputPath = arguments.value("-o")
        if outputPath?.isEmpty == true { throw UsageError("-o needs a file name: -o FILE") }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let directories = LedgerLocation.mappingDirectories(environment: context.environment)
        let adapter = try Self.adapter(for: file, named: formatID, in: context)
        try AdapterOptionArguments.check(settings, for: adapter, mappingDirectories: directories)
        let commodities = context.declaredCommodities()
        var options = AdapterOptionArguments.merged(
            settings,
            into: AdapterOptions(
                account: account, mappingDirectories: directories, fileName: file,
                currency: try ParsedArguments.currency(currencyCode, in: commodities), namesAccountAfterFile: false))
        options.commodities = commodities
        let stream = try FileByteStream(path: file, hashing: false)
        let stop: (any Error)?
        if let outputPath {
            if Self.isSameFile(outputPath, file) {
                throw UsageError("-o \(outputPath) is the input file; expected another file to write to")
            }
            let output = try OutputFile(path: outputPath)
            stop = try Self.extract(stream, adapter: adapter, options: options) { try output.append($0) }
        } else {
            stop = try Self.extract(stream, adapter: adapter, options: options) { context.console.printVerbatim($0) }
        }
        guard let stop else { return 0 }
        if let located = stop as? any LocatedError {
            context.console.error(located.description)
        } else {
            context.console.error("\(file): error: \(stop)")
        }
        return stop is MissingChoice ? 2 : 1
    }

    /// Whether two paths name the same existing file (same device and inode). Calls `stat(2)`.
    private static func isSameFile(_ one: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(one, &first) == 0, stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The adapter `--format ID` names, else the one most sure of the file.
    ///
    /// - Throws: ``UsageError`` for an unknown id; ``ImportError`` when the file can't be read;
    ///   ``RuntimeError`` when no adapter recognises it, naming the external adapters not trusted.
    static func adapter(for file: String, named id: String?, in context: CommandContext) throws -> any SourceAdapter {
        if let named = try context.adapter(format: id) { return named }
        context.noteBlockedAdapters(notAskedAbout: file)
        let head = try FileByteStream.head(of: file)
        guard let detected = context.detect(head: head, file: file) else {
            let error = ImportError(.unknownFormat(known: context.adapters.map(\.id)), at: .file(file))
            throw RuntimeError(error.description + context.untrustedAdapterHint())
        }
        return detected.adapter
    }

    /// Reads a stream with an adapter and hands its records, as protocol lines, to `sink` in
    /// chunks of about ``chunkSize`` bytes as they are read; the last chunk ends with the `end`
    /// record.
    ///
    /// - Returns: the error that stopped the reading (written as an `error` record before `end`),
    ///   or `nil` when the whole stream was read.
    /// - Throws: only what `sink` throws (an output that can't be written).
    static func extract(
        _ stream: any ByteStream, adapter: any SourceAdapter, options: AdapterOptions,
        to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> (any Error)? {
        let writer = ProtocolRecordWriter(capacity: chunkSize + 64 * 1024)
        let reader: any DraftReader
        do {
            reader = try adapter.reader(options: options)
        } catch {
            writer.writeError(error)
            writer.writeEnd()
            try writer.flush(to: sink)
            return error
        }
        // The adapter reads on a thread of its own, so that parsing the file and writing the
        // lines overlap on two cores.
        let stop = try ThreadedReading.read(reader, from: stream) { events in
            for event in events { writer.write(event) }
            // The sink's own failure is not bad data: it stops the reading and is rethrown.
            if writer.bufferedByteCount >= chunkSize { try writer.flush(to: sink) }
        }
        if let stop { writer.writeError(stop) }
        writer.writeEnd()
        try writer.flush(to: sink)
        return stop
    }
}

/// A file the extracted lines are written to (`-o FILE`): opened for writing, created or truncated
/// in place (never replaced by a new file, so that `-o /dev/null` or a symbolic link writes where
/// it points).
private final class OutputFile {
    private let descriptor: Int32
    private let path: String

    /// Calls `open(2)`.
    init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RuntimeError("can't write \(path): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes all the bytes. Calls `write(2)` until they are written.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw RuntimeError("can't write \(path): \(String(cString: strerror(errno)))")
            }
            next += written
            remaining -= written
        }
    }
}
