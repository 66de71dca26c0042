import LedgerCore

/// Reads RFC 4180 rows from a byte stream, one at a time, in constant memory.
///
/// Handles a configurable delimiter and quote, doubled quotes inside quoted fields, CRLF, LF and
/// lone CR line ends, and quoted fields spanning lines. It works on bytes: every byte it looks
/// for is ASCII, so UTF-8 and the single-byte encodings are read as they are, and a field's text
/// is decoded only when a draft needs it. Lines and columns are 1-based; columns count bytes.
struct CSVReader {
    let dialect: CSVDialect
    let file: String
    private let stream: any ByteStream
    private var chunk: [UInt8] = []
    private var index = 0
    /// Bytes of the file before `chunk`.
    private var chunkOffset = 0
    /// The line of the next byte, and the file offset where that line starts.
    private(set) var line = 1
    private var lineStart = 0
    /// A row ended on CR: an LF right after it belongs to the same line end.
    private var skipLineFeed = false
    private var isFinished = false

    init(_ stream: any ByteStream, dialect: CSVDialect) {
        self.stream = stream
        self.file = stream.name
        self.dialect = dialect
    }

    private enum State {
        case fieldStart
        case unquoted
        case quoted
        /// A quote inside a quoted field: the closing quote, or the first of a doubled pair.
        case quoteInQuoted
        /// After the closing quote, only spaces may come before the delimiter.
        case afterQuoted
    }

    /// Reads the next row into `row`.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: ``CSVError`` for an unterminated quote or text after a closing quote, or what the
    ///   stream throws.
    mutating func next(into row: inout CSVRow) throws -> Bool {
        guard !isFinished else { return false }
        row.reset(line: line)
        let delimiter = dialect.delimiter
        let quote = dialect.quote.map(Int.init) ?? -1
        var state = State.fieldStart
        var quoteLine = line
        var quoteColumn = 1
        var sawAnything = false
        var crInQuote = false

        while true {
            if index >= chunk.count {
                guard let next = try stream.nextChunk() else {
                    isFinished = true
                    switch state {
                    case .quoted:
                        throw CSVError(
                            .unterminatedQuote(openedOnLine: quoteLine),
                            at: SourceLocation(file: file, line: quoteLine, column: quoteColumn))
                    case .fieldStart where !sawAnything:
                        return false
                    case .fieldStart:
                        row.startField(line: line, column: chunkOffset + index - lineStart + 1)
                        row.endField()
                        return true
                    default:
                        row.endField()
                        return true
                    }
                }
                chunkOffset += chunk.count
                chunk = next
                index = 0
                continue
            }
            if skipLineFeed {
                skipLineFeed = false
                if chunk[index] == 0x0A {
                    index += 1
                    lineStart = chunkOffset + index
                    continue
                }
            }
            let current = chunk
            let outcome: Bool? = try current.withUnsafeBufferPointer { (buffer) throws(CSVError) -> Bool? in
                var i = index
                defer { index = i }
                let count = buffer.count
                while i < count {
                    let byte = buffer[i]
                    switch state {
                    case .fieldStart:
                        sawAnything = true
                        row.startField(line: line, column: chunkOffset + i - lineStart + 1)
                        if Int(byte) == quote {
                            state = .quoted
                            quoteLine = line
                            quoteColumn = chunkOffset + i - lineStart + 1
                            i += 1
                        } else {
                            state = .unquoted
                        }
                    case .unquoted:
                        let start = i
                        while i < count {
                            let b = buffer[i]
                            if b == delimiter || b == 0x0A || b == 0x0D { break }
                            i += 1
                        }
                        if i > start { row.append(UnsafeBufferPointer(rebasing: buffer[start..<i])) }
                        if i < count {
                            if try endField(buffer[i], &i, &state, &row) { return true }
                        }
                    case .quoted:
                        let start = i
                        while i < count {
                            let b = buffer[i]
                            if Int(b) == quote { break }
                            if b == 0x0A {
                                if !crInQuote { line += 1 }
                                crInQuote = false
                                lineStart = chunkOffset + i + 1
                            } else if b == 0x0D {
                                line += 1
                                crInQuote = true
                                lineStart = chunkOffset + i + 1
                            } else {
                                crInQuote = false
                            }
                            i += 1
                        }
                        if i > start { row.append(UnsafeBufferPointer(rebasing: buffer[start..<i])) }
                        if i < count {
                            crInQuote = false
                            state = .quoteInQuoted
                            i += 1
                        }
                    case .quoteInQuoted:
                        if Int(byte) == quote {
                            row.append(byte)
                            state = .quoted
                            i += 1
                        } else {
                            state = .afterQuoted
                        }
                    case .afterQuoted:
                        if byte == 0x20 || (byte == 0x09 && delimiter != 0x09) {
                            i += 1
                        } else if byte == delimiter || byte == 0x0A || byte == 0x0D {
                            if try endField(byte, &i, &state, &row) { return true }
                        } else {
                            throw CSVError(
                                .textAfterClosingQuote(delimiter: dialect.delimiterName),
                                at: SourceLocation(file: file, line: line, column: chunkOffset + i - lineStart + 1))
                        }
                    }
                }
                return nil
            }
            if outcome == true { return true }
        }
    }

    /// Ends the field at a delimiter or a line end; returns whether the row ended too.
    @inline(__always)
    private mutating func endField(_ byte: UInt8, _ i: inout Int, _ state: inout State, _ row: inout CSVRow)
        throws(CSVError)
        -> Bool
    {
        row.endField()
        i += 1
        if byte == dialect.delimiter {
            state = .fieldStart
            return false
        }
        line += 1
        lineStart = chunkOffset + i
        if byte == 0x0D { skipLineFeed = true }
        return true
    }
}
