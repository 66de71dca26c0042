import LedgerCore

/// Reads the body of an OFX 1.x (SGML) document byte by byte and feeds ``OFXStatementBuilder``.
///
/// **Why a hand-written reader rather than libxml2.** Turning SGML into XML for libxml2 means
/// reading every byte to add the missing end tags, then having libxml2 read every byte again,
/// and it makes libxml2's error positions point into text the user never saw. The SGML rules
/// OFX needs are few and local (a leaf's value runs to the next tag; aggregates have end tags),
/// so one pass over the bytes is both simpler and several times faster: the reader looks at
/// each byte once, copies nothing but the values it hands on, and keeps only the unfinished
/// element between chunks, so memory stays flat whatever the file's size.
///
/// The rules:
/// - `<NAME>` in the leaf table (``OFXTag``) starts a leaf; its value is the text up to the next
///   tag, trimmed. A leaf's end tag may follow or not. `<NAME/>` is an empty leaf.
/// - `<NAME>` of a known aggregate opens it, `</NAME>` closes it (see the builder's tolerances).
/// - Tags not in the table (`<INTU.BID>`, `<XYZ.FOO>`) are skipped, with their text.
/// - Inside a value, `<BR>`, `<BR/>` and `<P>` become a space and `<B>`, `<I>`, `<U>` (and their
///   end tags) vanish, so markup in a memo doesn't cut it short.
/// - A `<` not followed by a letter, `/`, `!` or `?`, or a "tag" that is not closed by `>` before
///   the next `<`, is text: `<NAME>SHOP <3` keeps its value.
/// - `<!-- comments -->`, `<!...>` and `<?...?>` are skipped.
/// - Tag names are matched without regard to case. Everything after `</OFX>` is ignored (some
///   servers pad files with NUL bytes).
///
/// A value holding the builder it feeds, so the hot loop's state (the builder's, the line count)
/// is reached through `inout self` and every access is proved exclusive at compile time: no
/// run-time exclusivity checks, which a class pays on each property it touches.
struct OFXSGMLReader {
    private var builder: OFXStatementBuilder
    private var buffer: [UInt8] = []
    /// The absolute offset in the file of `buffer[0]`.
    private var bufferBase = 0
    /// The current line (1-based) and the absolute offset where it starts.
    private var line = 1
    private var lineStart = 0
    /// Scratch space for a value with markup removed.
    private var scratch: [UInt8] = []

    /// The longest tag, comment or value waited for across chunks (1 MiB). Real OFX values are
    /// a few dozen bytes; without a bound, a file with no further `<` would be buffered whole.
    static let longestElement = 1 << 20

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - builder: receives the elements.
    ///   - line: the line on which the first byte handed over lies (after the header).
    ///   - lineStart: the absolute offset where that line starts.
    ///   - base: the absolute offset of the first byte handed over.
    init(builder: OFXStatementBuilder, line: Int, lineStart: Int, base: Int) {
        self.builder = builder
        self.line = line
        self.lineStart = lineStart
        self.bufferBase = base
    }

    /// Reads more bytes.
    mutating func feed(_ chunk: some Collection<UInt8>) throws {
        if builder.isDocumentClosed { return }
        if buffer.isEmpty,
            let consumed = try chunk.withContiguousStorageIfAvailable({ try scan($0, isFinal: false) })
        {
            // Nothing left over: read the chunk where it is and keep only its unfinished end.
            bufferBase += consumed
            buffer.append(contentsOf: chunk.dropFirst(consumed))
            return
        }
        buffer.append(contentsOf: chunk)
        try process(isFinal: false)
    }

    /// Reads what is left at the end of the input and checks that the document is complete.
    mutating func finish() throws {
        if !builder.isDocumentClosed { try process(isFinal: true) }
        if builder.isDocumentClosed { return }
        try builder.finish(line: line, column: bufferBase + buffer.count - lineStart + 1)
    }

    // MARK: - Private helpers

    private mutating func process(isFinal: Bool) throws {
        // The buffer is moved out while it is scanned: `scan` changes the reader.
        var pending: [UInt8] = []
        swap(&pending, &buffer)
        let consumed = try pending.withUnsafeBufferPointer { bytes in try scan(bytes, isFinal: isFinal) }
        swap(&pending, &buffer)
        if consumed > 0 {
            buffer.removeSubrange(0..<consumed)
            bufferBase += consumed
        }
    }

