import LedgerCore
import LedgerStore

/// Reads a source through its adapter and saves the drafts in batches, each whole or not at all.
///
/// The first failure stops the import: a draft that fails validation, an input error from the
/// adapter, or a batch the store refuses. The batches already saved stay; the batch in progress
/// is dropped whole, so nothing is written past the last whole batch. After a complete import a
/// checkpoint runs for each statement balance the source gave.
public struct BatchImporter {
    /// Drafts per database transaction.
    public var batchSize: Int
    /// Called after each batch is saved (and after each batch's worth of drafts in a dry run).
    public var progress: ((ImportProgress) -> Void)?
    /// The adapters asked which format a file is in when none is named: the built-in ones unless
    /// the caller adds the external adapters it trusts.
    public var adapters: [any SourceAdapter] = FormatRegistry.adapters
    /// The rules applied to each new row as it is saved (`docs/rules.md`), if any.
    public var rules: RuleSet?
    /// Whether reading ends, without a failure, at the first record (``settle(at:format:options:)``).
    private var endsAtFirstRecord = false

    /// Creates an importer.
    ///
    /// - Precondition: `batchSize > 0`.
    public init(batchSize: Int = 100, progress: ((ImportProgress) -> Void)? = nil) {
        precondition(batchSize > 0, "a batch holds at least one draft")
        self.batchSize = batchSize
        self.progress = progress
    }

    /// Imports a file.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - format: the adapter to use; detected by sniffing when `nil`.
    ///   - options: the user's options for the adapter.
    ///   - ledger: where to save; `nil` for a dry run that writes nothing.
    /// - Returns: the report; an import that could not start at all (the file missing or of no
    ///   known format) is a stopped report whose failure names no record.
    public func importFile(
        at path: String, format: (any SourceAdapter)?, options: AdapterOptions, into ledger: (any ImportStore)?
    ) -> ImportReport {
        importFile(at: path, format: format, options: options, into: ledger, comparingWith: nil)
    }

    /// Reads and checks a file, writing nothing, and counts which of its records a ledger already
    /// holds (by the identity the store enforces) and which are new.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - format: the adapter to use; detected by sniffing when `nil`.
    ///   - options: the user's options for the adapter.
    ///   - ledger: the ledger to compare with, only read; `nil` when there is none (all are new).
    /// - Returns: a `dryRun` report with ``ImportReport/new`` and ``ImportReport/duplicates``.
    public func dryRun(
        at path: String, format: (any SourceAdapter)?, options: AdapterOptions, comparingWith ledger: (any ImportStore)?
    ) -> ImportReport {
        importFile(at: path, format: format, options: options, into: nil, comparingWith: ledger)
    }

    /// Reads a file only up to its first record, writing nothing, to settle what must be known
    /// before a ledger is created: its format, its mapping, its account and currency.
    ///
    /// - Returns: a report whose ``ImportReport/failure`` is set when the file stops before any
    ///   record (missing, of no known format, its header, a choice it leaves open); else none.
    public func settle(at path: String, format: (any SourceAdapter)?, options: AdapterOptions) -> ImportReport {
        var reader = self
        reader.endsAtFirstRecord = true
        reader.progress = nil
        var report = reader.dryRun(at: path, format: format, options: options, comparingWith: nil)
        if report.failure?.record != nil { report.failure = nil }
        return report
    }

    private func importFile(
        at path: String, format: (any SourceAdapter)?, options: AdapterOptions, into ledger: (any ImportStore)?,
        comparingWith compared: (any ImportStore)?
    ) -> ImportReport {
        let adapter: any SourceAdapter
        if let format {
            adapter = format
        } else {
            do {
                let head = try FileByteStream.head(of: path)
                guard let detected = FormatRegistry.detect(head: head, fileName: path, among: adapters) else {
                    throw ImportError(.unknownFormat(known: adapters.map(\.id)), at: .file(path))
                }
                adapter = detected.adapter
            } catch {
                return ImportReport.notStarted(file: path, format: "unknown", error: error, dryRun: ledger == nil)
            }
        }
        let stream: FileByteStream
        do {
            // A dry run logs nothing, so it needs no digest of the file.
            stream = try FileByteStream(path: path, hashing: ledger != nil)
        } catch {
            return ImportReport.notStarted(file: path, format: adapter.id, error: error, dryRun: ledger == nil)
        }
        var options = options
        if options.fileName.isEmpty { options.fileName = path }
        var report = run(stream, adapter: adapter, options: options, into: ledger, comparingWith: compared)
        // An import the ledger refused before its log row was never read: it has no digest.
        report.sha256 = ledger == nil || report.importID != nil ? stream.sha256 : nil
        if let ledger, let importID = report.importID {
            try? ledger.finishImport(importID, report.outcome)
        }
        return report
    }

