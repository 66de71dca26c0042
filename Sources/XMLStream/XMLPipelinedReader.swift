import Foundation
import LedgerCore

/// Reads like ``XMLStreamReader`` (the same hardened libxml2 parser, the same events, positions
/// and errors in the same order), with libxml2 on a thread of its own: while it parses one chunk,
/// the handler works through the events of the chunk before, on the caller's thread. On two cores
/// a reader whose handler does as much work as libxml2 takes about half the time.
///
/// Each chunk's events are written on an ``XMLEventTape`` and played back to the handler during a
/// later `feed` or `finish` call. An error libxml2 finds is thrown after the events before it
/// have been played back, from the call that plays them; an error the handler throws stops the
/// parsing thread. Memory stays flat: at most a few chunks and their tapes wait at a time.
///
/// A handler that finishes the document early (``XMLEventHandler/hasFinishedDocument``) gets no
/// more events, and errors in what follows are ignored, as with ``XMLStreamReader``; libxml2 may
/// have read a few chunks past that point.
///
///     let reader = XMLPipelinedReader(handler: handler, fileName: "statement.xml")
///     while let chunk = try input.nextChunk() { try reader.feed(chunk) }
///     let end = try reader.finish()
public final class XMLPipelinedReader {
    private let handler: any XMLEventHandler
    private let pipeline: Pipeline
    private let fileName: String
    private let lineOffset: Int
    private let blockSize: Int
    private var isStarted = false
    private var isStopped = false
    /// Where the last event played back starts, for `finish` after an early finish.
    private var lastLocation: (line: Int, column: Int)
    private var attributePointers: [UnsafePointer<UInt8>?] = []

    /// Creates a reader; the parsing thread starts with the first chunk.
    ///
    /// - Parameters: as for ``XMLStreamReader/init(handler:fileName:lineOffset:blockSize:)``.
    public init(
        handler: any XMLEventHandler, fileName: String, lineOffset: Int = 0,
        blockSize: Int = XMLStreamReader.defaultBlockSize
    ) {
        self.handler = handler
        self.fileName = fileName
        self.lineOffset = lineOffset
        self.blockSize = blockSize
        lastLocation = (1 + lineOffset, 1)
        pipeline = Pipeline(capacity: 4)
    }

    /// Stops the parsing thread and waits for it.
    deinit {
        if isStarted {
            pipeline.cancel()
            pipeline.waitUntilDone()
        }
    }

    // MARK: - API

    /// Hands a chunk to the parsing thread, playing back the events of earlier chunks that are ready.
    ///
    /// - Parameter chunk: the next bytes of the document, of any length.
    /// - Throws: ``XMLStreamError`` for refused input, or what the handler threw.
    public func feed(_ chunk: [UInt8]) throws {
        if isStopped || handler.hasFinishedDocument { return }
        guard chunk.count > Self.largestInput else {
            try exchange(.bytes(chunk), untilReply: false)
            return
        }
        // A large chunk goes over in parts, so that no tape grows with the caller's chunk size.
        var start = 0
        while start < chunk.count, !isStopped, !handler.hasFinishedDocument {
            let end = min(chunk.count, start + Self.largestInput)
            try exchange(.bytes(Array(chunk[start..<end])), untilReply: false)
            start = end
        }
    }

    /// The most bytes handed to the parsing thread at a time (a larger chunk goes in parts).
    public static let largestInput = 1 << 20

    /// Plays back the events of every chunk handed over so far, waiting for libxml2 to read them.
    ///
    /// - Throws: ``XMLStreamError`` for refused input, or what the handler threw.
    public func deliverPending() throws {
        if isStopped || handler.hasFinishedDocument || !isStarted { return }
        try exchange(.flush, untilReply: true)
    }

    /// Ends the input, plays back the last events and checks that the document is complete.
    ///
    /// - Returns: where the input ended (line and column past the last byte).
    /// - Throws: ``XMLStreamError`` for refused input (a document cut short included), or what
    ///   the handler threw.
    @discardableResult
    public func finish() throws -> SourceLocation {
        if !isStopped && !handler.hasFinishedDocument, let end = try exchange(.end, untilReply: true) {
            return end
        }
        return SourceLocation(file: fileName, line: lastLocation.line, column: lastLocation.column)
    }

    // MARK: - Private helpers

    /// Sends `input`, playing back what comes back meanwhile; with `untilReply`, goes on until
    /// the thread has answered it (`.flushed` or `.finished`).
    @discardableResult
    private func exchange(_ input: Pipeline.Input, untilReply: Bool) throws -> SourceLocation? {
        startIfNeeded()
        var pending: Pipeline.Input? = input
        do {
            while let output = pipeline.next(sending: &pending, waiting: untilReply) {
                switch output {
                case .events(let tape):
                    try tape.play(to: handler, attributePointers: &attributePointers)
                    if let last = tape.lastPosition { lastLocation = last }
                    pipeline.giveBack(tape)
                    if handler.hasFinishedDocument {
                        stop()
                        return nil
                    }
                case .failed(let error):
                    throw error
                case .flushed:
                    return nil
                case .finished(let end):
                    isStopped = true
                    return end
                }
            }
        } catch {
            stop()
            throw error
        }
        return nil
    }