    /// Moves the line count forward over `bytes[from..<to]`.
    ///
    /// Eight bytes at a time: a word's line feeds are the zero bytes of the word xor `0x0A` in
    /// every byte, found exactly (no borrow between bytes) as the bytes whose high bit stays clear
    /// in `((x & 0x7F…) + 0x7F…) | x`; the highest one found (the word is loaded little-endian, as
    /// on every platform Swift runs on here) is where the last line starts.
    @inline(__always)
    private mutating func countLines(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) {
        var index = from
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while index + 8 <= to {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                let lineFeeds = ~(((word & low7) &+ low7) | word) & ~low7
                if lineFeeds != 0 {
                    line += lineFeeds.nonzeroBitCount
                    let last = (63 - lineFeeds.leadingZeroBitCount) / 8
                    lineStart = bufferBase + index + last + 1
                }
                index += 8
            }
        }
        while index < to {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = bufferBase + index + 1
            }
            index += 1
        }
    }

    /// Reads whole elements from the buffer; returns how many bytes were used up. An element cut
    /// off by the end of the buffer is left for the next chunk, unless `isFinal`.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) throws -> Int {
        let count = bytes.count
        var position = 0
        // The tag that ended the last value, already read by `valueEnd`, and where it starts.
        var carried: SGMLTagSyntax?
        var carriedAt = -1
        while position < count {
            if builder.isDocumentClosed { return count }
            // Skip text outside leaves to the next '<'.
            var lt = position
            while lt < count, bytes[lt] != UInt8(ascii: "<") { lt += 1 }
            countLines(bytes, from: position, to: lt)
            position = lt
            guard lt < count else { return count }
            guard lt + 1 < count else { return isFinal ? count : lt }
            let column = bufferBase + lt - lineStart + 1
            let isTooLong = count - lt > OFXSGMLReader.longestElement

            let tag: SGMLTagSyntax
            if let reused = carried, carriedAt == lt {
                carried = nil
                tag = reused
            } else {
                carried = nil
                let next = bytes[lt + 1]
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    guard let end = declarationEnd(bytes, from: lt) else {
                        if isTooLong { throw tooLong("<!", column: column) }
                        return isFinal ? count : lt
                    }
                    countLines(bytes, from: lt, to: end)
                    position = end
                    continue
                }
                guard let parsed = SGMLTagSyntax(bytes, at: lt) else {
                    // Not closed yet (or not a tag at all): wait for more, or read it as text.
                    if !isFinal, !isTooLong, SGMLTagSyntax.mayBeIncomplete(bytes, at: lt) { return lt }
                    position = lt + 1
                    continue
                }
                tag = parsed
            }
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[tag.nameStart..<tag.nameEnd])
            let known = OFXTag.lookUp(nameBytes)
            if tag.isEnd {
                if let known, !known.isLeaf { try builder.close(known) }
                position = tag.end
                continue
            }
            guard let known else {
                position = tag.end
                continue
            }
            if !known.isLeaf {
                try builder.open(known, line: line, column: column)
                if tag.isSelfClosing { try builder.close(known) }
                position = tag.end
                continue
            }
            if tag.isSelfClosing {
                try builder.leaf(
                    known, value: UnsafeBufferPointer(rebasing: bytes[tag.end..<tag.end]), line: line, column: column)
                position = tag.end
                continue
            }
            // A leaf: its value runs to the next tag that is not inline markup.
            guard let value = valueEnd(bytes, from: tag.end, isFinal: isFinal) else {
                if isTooLong { throw tooLong("<\(known.name)>", column: column) }
                return lt
            }
            if value.hasMarkup {
                let cleaned = withoutMarkup(UnsafeBufferPointer(rebasing: bytes[tag.end..<value.end]))
                try cleaned.withUnsafeBufferPointer { try builder.leaf(known, value: $0, line: line, column: column) }
            } else {
                try builder.leaf(
                    known, value: UnsafeBufferPointer(rebasing: bytes[tag.end..<value.end]), line: line, column: column)
            }
            countLines(bytes, from: lt, to: value.end)
            position = value.end
            carried = value.next
            carriedAt = value.end
        }
        return count
    }

    private func tooLong(_ element: String, column: Int) -> OFXError {
        OFXError(
            .elementTooLong(element: element, limit: OFXSGMLReader.longestElement),
            at: SourceLocation(file: builder.fileName, line: line, column: column))
    }

    /// The end (exclusive) of `<!-- ... -->`, `<!...>` or `<?...>` starting at `start`.
    private func declarationEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count
        let isComment =
            start + 3 < count && bytes[start + 1] == UInt8(ascii: "!") && bytes[start + 2] == UInt8(ascii: "-")
            && bytes[start + 3] == UInt8(ascii: "-")
        var index = start + 2
        while index < count {
            if bytes[index] == UInt8(ascii: ">") {
                if !isComment
                    || (index - start >= 6 && bytes[index - 1] == UInt8(ascii: "-")
                        && bytes[index - 2] == UInt8(ascii: "-"))
                {
                    return index + 1
                }
            }
            index += 1
        }
        return nil
    }

    /// Where a leaf's value ends: at the next real tag (`next`, when it is one rather than `<!`
    /// or `<?`). `nil` when the buffer ends first.
    private func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool) -> (
        end: Int, hasMarkup: Bool, next: SGMLTagSyntax?
    )? {
        let count = bytes.count
        var index = start
        var hasMarkup = false
        while true {
            while index < count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            if index >= count { return isFinal ? (count, hasMarkup, nil) : nil }
            if index + 1 >= count { return isFinal ? (count, hasMarkup, nil) : nil }
            if let tag = SGMLTagSyntax(bytes, at: index) {
                if tag.isInlineMarkup(bytes) {
                    hasMarkup = true
                    index = tag.end
                    continue
                }
                return (index, hasMarkup, tag)
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return (index, hasMarkup, nil) }
            if !isFinal, SGMLTagSyntax.mayBeIncomplete(bytes, at: index) { return nil }
            index += 1
        }
    }

    /// A value's bytes with inline markup replaced: `<BR>`/`<P>` by a space, the rest removed.
    private mutating func withoutMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let tag = SGMLTagSyntax(bytes, at: index), tag.isInlineMarkup(bytes) {
                if tag.isLineBreak(bytes) { scratch.append(0x20) }
                index = tag.end
                continue
            }
            scratch.append(bytes[index])
            index += 1
        }
        return scratch
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension OFXSGMLReader: Sendable {}
