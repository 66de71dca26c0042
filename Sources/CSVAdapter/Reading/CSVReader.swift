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
    private var cursor = Cursor()
    private var isFinished = false

    /// Where the reader stands in the chunk and in the file.
    private struct Cursor {
        /// The next byte's index in the chunk.
        var index = 0
        /// Bytes of the file before the chunk.
        var chunkOffset = 0
        /// The line of the next byte, and the file offset where that line starts.
        var line = 1
        var lineStart = 0
        /// A row ended on CR: an LF right after it belongs to the same line end.
        var skipLineFeed = false

        /// The 1-based byte column of the chunk's byte `i`.
        ///
        /// Wrapping arithmetic, as for the line and the spans' count in the scan: they count bytes
        /// and lines of a file, far from `Int.max`, and with the overflow checks the scan cost
        /// about 50 instructions a row more (110 on the Soll/Haben file).
        func column(_ i: Int) -> Int { chunkOffset &+ i &- lineStart &+ 1 }
    }

    /// The line of the next row.
    var line: Int { cursor.line }

    /// The most bytes a row may hold: a 100 MB line is refused here, in bounded memory, rather
    /// than becoming a 100 MB description.
    static let maximumRowBytes = 1024 * 1024

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

    /// The field being read: where it starts in the row's bytes and in the file.
    private struct OpenField {
        var start = 0
        var column = 1
        var line = 0
    }

    /// Reads the next row into `row`.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: ``CSVError`` for an unterminated quote or text after a closing quote, or what the
    ///   stream throws.
    mutating func next(into row: inout CSVRow) throws -> Bool {
        guard !isFinished else { return false }
        row.reset(line: line)
        defer { row.closeSpans() }
        return try read(into: &row)
    }

    /// Reads the next row into `rows` after the rows it holds (a ``RowBlock``'s storage), which
    /// keep their bytes and spans; the new row is `rows`'s window.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: as ``next(into:)``; the rows before stay as they were.
    mutating func next(appendingTo rows: inout CSVRow) throws -> Bool {
        guard !isFinished else { return false }
        rows.startRow(line: line)
        defer { rows.closeSpans() }
        return try read(into: &rows)
    }

    /// How many bytes of a chunk one scan reads at most: the row's storage needs room for them
    /// all, and a block's storage should not grow by a whole chunk for each of its rows.
    private static let scanWindow = 4096

    /// Reads a row into `row`, started by the caller, after the bytes it holds.
    private mutating func read(into row: inout CSVRow) throws -> Bool {
        var scan = Scan(line: line, length: row.length)
        let rowStart = row.length
        while true {
            if cursor.index >= chunk.count {
                guard let next = try stream.nextChunk() else {
                    isFinished = true
                    row.length = scan.length
                    switch scan.state {
                    case .quoted:
                        throw CSVError(
                            .unterminatedQuote(openedOnLine: scan.quoteLine),
                            at: SourceLocation(file: file, line: scan.quoteLine, column: scan.quoteColumn))
                    case .fieldStart where !scan.sawAnything:
                        return false
                    case .fieldStart:
                        row.startField(line: cursor.line, column: cursor.column(cursor.index))
                        row.endField()
                        return true
                    default:
                        row.appendSpan(scan.span(end: scan.length))
                        return true
                    }
                }
                cursor.chunkOffset += chunk.count
                chunk = next
                cursor.index = 0
                continue
            }
            if cursor.skipLineFeed {
                cursor.skipLineFeed = false
                if chunk[cursor.index] == 0x0A {
                    cursor.index += 1
                    cursor.lineStart = cursor.chunkOffset + cursor.index
                    continue
                }
            }
            // Room in the row for every byte the scan may read: it writes without checks.
            row.length = scan.length
            // Wrapping arithmetic, as in the scan: indices of a chunk and sizes of a row.
            let end = min(chunk.count, cursor.index &+ CSVReader.scanWindow)
            row.reserve(end &- cursor.index)
            // Room for the open field's span; the scan stops before a field it has no room for.
            row.reserveSpans(1)
            // The closures capture no reference-counted value: a reader on its own thread then
            // never touches a count that the thread building drafts (the file's name) uses too.
            let delimiter = dialect.delimiter
            let quote = dialect.quote.map(Int.init) ?? -1
            let ended: Bool
            // The cursor in a local while the chunk is lent: with the closures changing none of
            // the reader's properties, the chunk's storage is not retained and released per scan.
            var at = cursor
            defer { cursor = at }
            do {
                ended = try chunk.withUnsafeBufferPointer { (whole) throws(TextAfterQuote) -> Bool in
                    let input = UnsafeBufferPointer(rebasing: whole[..<end])
                    return try row.bytes.withUnsafeMutableBufferPointer { (output) throws(TextAfterQuote) -> Bool in
                        try row.spans.withUnsafeMutableBufferPointer { (spans) throws(TextAfterQuote) -> Bool in
                            try CSVReader.scan(input, into: output, spans, &row.spanCount, &scan, &at, delimiter, quote)
                        }
                    }
                }
            } catch {
                throw CSVError(
                    .textAfterClosingQuote(delimiter: dialect.delimiterName),
                    at: SourceLocation(file: file, line: error.line, column: error.column))
            }
            row.length = scan.length
            try checkLength(row.length &- rowStart, of: row)
            if ended { return true }
        }
    }

    /// Text after a closing quote, where the scan found it (the reader adds the file's name).
    private struct TextAfterQuote: Error {
        let line: Int
        let column: Int
    }

    /// Where a row's reading stands between chunks.
    private struct Scan {
        var state = State.fieldStart
        var length = 0
        var open = OpenField()
        var quoteLine: Int
        var quoteColumn = 1
        var sawAnything = false
        var crInQuote = false

        init(line: Int, length: Int) {
            quoteLine = line
            self.length = length
        }

        /// The open field, ended at `end` in the row's bytes.
        func span(end: Int) -> CSVRow.Span {
            CSVRow.Span(start: open.start, end: end, column: open.column, line: open.line)
        }
    }

    /// Scans the chunk from the cursor, writing field bytes into `output` (the row's storage,
    /// with room for the rest of the chunk) and ending fields into `spans` after the first
    /// `spanCount` (room for at least the open field's). It stops before a field's first byte
    /// when `spans` is full; the caller makes room and scans on.
    ///
    /// - Returns: whether the row ended.
    @inline(__always)
    private static func scan(
        _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
        _ spans: UnsafeMutableBufferPointer<CSVRow.Span>, _ spanCount: inout Int, _ scan: inout Scan,
        _ cursor: inout Cursor, _ delimiter: UInt8, _ quote: Int
    ) throws(TextAfterQuote) -> Bool {
        let count = input.count
        var i = cursor.index
        var length = scan.length
        defer {
            cursor.index = i
            scan.length = length
        }
        while i < count {
            switch scan.state {
            case .fieldStart:
                if spanCount == spans.count { return false }
                scan.sawAnything = true
                scan.open = OpenField(start: length, column: cursor.column(i), line: cursor.line)
                if Int(input[i]) == quote {
                    // The usual quoted field, read in one go: no quote or line break inside, and
                    // the delimiter or the line's end right after the closing quote, in this chunk.
                    var j = i + 1
                    var end = length
                    skipWords(input, output, &j, &end, UInt8(truncatingIfNeeded: quote))
                    while j < count {
                        let byte = input[j]
                        if Int(byte) == quote || byte == 0x0A || byte == 0x0D { break }
                        output[end] = byte
                        end += 1
                        j += 1
                    }
                    if j + 1 < count, Int(input[j]) == quote {
                        let next = input[j + 1]
                        if next == delimiter || next == 0x0A || next == 0x0D {
                            length = end
                            i = j + 1
                            spans[spanCount] = scan.span(end: length)
                            spanCount &+= 1
                            if endField(next, &i, &scan.state, &cursor, delimiter) { return true }
                            continue
                        }
                    }
                    // Anything else goes through the states from the opening quote.
                    scan.state = .quoted
                    scan.quoteLine = cursor.line
                    scan.quoteColumn = cursor.column(i)
                    i += 1
                } else {
                    scan.state = .unquoted
                    // Straight into the field's bytes, not round the loop and the switch again.
                    fallthrough
                }
            case .unquoted:
                skipWords(input, output, &i, &length, delimiter)
                while i < count {
                    let byte = input[i]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    output[length] = byte
                    length += 1
                    i += 1
                }
                if i < count {
                    spans[spanCount] = scan.span(end: length)
                    spanCount &+= 1
                    if endField(input[i], &i, &scan.state, &cursor, delimiter) { return true }
                }
            case .quoted:
                var crInQuote = scan.crInQuote
                if quote >= 0 {
                    let before = i
                    skipWords(input, output, &i, &length, UInt8(quote))
                    // A CR ending the last chunk is no longer followed by its LF.
                    if i > before { crInQuote = false }
                }
                while i < count {
                    let byte = input[i]
                    if Int(byte) == quote { break }
                    if byte == 0x0A {
                        if !crInQuote { cursor.line += 1 }
                        crInQuote = false
                        cursor.lineStart = cursor.chunkOffset + i + 1
                    } else if byte == 0x0D {
                        cursor.line += 1
                        crInQuote = true
                        cursor.lineStart = cursor.chunkOffset + i + 1
                    } else {
                        crInQuote = false
                    }
                    output[length] = byte
                    length += 1
                    i += 1
                }
                scan.crInQuote = crInQuote
                if i < count {
                    scan.crInQuote = false
                    scan.state = .quoteInQuoted
                    i += 1
                }
            case .quoteInQuoted:
                if Int(input[i]) == quote {
                    output[length] = input[i]
                    length += 1
                    scan.state = .quoted
                    i += 1
                } else {
                    scan.state = .afterQuoted
                }
            case .afterQuoted:
                let byte = input[i]
                if byte == 0x20 || (byte == 0x09 && delimiter != 0x09) {
                    i += 1
                } else if byte == delimiter || byte == 0x0A || byte == 0x0D {
                    spans[spanCount] = scan.span(end: length)
                    spanCount &+= 1
                    if endField(byte, &i, &scan.state, &cursor, delimiter) { return true }
                } else {
                    throw TextAfterQuote(line: cursor.line, column: cursor.column(i))
                }
            }
        }
        return false
    }

    /// Refuses a row past ``maximumRowBytes``, naming the line where it starts.
    @inline(__always)
    private func checkLength(_ length: Int, of row: CSVRow) throws(CSVError) {
        guard length > CSVReader.maximumRowBytes else { return }
        throw CSVError(
            .rowTooLong(limit: CSVReader.maximumRowBytes), at: SourceLocation(file: file, line: row.line, column: 1))
    }

    /// Copies eight bytes at a time from `input` to `output` while none of them is `stop` or a
    /// control byte below 0x0E, which takes in LF and CR; the word that holds one is copied whole,
    /// and `i` and `length` stop at that byte (the caller's byte loop then starts on it). Near the
    /// input's end the caller's loop reads the last bytes.
    ///
    /// Both line ends are found with one test, not one each (about 130 instructions a row fewer
    /// on the quoted file): another control byte (a tab, a NUL) stops the words too, and the
    /// caller's byte loop reads it and the rest of its field as it reads any byte.
    @inline(__always)
    private static func skipWords(
        _ input: UnsafeBufferPointer<UInt8>, _ output: UnsafeMutableBufferPointer<UInt8>, _ i: inout Int,
        _ length: inout Int, _ stop: UInt8
    ) {
        guard let source = input.baseAddress, let target = output.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let stops = ones &* UInt64(stop)
        let controls = ones &* 0x0E
        // Wrapping arithmetic: the indices stay within the buffers, so no overflow check is needed.
        let lastWord = input.count &- 8
        var at = i
        var written = length
        defer {
            i = at
            length = written
        }
        // The output has room for every input byte after `length`, so whole words fit.
        while at <= lastWord {
            // Little-endian, whatever the machine: the word's first byte is its lowest.
            let word = UInt64(littleEndian: UnsafeRawPointer(source + at).loadUnaligned(as: UInt64.self))
            let x = word ^ stops
            // A byte of x is zero where the word holds `stop`, and `(x - 1) & ~x` has its high bit
            // set then; `(word - 0x0E) & ~word` has it set where a byte is below 0x0E. Below the
            // first such byte no bit is set, so the lowest set bit names that byte.
            let found = (((x &- ones) & ~x) | ((word &- controls) & ~word)) & highs
            UnsafeMutableRawPointer(target + written).storeBytes(of: word.littleEndian, as: UInt64.self)
            if found != 0 {
                let before = found.trailingZeroBitCount &>> 3
                at &+= before
                written &+= before
                return
            }
            at &+= 8
            written &+= 8
        }
    }

    /// Moves past the delimiter or line end that ended a field; returns whether the row ended too.
    @inline(__always)
    private static func endField(
        _ byte: UInt8, _ i: inout Int, _ state: inout State, _ cursor: inout Cursor, _ delimiter: UInt8
    ) -> Bool {
        i &+= 1
        if byte == delimiter {
            state = .fieldStart
            return false
        }
        cursor.line &+= 1
        cursor.lineStart = cursor.chunkOffset &+ i
        if byte == 0x0D { cursor.skipLineFeed = true }
        return true
    }
}
