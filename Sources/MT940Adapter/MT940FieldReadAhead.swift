import Foundation
import LedgerCore

/// Reads a file's fields on a thread of its own, so that on two cores splitting lines and
/// reading `:86:` (``MT940FieldReader``, ``MT940Information``) overlap with reading `:61:`,
/// checking balances and building drafts (``MT940StatementBuilder``) on the caller's thread.
///
/// The fields cross in batches (``MT940FieldBatch``) through a ``HandOff``, at most `capacity`
/// waiting, so memory stays flat. The builder takes them in file order, as if it read them
/// itself: the same events, and the first error in the file, with its location. An error of the
/// reading thread (a line too long, a stream that fails) is its last item, after the fields
/// before it, so an error the builder finds earlier in the file is still the one thrown. The
/// stream belongs to the thread from the start until ``stop()`` returns.
///
///     let readAhead = MT940FieldReadAhead(input)
///     defer { readAhead.stop() }
///     try readAhead.play(into: &builder)
final class MT940FieldReadAhead: Sendable {
    enum Item: Sendable {
        case fields(MT940FieldBatch)
        /// The whole file was read: where it ends, and its first line.
        case end(SourceLocation, firstLine: String)
        /// Reading stopped at bad input or a failing stream.
        case failed(any Error)
    }

    /// What the reading thread throws to stop once the builder's thread has stopped.
    struct Cancelled: Error {}

    private let queue: HandOff<Item>
    private let fileName: String

    /// Starts reading `input` on a new thread.
    init(_ input: any ByteStream, capacity: Int = 8) {
        let queue = HandOff<Item>(capacity: capacity)
        self.queue = queue
        fileName = input.name
        let transfer = Transfer(input)
        let thread = Thread {
            let input = transfer.input
            var reader = MT940FieldReader(fileName: input.name, queue: queue)
            do {
                while let chunk = try input.nextChunk() { try reader.feed(chunk) }
                let (end, firstLine) = try reader.finish()
                queue.finish(.end(end, firstLine: firstLine))
            } catch let cancelled as Cancelled {
                queue.finish(.failed(cancelled))
            } catch {
                // The fields read before the error go first: they precede it in the file.
                // Once the builder has stopped, nobody waits for them.
                _ = try? reader.handOverRest()
                queue.finish(.failed(error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Gives the builder every field in file order, then ends the file.
    ///
    /// - Throws: the first error in file order: the builder's, or the reading thread's.
    func play(into builder: inout MT940StatementBuilder) throws {
        var field = MT940Field(tag: .other, value: [], location: .file(fileName))
        while true {
            switch queue.pop() {
            case .fields(var batch):
                try batch.play(into: &builder, field: &field)
            case .end(let end, let firstLine):
                try builder.finish(at: end, firstLine: firstLine)
                return
            case .failed(let error):
                throw error
            }
        }
    }

    /// Stops the reading thread and waits until it has let go of the stream.
    func stop() {
        queue.cancel()
        while case .fields = queue.pop() {}
    }

    /// Moves the stream to the thread, which alone uses it until it hands over its last item.
    private final class Transfer: @unchecked Sendable {
        let input: any ByteStream
        init(_ input: any ByteStream) { self.input = input }
    }
}
