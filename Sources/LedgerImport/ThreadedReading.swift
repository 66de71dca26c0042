import LedgerCore

/// Reads a source through an adapter's reader on a thread of its own and hands its events to the
/// caller in order, in chunks, so that reading a file and using its events (`extract` writing
/// JSON Lines) overlap on two cores. The same reading thread as an import's (``EventPipeline``),
/// with every event passed on as the adapter emitted it.
public enum ThreadedReading {
    /// Reads the whole stream.
    ///
    /// - Parameters:
    ///   - reader: the adapter's reader, used only by the reading thread until this returns.
    ///   - stream: the source, likewise.
    ///   - body: receives the events in order, a chunk at a time; an error it throws stops the
    ///     reading thread (which this waits for) and is rethrown.
    /// - Returns: the error that ended reading (bad input), or `nil` when the whole stream was read.
    public static func read(
        _ reader: any DraftReader, from stream: any ByteStream, each body: ([AdapterEvent]) throws -> Void
    ) throws -> (any Error)? {
        let pipeline = EventPipeline(adapter: reader, stream: stream, draftsPerChunk: 1024, handling: .pass)
        while true {
            switch pipeline.next() {
            case .events(let prepared):
                do {
                    try body(
                        prepared.compactMap { item in
                            guard case .other(let event) = item else { return nil }
                            return event
                        })
                } catch {
                    pipeline.cancel()
                    while case .events = pipeline.next() {}
                    throw error
                }
            case .finished(let error):
                return error
            }
        }
    }
}
