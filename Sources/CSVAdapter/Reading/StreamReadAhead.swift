import Foundation
import LedgerCore

/// A byte stream whose source is read on a thread of its own, a few chunks ahead.
///
/// A UTF-16 file's transcoding (``UTF16Transcoder``) was a fifth of the read-ahead thread's work
/// on a row; behind this stream it runs beside the splitting of rows instead of before it.
///
/// Chunks arrive in the source's order, and the source's error after every chunk read before it,
/// as when the source is read directly. At most `capacity` chunks wait, so memory stays flat.
/// ``stop()``, or letting go of the stream, cancels the thread and waits for it to let go of the
/// source.
final class StreamReadAhead: ByteStream {
    private enum Item: Sendable {
        case chunk([UInt8])
        case end((any Error)?)
    }

    let name: String
    private let queue: HandOff<Item>
    private var stopped = false

    /// Starts reading `source`, which the thread alone uses from then on.
    init(_ source: any ByteStream, capacity: Int = 4) {
        name = source.name
        let queue = HandOff<Item>(capacity: capacity)
        self.queue = queue
        let transfer = Transfer(source)
        // The thread holds the queue and the source, not this stream: letting go of the stream
        // stops it (deinit).
        let thread = Thread {
            let source = transfer.source
            do {
                while let chunk = try source.nextChunk() {
                    guard queue.push(.chunk(chunk)) else { break }
                }
                queue.finish(.end(nil))
            } catch {
                queue.finish(.end(error))
            }
        }
        thread.start()
    }

    deinit { stop() }

    func nextChunk() throws -> [UInt8]? {
        switch queue.pop() {
        case .chunk(let chunk):
            return chunk
        case .end(let error):
            if let error { throw error }
            return nil
        }
    }

    /// Stops reading and waits until the thread has let go of the source.
    func stop() {
        guard !stopped else { return }
        stopped = true
        queue.cancel()
        while case .chunk = queue.pop() {}
    }

    /// Moves the source to the thread, which alone uses it from then on.
    private final class Transfer: @unchecked Sendable {
        let source: any ByteStream
        init(_ source: any ByteStream) { self.source = source }
    }
}

@available(*, unavailable)
extension StreamReadAhead: Sendable {}