    private func stop() {
        isStopped = true
        pipeline.cancel()
    }

    private func startIfNeeded() {
        guard !isStarted else { return }
        isStarted = true
        let pipeline = self.pipeline
        let fileName = self.fileName
        let lineOffset = self.lineOffset
        let blockSize = self.blockSize
        let skipsBlankText = handler.skipsBlankTextAfterTags
        let thread = Thread {
            XMLPipelinedReader.parse(
                pipeline, fileName: fileName, lineOffset: lineOffset, blockSize: blockSize,
                skipsBlankTextAfterTags: skipsBlankText)
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The parsing thread: each chunk through an ``XMLStreamReader`` onto a tape.
    private static func parse(
        _ pipeline: Pipeline, fileName: String, lineOffset: Int, blockSize: Int, skipsBlankTextAfterTags: Bool
    ) {
        let recorder = XMLEventTapeRecorder(skipsBlankTextAfterTags: skipsBlankTextAfterTags)
        let reader = XMLStreamReader(
            handler: recorder, fileName: fileName, lineOffset: lineOffset, blockSize: blockSize)
        defer { pipeline.markDone() }
        while let input = pipeline.nextInput() {
            do {
                switch input {
                case .bytes(let chunk):
                    try reader.feed(chunk)
                    if let tape = recorder.take(reusing: pipeline.spare), !pipeline.push(.events(tape)) { return }
                case .flush:
                    if let tape = recorder.take(reusing: pipeline.spare), !pipeline.push(.events(tape)) { return }
                    if !pipeline.push(.flushed) { return }
                case .end:
                    let end = try reader.finish()
                    if let tape = recorder.take(reusing: pipeline.spare), !pipeline.push(.events(tape)) { return }
                    _ = pipeline.push(.finished(end))
                    return
                }
            } catch {
                // The events before the error go first: they precede it in the file.
                if let tape = recorder.take(reusing: pipeline.spare), !pipeline.push(.events(tape)) { return }
                _ = pipeline.push(.failed(error))
                return
            }
        }
    }

    /// The two queues between the threads, under one lock: chunks to parse one way, tapes and
    /// the outcome the other. Each holds at most `capacity` items; the reading side always takes
    /// a tape before waiting to send, so neither side waits on the other for ever.
    private final class Pipeline: @unchecked Sendable {
        enum Input: Sendable {
            case bytes([UInt8])
            /// Answer with `.flushed` once everything before has been parsed.
            case flush
            case end
        }

        enum Output: Sendable {
            case events(XMLEventTape)
            case failed(any Error)
            case flushed
            case finished(SourceLocation)
        }

        private let condition = NSCondition()
        private let capacity: Int
        private var inputs: [Input] = []
        private var outputs: [Output] = []
        private var spares: [XMLEventTape] = []
        private var isCancelled = false
        private var isDone = false

        init(capacity: Int) {
            self.capacity = capacity
        }

        /// The reading side: the next output, sending `input` (set to `nil` once sent) when there
        /// is room. Returns `nil` once the input is sent and, unless `waiting`, nothing is ready;
        /// or when the parsing thread has ended with nothing more to give.
        func next(sending input: inout Input?, waiting: Bool) -> Output? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if !outputs.isEmpty {
                    condition.broadcast()
                    return outputs.removeFirst()
                }
                if let pending = input, inputs.count < capacity {
                    inputs.append(pending)
                    input = nil
                    condition.broadcast()
                    continue
                }
                if input == nil && !waiting { return nil }
                if isDone { return nil }
                condition.wait()
            }
        }

        /// The parsing side: the next chunk, or `nil` once cancelled.
        func nextInput() -> Input? {
            condition.lock()
            defer { condition.unlock() }
            while inputs.isEmpty && !isCancelled { condition.wait() }
            if isCancelled { return nil }
            condition.broadcast()
            return inputs.removeFirst()
        }

        /// The parsing side: hands an output over, waiting for room; `false` once cancelled.
        func push(_ output: Output) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while outputs.count >= capacity && !isCancelled { condition.wait() }
            if isCancelled { return false }
            outputs.append(output)
            condition.broadcast()
            return true
        }

        /// The reading side: a played tape, whose memory the parsing side may reuse.
        func giveBack(_ tape: XMLEventTape) {
            condition.lock()
            if spares.count < capacity { spares.append(tape) }
            condition.unlock()
        }

        /// The parsing side: a played tape to write the next one in, if any.
        func spare() -> XMLEventTape? {
            condition.lock()
            defer { condition.unlock() }
            return spares.popLast()
        }

        func cancel() {
            condition.lock()
            isCancelled = true
            inputs = []
            outputs = []
            condition.broadcast()
            condition.unlock()
        }

        func markDone() {
            condition.lock()
            isDone = true
            condition.broadcast()
            condition.unlock()
        }

        func waitUntilDone() {
            condition.lock()
            while !isDone { condition.wait() }
            condition.unlock()
        }
    }
}

/// Confined to the thread that reads one file (its parsing thread is its own).
@available(*, unavailable)
extension XMLPipelinedReader: Sendable {}