    /// Imports from a stream with a built-in adapter's type, as the `any SourceAdapter` form does.
    public func run(
        _ stream: any ByteStream, adapter: any FormatAdapter.Type, options: AdapterOptions,
        into ledger: (any ImportStore)?,
        comparingWith compared: (any ImportStore)? = nil
    ) -> ImportReport {
        run(stream, adapter: BuiltInAdapter(adapter), options: options, into: ledger, comparingWith: compared)
    }

    /// Imports from a stream with a given adapter, built in or external. The caller closes the
    /// import's log row with ``ImportReport/outcome`` (``importFile(at:format:options:into:)`` does
    /// it for you).
    ///
    /// - Parameter compared: for a dry run (`ledger` `nil`), a ledger to count new records against.
    public func run(
        _ stream: any ByteStream, adapter: any SourceAdapter, options: AdapterOptions, into ledger: (any ImportStore)?,
        comparingWith compared: (any ImportStore)? = nil
    ) -> ImportReport {
        let compared = ledger == nil ? compared : nil
        // The ledger's declared commodities, unless the caller gave a table of its own.
        var options = options
        if options.commodities.isEmpty, let known = (ledger ?? compared)?.commodities { options.commodities = known }
        var session = ImportSession(
            ledger: ledger, comparedLedger: compared, batchSize: batchSize, progress: progress,
            report: ImportReport(file: stream.name, format: adapter.id, status: ledger == nil ? .dryRun : .complete))
        session.endsAtFirstRecord = endsAtFirstRecord && ledger == nil
        session.rules = ledger == nil ? nil : rules?.makeEvaluator()
        do {
            if let ledger {
                session.report.importID = try ledger.beginImport(
                    sourcePath: stream.name, adapter: adapter.id, mapping: options.settings["mapping"],
                    adapterVersion: adapter.provenance.version, adapterSHA256: adapter.provenance.sha256,
                    process: .current)
            }
            let reader = try adapter.reader(options: options)
            // Chunks of at least a thousand drafts: hand-overs stay rare however small the batches.
            // A dry run's chunks hold only counts, so they may stand for many more.
            let perChunk = ledger == nil && compared == nil ? 1 << 16 : max(batchSize, 1024)
            let pipeline = EventPipeline(
                adapter: reader, stream: stream, draftsPerChunk: perChunk,
                handling: ledger != nil || compared != nil ? .prepare : .check)
            try Self.consume(pipeline, into: &session)
            try session.flush()
            try session.runCheckpoints()
        } catch is FirstRecordReached {
            // Settled: the file reaches a record.
        } catch {
            session.stop(with: error, file: stream.name)
        }
        return session.report
    }

    /// Takes the reading thread's events in order until it finishes; on a failure here, cancels
    /// it and waits for it to end before rethrowing, so the stream is never shared.
    private static func consume(_ pipeline: EventPipeline, into session: inout ImportSession) throws {
        while true {
            switch pipeline.next() {
            case .events(var events):
                do {
                    // Each event is moved out of the chunk, not copied: a copy of a draft would
                    // retain each of its strings here and release them again with the chunk.
                    for index in events.indices { try session.accept(events.take(at: index)) }
                } catch {
                    pipeline.cancel()
                    while case .events = pipeline.next() {}
                    throw error
                }
            case .finished(let error):
                if let error { throw error }
                return
            }
        }
    }
}

extension ImportReport {
    /// A stopped report for an import that failed before reading any record.
    static func notStarted(file: String, format: String, error: any Error, dryRun: Bool) -> ImportReport {
        var report = ImportReport(file: file, format: format, status: .stopped)
        let located = error as? any LocatedError
        report.failure = ImportFailure(
            record: nil, location: located?.location ?? .file(file), reason: located?.message ?? "\(error)")
        return report
    }

    /// The counts and status as the imports log keeps them.
    public var outcome: Ledger.ImportOutcome {
        Ledger.ImportOutcome(
            sha256: sha256, mapping: mapping, read: read, inserted: inserted, duplicates: duplicates,
            batches: batches, status: status == .stopped ? .stopped : .complete, failure: failure?.description)
    }
}
