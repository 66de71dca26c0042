import Foundation
import LedgerCore

/// Runs an adapter's reader on a thread of its own for `extract`, handing its events over in
/// chunks of up to 1,024 (at most four chunks waiting, so memory stays flat). The last item is
/// always `.finished`, with the error that ended reading, if any.
final class ExtractPipeline: Sendable {
    enum Item: Sendable {
        case events([AdapterEvent])
        case finished((any Error)?)
    }

    private let queue = HandOff<Item>(capacity: 4)

    /// Starts reading; the reader and the stream are used only by the new thread from now on.
    init(reader: any DraftReader, stream: any ByteStream) {
        let queue = self.queue
        let work = Transfer(reader: reader, stream: stream)
        let thread = Thread {
            var chunk: [AdapterEvent] = []
            chunk.reserveCapacity(1024)
            var failure: (any Error)?
            do {
                try work.reader.drafts(from: work.stream) { event in
                    chunk.append(event)
                    if chunk.count >= 1024 {
                        guard queue.push(.events(chunk)) else { throw Cancelled() }
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                if !chunk.isEmpty { _ = queue.push(.events(chunk)) }
            } catch is Cancelled {
                failure = nil
            } catch {
                // The events read before the failure still go first: they precede it in the file.
                if !chunk.isEmpty { _ = queue.push(.events(chunk)) }
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

    /// Moves the reader and its stream to the reading thread, which alone uses them until it ends.
    private final class Transfer: @unchecked Sendable {
        let reader: any DraftReader
        let stream: any ByteStream
        init(reader: any DraftReader, stream: any ByteStream) {
            self.reader = reader
            self.stream = stream
        }
    }
}
