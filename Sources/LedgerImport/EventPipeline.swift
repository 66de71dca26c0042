import Foundation
import LedgerCore

/// Runs an adapter on a thread of its own and hands its events over in chunks, so that reading,
/// parsing and preparing drafts (``DraftPreparation``: validation, fingerprints, occurrence
/// numbers) on one core overlap with writing to SQLite on the other.
///
/// A chunk closes after `draftsPerChunk` records (drafts or any other event) or about
/// ``bytesPerChunk`` bytes of them. At most `capacity` chunks wait at a time (a
/// ``HandOff``), which keeps memory flat however large the file. The consumer can cancel: the
/// adapter's next emit then throws and the reading thread winds down. The last item is always
/// `.finished`, carrying the error that ended reading, if any.
final class EventPipeline: Sendable {
    enum Item: Sendable {
        case events([PreparedEvent])
        case finished((any Error)?)
    }

    /// What the reading thread does with each draft.
    enum Handling: Sendable {
        /// Validates and identifies it (an import, or a dry run compared with a ledger).
        case prepare
        /// Validates it only; it crosses as a count (``PreparedEvent/checked``): each draft is
        /// built and freed on the reading thread (a dry run with no ledger).
        case check
        /// Hands it over as the adapter emitted it, as ``PreparedEvent/other(_:)`` (`extract`).
        case pass
    }

    private let queue: HandOff<Item>

    /// Starts reading on a new thread.
    ///
    /// The adapter and the stream are used only by that thread until it has pushed `.finished`;
    /// the caller must not touch the stream before popping `.finished`.
    init(
        adapter: any DraftReader, stream: any ByteStream, draftsPerChunk: Int, handling: Handling = .prepare,
        capacity: Int = 4
    ) {
        let queue = HandOff<Item>(capacity: capacity)
        self.queue = queue
        let work = Transfer(adapter: adapter, stream: stream)
        let thread = Thread {
            var chunk = Chunk()
            var failure: (any Error)?
            var preparation = DraftPreparation()
            do {
                // Closures written where they are passed: one kept in a constant, or a local
                // function, escapes, and the variables it captures are boxed and each access to
                // them checked for exclusivity at run time (230 instructions a draft).
                try work.adapter.drafts(
                    from: work.stream,
                    emit: { event in
                        switch handling {
                        case .pass: chunk.add(.other(event))
                        case .check where try preparation.checkDraft(event): chunk.addChecked()
                        case .check, .prepare: chunk.add(try preparation.prepare(event))
                        }
                        try Self.handOver(&chunk, to: queue, ifAbove: draftsPerChunk)
                    },
                    draft: { draft in
                        // A draft handed over alone is moved, never copied out of an event.
                        switch handling {
                        case .pass: chunk.add(.other(.draft(draft)))
                        case .check:
                            try preparation.check(draft: draft)
                            chunk.addChecked()
                        case .prepare: chunk.add(try preparation.prepare(draft: draft))
                        }
                        try Self.handOver(&chunk, to: queue, ifAbove: draftsPerChunk)
                    })
                if !chunk.isEmpty { _ = queue.push(.events(chunk.take())) }
            } catch is Cancelled {
                failure = nil
            } catch {
                // The events read before the failure still go first: they precede it in the file.
                if !chunk.isEmpty { _ = queue.push(.events(chunk.take())) }
                failure = error
            }
            queue.finish(.finished(failure))
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next item, waiting for the reading thread if needed.
    func next() -> Item { queue.pop() }

    /// Asks the reading thread to stop; keep calling ``next()`` until `.finished` arrives.
    func cancel() { queue.cancel() }

    private struct Cancelled: Error {}

    /// Hands the chunk over once it holds `drafts` records or ``bytesPerChunk`` bytes.
    ///
    /// - Throws: ``Cancelled`` once the consumer has cancelled.
    private static func handOver(_ chunk: inout Chunk, to queue: HandOff<Item>, ifAbove drafts: Int) throws {
        if chunk.drafts >= drafts || chunk.bytes >= bytesPerChunk {
            guard queue.push(.events(chunk.take())) else { throw Cancelled() }
        }
    }

    /// A chunk closes at about this many bytes of events even before it has its records: a file
    /// of long descriptions keeps memory flat too.
    static let bytesPerChunk = 1 << 20

    /// The chunk being filled. A run of checked drafts (a dry run's) is kept as a count until
    /// another event or the hand-over closes it, so a dry run's chunks stay small however many
    /// drafts they stand for.
    private struct Chunk {
        private var events: [PreparedEvent] = []
        private var checked = 0
        /// Records in the chunk: drafts (checked ones included) and every other event.
        private(set) var drafts = 0
        /// About how many bytes the chunk's events hold.
        private(set) var bytes = 0

        var isEmpty: Bool { events.isEmpty && checked == 0 }

        /// Counts a dry run's checked draft.
        mutating func addChecked() {
            checked += 1
            drafts += 1
        }

        /// Adds an event, moved into the chunk (a copy of a draft would retain and release each
        /// of its strings).
        mutating func add(_ event: consuming PreparedEvent) {
            switch event {
            case .checked(let count):
                checked += count
                drafts += count
                return
            case .draft(let prepared):
                closeRun()
                bytes += 256 + prepared.draft.descriptionText.utf8Count + prepared.draft.memo.utf8.count
            case .other(let other):
                // Every record counts toward the chunk: a source printing only balances, skipped
                // or mapping records still hands over chunks of bounded size.
                closeRun()
                bytes += Self.approximateBytes(of: other)
            }
            events.append(event)
            drafts += 1
        }

        /// The events so far, in order; the chunk starts again empty.
        mutating func take() -> [PreparedEvent] {
            closeRun()
            defer {
                events.removeAll(keepingCapacity: true)
                drafts = 0
                bytes = 0
            }
            return events
        }

        /// A rough size of an event other than a draft, with its text.
        private static func approximateBytes(of event: AdapterEvent) -> Int {
            switch event {
            case .skipped(let skipped): return 128 + skipped.reason.utf8.count
            case .mapping(let name): return 128 + name.utf8.count
            case .draft(let draft): return 256 + draft.descriptionText.utf8Count + draft.memo.utf8.count
            default: return 256
            }
        }

        private mutating func closeRun() {
            guard checked > 0 else { return }
            events.append(.checked(checked))
            checked = 0
        }
    }

    /// Moves the adapter and its stream to the reading thread, which alone uses them until it ends.
    private final class Transfer: @unchecked Sendable {
        let adapter: any DraftReader
        let stream: any ByteStream
        init(adapter: any DraftReader, stream: any ByteStream) {
            self.adapter = adapter
            self.stream = stream
        }
    }
}
