import Foundation
import LedgerCore

/// Splits the rest of a file into rows on a thread of its own, a block at a time, so that
/// tokenizing a large file on one core overlaps with normalising its rows on another.
///
/// The preparer works out rows' descriptions here while at least one block waits for the
/// consumer (``HandOff/count``), and their days and numbers while two do; the consumer works out
/// what this thread left (``RowBlock/prepareDescriptions(with:)``, ``RowNormaliser``), so that
/// whichever thread is faster does it.
///
/// The reader (and its byte stream) belongs to the thread from the start until it hands over its
/// last item, `.end`, which carries the error that stopped reading, if any. At most `capacity`
/// blocks wait, each of at most `rowsPerBlock` rows and about ``bytesPerBlock`` bytes (or one
/// row), so memory stays flat. ``stop()`` cancels and waits for `.end`: after it returns,
/// the stream is the caller's again.
final class RowReadAhead: Sendable {
    enum Item: Sendable {
        case rows(RowBlock)
        case end((any Error)?)
    }

    private let queue: HandOff<Item>

    /// A block closes at this many bytes even before it has its rows (a row may hold 1 MiB).
    static let bytesPerBlock = 256 * 1024

    /// Starts reading; `preparer` does part of each row's normalising on the same thread.
    ///
    /// Blocks hold 1,024 rows by default: with 256, a million-row file took about 4,000 hand-overs
    /// and a thread went to sleep waiting for the other 800 to 1,800 times a run (a system call
    /// each way); with 1,024, 60 to 400 times.
    init(_ reader: CSVReader, preparer: RowPreparer?, rowsPerBlock: Int = 1024, capacity: Int = 8) {
        let queue = HandOff<Item>(capacity: capacity)
        self.queue = queue
        let transfer = Transfer(reader)
        let thread = Thread {
            var reader = transfer.reader
            var number = 1
            var block = RowBlock(capacity: rowsPerBlock, number: number)
            do {
                while try block.read(from: &reader, preparer: preparer) {
                    if block.count == rowsPerBlock || block.size >= RowReadAhead.bytesPerBlock {
                        guard queue.push(.rows(block)) else { break }
                        number += 1
                        // The descriptions are prepared here while a block waits for the thread
                        // that builds drafts, the days and numbers while two do: that thread
                        // works out what this one leaves, so the two share the work by how fast
                        // each goes (UTF-16, transcoded here, left this thread the slower one).
                        let waiting = queue.count
                        block = RowBlock(
                            capacity: rowsPerBlock, number: number, preparesValues: waiting > 1,
                            preparesDescriptions: waiting > 0)
                    }
                }
                if block.count > 0 { _ = queue.push(.rows(block)) }
                queue.finish(.end(nil))
            } catch {
                // The rows read before the error come first: they precede it in the file.
                if block.count > 0 { _ = queue.push(.rows(block)) }
                queue.finish(.end(error))
            }
        }
        thread.start()
    }

    /// The next block, or `.end` (again and again once reached).
    func next() -> Item { queue.pop() }

    /// Stops reading and waits until the thread has let go of the stream.
    func stop() {
        queue.cancel()
        while case .rows = queue.pop() {}
    }

    /// Moves the reader to the thread, which alone uses it from then on.
    private final class Transfer: @unchecked Sendable {
        let reader: CSVReader
        init(_ reader: CSVReader) { self.reader = reader }
    }
}
