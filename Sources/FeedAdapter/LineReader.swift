import LedgerCore

/// Splits a byte stream into lines without holding more than one line (and one chunk).
final class LineReader {
    /// One line: its 1-based number and its bytes without the line break, or the error that
    /// refused it (a line longer than the limit).
    struct Line {
        var number: Int
        var bytes: Result<[UInt8], FeedError>
    }

    private let input: any ByteStream
    private let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    private var lineNumber = 0

    init(_ input: any ByteStream, limit: Int) {
        self.input = input
        self.limit = limit
    }

    /// The next line, or `nil` at the end.
    ///
    /// - Throws: ``FeedError`` `.unreadable` when the stream fails.
    func next() throws(FeedError) -> Line? {
        var tooLong = false
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                lineNumber += 1
                let range = start..<newline
                start = newline + 1
                return makeLine(range, tooLong: tooLong)
            }
            scanned = buffer.count
            if buffer.count - start > limit {
                // Keep reading to the line's end without holding it.
                tooLong = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
            }
            if isAtEnd {
                guard start < buffer.count || tooLong else { return nil }
                lineNumber += 1
                let range = start..<buffer.count
                start = buffer.count
                return makeLine(range, tooLong: tooLong)
            }
            if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            do {
                if let chunk = try input.nextChunk() {
                    buffer.append(contentsOf: chunk)
                } else {
                    isAtEnd = true
                }
            } catch {
                throw FeedError(.unreadable(String(describing: error)), at: .file(input.name))
            }
        }
    }

    /// Whether a line holds only spaces, tabs and carriage returns.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    private func makeLine(_ range: Range<Int>, tooLong: Bool) -> Line {
        if tooLong {
            let error = FeedError(
                .lineTooLong(limit: limit),
                at: SourceLocation(file: input.name, line: lineNumber, column: 0))
            return Line(number: lineNumber, bytes: .failure(error))
        }
        var end = range.upperBound
        if end > range.lowerBound, buffer[end - 1] == 0x0D { end -= 1 }
        return Line(number: lineNumber, bytes: .success(Array(buffer[range.lowerBound..<end])))
    }
}

@available(*, unavailable)
extension LineReader: Sendable {}
