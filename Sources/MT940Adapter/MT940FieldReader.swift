import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits the bytes of an MT940/MT942 file into fields and messages, one pass, chunk by chunk.
///
/// Lines end in LF or CRLF. A line starting with a tag (`:61:`, `:60F:`) opens a field; any other
/// line continues the open field (`:86:` spans up to six lines). The SWIFT envelope is optional:
/// `{1:…}{2:…}{3:…}` header blocks are skipped, text after `{4:` is read, and a line `-` or
/// `-}` (with a `{5:…}` trailer or not) ends a message. A `:20:` also ends the message before it,
/// for files that have no envelope at all. Lines outside any message (ABN AMRO's
/// `ABNANL2A`/`940` preamble, blank lines) carry no field and are passed over.
///
/// A struct, like the builder it feeds: a class's stored properties are checked for exclusive
/// access at run time on every use, which cost a tenth of the reading.
struct MT940FieldReader {
    /// The longest line accepted, in bytes (SWIFT lines are at most 65 characters; some banks
    /// write a whole `:86:` on one line).
    static let lineLimit = 64 * 1024
    /// The longest field accepted, in bytes.
    static let fieldLimit = 256 * 1024

    private let fileName: String
    private var builder: MT940StatementBuilder
    private var carry: [UInt8] = []
    private var line = 0
    private var field: MT940Field
    private var hasField = false
    private var isInMessage = false
    private var firstLine = ""

    /// Prepares to read one file into a builder.
    init(fileName: String, builder: MT940StatementBuilder) {
        self.fileName = fileName
        self.builder = builder
        field = MT940Field(tag: .other, value: [], location: .file(fileName))
    }

    /// Reads the next chunk of the file.
    mutating func feed(_ chunk: [UInt8]) throws {
        try chunk.withUnsafeBufferPointer { buffer in
            var start = 0
            if !carry.isEmpty || buffer.isEmpty {
                guard let newline = buffer.firstIndex(of: 0x0A) else {
                    carry.append(contentsOf: buffer)
                    try checkCarry()
                    return
                }
                carry.append(contentsOf: buffer[0..<newline])
                try checkCarry()
                let whole = carry
                carry.removeAll(keepingCapacity: true)
                try whole.withUnsafeBufferPointer { try readLine($0) }
                start = newline + 1
            }
            while start < buffer.count, let newline = MT940FieldReader.newline(in: buffer, from: start) {
                try readLine(UnsafeBufferPointer(rebasing: buffer[start..<newline]))
                start = newline + 1
            }
            carry.append(contentsOf: buffer[start...])
            try checkCarry()
        }
    }

    /// Reads the last line and closes the last message.
    mutating func finish() throws {
        if !carry.isEmpty {
            let whole = carry
            carry.removeAll()
            try whole.withUnsafeBufferPointer { try readLine($0) }
        }
        try endMessage(at: SourceLocation(file: fileName, line: line, column: 1))
        try builder.finish(at: SourceLocation(file: fileName, line: line, column: 1), firstLine: firstLine)
    }

    // MARK: - Private helpers

    private mutating func checkCarry() throws {
        if carry.count > MT940FieldReader.lineLimit {
            throw MT940Error(
                .lineTooLong(limit: MT940FieldReader.lineLimit),
                at: SourceLocation(file: fileName, line: line + 1, column: 1))
        }
    }

    private mutating func readLine(_ raw: UnsafeBufferPointer<UInt8>) throws {
        line += 1
        if raw.count > MT940FieldReader.lineLimit {
            throw MT940Error(.lineTooLong(limit: MT940FieldReader.lineLimit), at: location(column: 1))
        }
        if line == 1, raw.count >= 2, (raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF) {
            throw MT940Error(.utf16Text, at: location(column: 1))
        }
        // Only the CR goes: a :86: line cut at 65 characters may end in the space between two words.
        var end = raw.count
        if end > 0, raw[end - 1] == 0x0D { end -= 1 }
        var text = UnsafeBufferPointer(rebasing: raw[0..<end])
        var column = 1
        guard let first = text.first else { return }
        if first == 0x20 || first == 0x09, !text.contains(where: { $0 != 0x20 && $0 != 0x09 }) { return }
        if firstLine.isEmpty { firstLine = MT940Text.decode(text) }
        if first == UInt8(ascii: "{") {
            guard let body = MT940FieldReader.blockFourStart(text) else {
                if MT940FieldReader.contains(text, "-}") { try endMessage(at: location(column: 1)) }
                return
            }
            text = UnsafeBufferPointer(rebasing: text[body...])
            column += body
            guard !text.isEmpty else { return }
        }
        if text[0] == UInt8(ascii: "-"),
            text.dropFirst().allSatisfy({ $0 == UInt8(ascii: "}") || $0 == 0x20 })
                || MT940FieldReader.startsWith(text, "-}")
        {
            try endMessage(at: location(column: column))
            return
        }
        if let tagLength = MT940FieldReader.tagLength(text) {
            try closeField()
            let tag = MT940Tag(text[1..<(tagLength - 1)])
            if tag == .reference { try endMessage(at: location(column: column)) }
            isInMessage = true
            // One field value reused for every field: the builder never keeps it.
            hasField = true
            field.tag = tag
            field.value.removeAll(keepingCapacity: true)
            field.value.append(contentsOf: text[tagLength...])
            field.location = location(column: column + tagLength)
            return
        }
        guard isInMessage, hasField else { return }
        if field.value.count + text.count > MT940FieldReader.fieldLimit {
            throw MT940Error(.lineTooLong(limit: MT940FieldReader.fieldLimit), at: location(column: column))
        }
        field.value.append(0x0A)
        field.value.append(contentsOf: text)
    }

    private func location(column: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: column)
    }

    private mutating func closeField() throws {
        guard hasField else { return }
        hasField = false
        try builder.take(field)
    }

    private mutating func endMessage(at location: SourceLocation) throws {
        try closeField()
        if isInMessage { try builder.endMessage(at: location) }
        isInMessage = false
    }

    /// The length of a leading tag (`:61:` is 4, `:60F:` 5), or `nil` when the line has none.
    private static func tagLength(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count >= 4, text[0] == UInt8(ascii: ":"), isDigit(text[1]), isDigit(text[2]) else { return nil }
        if text[3] == UInt8(ascii: ":") { return 4 }
        guard text.count >= 5, text[4] == UInt8(ascii: ":"),
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[3])
        else { return nil }
        return 5
    }

    /// The offset just after `{4:` in a line of envelope blocks, if there is one.
    private static func blockFourStart(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count >= 3 else { return nil }
        for index in 0...(text.count - 3)
        where text[index] == UInt8(ascii: "{") && text[index + 1] == UInt8(ascii: "4")
            && text[index + 2] == UInt8(ascii: ":")
        {
            return index + 3
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The offset of the next LF at or after `start`, found with `memchr`.
    private static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress, start < buffer.count,
            let found = memchr(base + start, 0x0A, buffer.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    private static func startsWith(_ text: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return text.count >= bytes.count && zip(text, bytes).allSatisfy { $0 == $1 }
    }

    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let bytes = Array(UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
        guard text.count >= bytes.count else { return false }
        for index in 0...(text.count - bytes.count) where Array(text[index..<(index + bytes.count)]) == bytes {
            return true
        }
        return false
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension MT940FieldReader: Sendable {}
