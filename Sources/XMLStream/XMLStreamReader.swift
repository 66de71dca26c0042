internal import CLibXML2
import LedgerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads untrusted XML with libxml2's push parser, chunk by chunk, and hands each start tag,
/// run of text and end tag to an ``XMLEventHandler`` with its line and column. Memory stays flat
/// however large the input: nothing is kept but the block being parsed.
///
/// This is the only code in ledgerport that calls libxml2 (`xml*`); OFX 2 and the formats after it
/// read XML through it.
///
/// **Hardened.** The parser runs with network access off (`XML_PARSE_NONET`), without entity
/// substitution or DTD loading (neither `XML_PARSE_NOENT` nor `XML_PARSE_DTDLOAD`), and with no
/// entity callbacks: a reference to an undeclared entity is a well-formedness error. A
/// `<!DOCTYPE>` is refused as soon as libxml2 reports it, before its internal subset is read, so
/// an external entity (`SYSTEM "file:///..."`) is never resolved and nested entities ("billion
/// laughs") are never expanded.
///
/// **Encodings by evidence.** libxml2 decides: a byte-order mark (UTF-8, UTF-16), else the XML
/// declaration's `encoding` (`windows-1252`, `ISO-8859-1`, ...), else UTF-8. Bytes that are not
/// valid in that encoding are a located error. Handlers always receive UTF-8.
///
///     let reader = XMLStreamReader(handler: handler, fileName: "statement.xml")
///     while let chunk = try input.nextChunk() { try reader.feed(chunk) }
///     let end = try reader.finish()
public final class XMLStreamReader {
    /// The size of the blocks libxml2 is handed unless the caller chooses another.
    public static let defaultBlockSize = 64 * 1024

    fileprivate let handler: any XMLEventHandler
    fileprivate let fileName: String
    fileprivate let lineOffset: Int
    private let blockSize: Int
    /// Bytes not yet handed to libxml2 (less than a block).
    private var pending: [UInt8] = []
    /// The push parser, created on first use; freed in `deinit`.
    private var context: xmlParserCtxtPtr?
    /// The first error a handler threw, which stopped the parser.
    fileprivate var handlerError: (any Error)?
    /// A DOCTYPE was seen.
    fileprivate var doctypeLocation: SourceLocation?
    /// libxml2's first error message, with its location.
    fileprivate var libxmlMessage: String?
    fileprivate var libxmlMessageIsInternal = false
    /// libxml2's code for ``libxmlMessage`` (`xmlParserErrors`).
    fileprivate var libxmlCode: Int32 = 0
    fileprivate var libxmlLocation: SourceLocation?
    /// Where the next run of text starts: just past the last tag, comment or instruction.
    fileprivate var textLine = 1
    fileprivate var textColumn = 1
    /// The handler's ``XMLEventHandler/skipsBlankTextAfterTags``.
    fileprivate let skipsBlankTextAfterTags: Bool
    /// Whether the last event was a tag, or blank text left out after one. Kept only by the
    /// callbacks of a handler that skips blank text (and of the tape recorder): a handler that
    /// gets every byte pays nothing for it.
    fileprivate var isAfterTag = false
    /// The handler when it is ``XMLPipelinedReader``'s tape recorder, called directly (no
    /// dynamic dispatch, inlined into the callbacks) on libxml2's thread.
    fileprivate let recorder: XMLEventTapeRecorder?

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - handler: receives the events; kept until the reader is freed.
    ///   - fileName: the file's name, for locations.
    ///   - lineOffset: lines of the file before the first byte handed over (a non-XML header),
    ///     added to libxml2's line numbers.
    ///   - blockSize: the bytes libxml2 is handed at a time, whatever the size of the chunks
    ///     arriving. libxml2's push parser words some errors differently depending on where a block
    ///     ends, so a fixed block size gives the same file the same message every time.
    public init(
        handler: any XMLEventHandler, fileName: String, lineOffset: Int = 0,
        blockSize: Int = XMLStreamReader.defaultBlockSize
    ) {
        precondition(blockSize > 0, "libxml2 needs at least one byte per block")
        self.handler = handler
        self.fileName = fileName
        self.lineOffset = lineOffset
        self.blockSize = blockSize
        skipsBlankTextAfterTags = handler.skipsBlankTextAfterTags
        recorder = handler as? XMLEventTapeRecorder
        textLine = 1 + lineOffset
    }

    /// Calls `xmlFreeParserCtxt`.
    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    // MARK: - API

    /// Reads more bytes, delivering the events they complete.
    ///
    /// Calls `xmlCreatePushParserCtxt` (first time) and `xmlParseChunk`.
    ///
    /// - Parameter chunk: the next bytes of the document, of any length.
    /// - Throws: ``XMLStreamError`` for refused input, or what the handler threw.
    public func feed(_ chunk: some Collection<UInt8>) throws {
        if handler.hasFinishedDocument { return }
        if pending.isEmpty {
            // The blocks are cut from the chunk itself; only the rest is kept for the next call.
            let handed = try chunk.withContiguousStorageIfAvailable { bytes in
                var start = 0
                while bytes.count - start >= blockSize, !handler.hasFinishedDocument {
                    try parse(UnsafeBufferPointer(rebasing: bytes[start..<(start + blockSize)]), terminate: false)
                    start += blockSize
                }
                pending.append(contentsOf: bytes[start...])
            }
            if handed != nil { return }
        }
        pending.append(contentsOf: chunk)
        var start = 0
        while pending.count - start >= blockSize, !handler.hasFinishedDocument {
            try pending.withUnsafeBufferPointer { bytes in
                try parse(UnsafeBufferPointer(rebasing: bytes[start..<(start + blockSize)]), terminate: false)
            }
            start += blockSize
        }
        pending.removeSubrange(0..<start)
    }

    /// Ends the input and checks that the document is complete.
    ///
    /// Calls `xmlParseChunk` with `terminate`.
    ///
    /// - Returns: where the input ended (line and column past the last byte).
    /// - Throws: ``XMLStreamError`` for refused input (a document cut short included), or what
    ///   the handler threw.
    @discardableResult
    public func finish() throws -> SourceLocation {
        if !handler.hasFinishedDocument {
            try pending.withUnsafeBufferPointer { try parse($0, terminate: true) }
            pending = []
        }
        let context = try parserContext()
        return SourceLocation(
            file: fileName, line: Int(xmlSAX2GetLineNumber(context)) + lineOffset,
            column: Int(xmlSAX2GetColumnNumber(context)))
    }

    // MARK: - Private helpers

    /// Hands libxml2 one block. Calls `xmlParseChunk`.
    private func parse(_ block: UnsafeBufferPointer<UInt8>, terminate: Bool) throws {
        let context = try parserContext()
        let result = block.withMemoryRebound(to: CChar.self) {
            xmlParseChunk(context, $0.baseAddress, Int32($0.count), terminate ? 1 : 0)
        }
        if let handlerError { throw handlerError }
        if let doctypeLocation { throw XMLStreamError(.doctypeRefused, at: doctypeLocation) }
        if handler.hasFinishedDocument { return }
        if result != 0 {
            let line = Int(xmlSAX2GetLineNumber(context)) + lineOffset
            let column = Int(xmlSAX2GetColumnNumber(context))
            // libxml2 calls input that ends inside an element "Extra content at the end of the
            // document"; its stack of open elements says what really happened.
            let endsEarly = [XML_ERR_DOCUMENT_END, XML_ERR_TAG_NOT_FINISHED, XML_ERR_DOCUMENT_EMPTY]
                .contains { Int32($0.rawValue) == libxmlCode }
            if terminate, endsEarly, context.pointee.nameNr > 0, let names = context.pointee.nameTab {
                let open = (0..<Int(context.pointee.nameNr)).map { names[$0].map { String(cString: $0) } ?? "?" }
                throw XMLStreamError(
                    .malformed(XMLStreamReader.endsInside(open)),
                    at: SourceLocation(file: fileName, line: line, column: column))
            }
            throw XMLStreamError(
                .malformed(libxmlMessage ?? "libxml2 error \(result)"),
                at: libxmlLocation ?? SourceLocation(file: fileName, line: line, column: column))
        }
    }

    /// What a document cut short lacks: the innermost open element, and the ones around it.
    private static func endsInside(_ open: [String]) -> String {
        let innermost = open.last ?? "?"
        let around = open.count > 1 ? ", in " + open.dropLast().joined(separator: "/") : ""
        return
            "the file ends inside <\(innermost)>\(around) (truncated?); expected </\(innermost)> and the end tags around it"
    }

    /// The push parser, created on first use with the SAX callbacks and the safe options.
    /// Calls `xmlCreatePushParserCtxt` and `xmlCtxtUseOptions`.
    private func parserContext() throws -> xmlParserCtxtPtr {
        if let context { return context }
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        // Three sets of callbacks, so that each kind of handler pays only for what it uses: the
        // tape recorder, called directly; a handler that skips blank text after tags; any other.
        if recorder != nil {
            handler.startElementNs = recordStartElement
            handler.endElementNs = recordEndElement
            handler.characters = recordCharacters
            handler.cdataBlock = recordCharacters
        } else if skipsBlankTextAfterTags {
            handler.startElementNs = streamStartElementMarkingTags
            handler.endElementNs = streamEndElementMarkingTags
            handler.characters = streamCharactersSkippingBlanks
            handler.cdataBlock = streamCharactersSkippingBlanks
        } else {
            handler.startElementNs = streamStartElement
            handler.endElementNs = streamEndElement
            handler.characters = streamCharacters
            handler.cdataBlock = streamCharacters
        }
        // The same function for white space libxml2 might call ignorable: it then calls it
        // without first checking whether the text is blank (`areBlanks`, which without a tree
        // always answers no), so every text arrives through `characters` as before.
        handler.ignorableWhitespace = handler.characters
        handler.comment = streamComment
        handler.processingInstruction = streamProcessingInstruction
        handler.internalSubset = streamInternalSubset
        handler.serror = streamStructuredError
        guard let created = xmlCreatePushParserCtxt(&handler, nil, nil, 0, fileName) else {
            throw XMLStreamError(.parserUnavailable("xmlCreatePushParserCtxt failed"), at: .file(fileName))
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard xmlCtxtUseOptions(created, options) == 0 else {
            xmlFreeParserCtxt(created)
            throw XMLStreamError(.parserUnavailable("xmlCtxtUseOptions refused the options"), at: .file(fileName))
        }
        created.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        context = created
        return created
    }

    /// Runs a handler call, keeping the first error and stopping the parser on it.
    /// Calls `xmlStopParser`.
    fileprivate func run(_ context: UnsafeMutableRawPointer?, _ body: () throws -> Void) {
        guard handlerError == nil, doctypeLocation == nil else { return }
        do {
            try body()
        } catch {
            handlerError = error
            if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
        }
    }

    /// The line and column of the `<` that starts the tag libxml2 has just read: libxml2's
    /// position (at or just past the tag's `>`) moved back over the tag's characters. A `<`
    /// cannot occur inside a tag, so the nearest one before is the tag's own.
    ///
    /// - Parameters:
    ///   - name: the tag's local name.
    ///   - plainLength: the tag's length in bytes up to libxml2's position when it is written
    ///     plainly (`<name` before a start tag's `>`, `</name>` or `<name/>` for an end), so that
    ///     the common case needs no scan.
    fileprivate func tagStart(_ context: UnsafeMutableRawPointer?, name: UnsafeBufferPointer<UInt8>, plainLength: Int)
        -> (line: Int, column: Int)
    {
        guard let context else { return (lineOffset + 1, 1) }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        let (line, column) = XMLStreamReader.position(parser, lineOffset: lineOffset)
        guard let input = parser.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur,
            cursor > base
        else { return (line, max(1, column)) }
        if cursor - base >= plainLength, (cursor - plainLength).pointee == UInt8(ascii: "<"),
            !name.contains(where: { $0 >= 0x80 })
        {
            return (line, max(1, column - plainLength))
        }
        var characters = 0
        var newlines = 0
        repeat {
            cursor -= 1
            let byte = cursor.pointee
            if byte == 0x0A { newlines += 1 }
            if newlines == 0, byte & 0xC0 != 0x80 { characters += 1 }
        } while cursor > base && cursor.pointee != UInt8(ascii: "<")
        if newlines == 0 { return (line, max(1, column - characters)) }
        // A tag across lines: count from the line's start, if the buffer still holds it.
        var lineStart = cursor
        while lineStart > base, lineStart[-1] != 0x0A { lineStart -= 1 }
        if lineStart == base && input.pointee.consumed != 0 { return (line - newlines, 1) }
        var startColumn = 1
        while lineStart < cursor {
            if lineStart.pointee & 0xC0 != 0x80 { startColumn += 1 }
            lineStart += 1
        }
        return (line - newlines, startColumn)
    }

    /// Records that text after this point starts at libxml2's current position.
    fileprivate func markTextStart(_ context: UnsafeMutableRawPointer?, skipping extra: Int = 0) {
        guard let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        let (line, column) = XMLStreamReader.position(parser, lineOffset: lineOffset)
        textLine = line
        textColumn = column + extra
    }

    /// libxml2's line (plus `lineOffset`) and column, read from its input as
    /// `xmlSAX2GetLineNumber` and `xmlSAX2GetColumnNumber` do (0 without an input), without a
    /// call per tag.
    private static func position(_ parser: UnsafeMutablePointer<xmlParserCtxt>, lineOffset: Int) -> (Int, Int) {
        guard let input = parser.pointee.input else { return (lineOffset, 0) }
        return (Int(input.pointee.line) + lineOffset, Int(input.pointee.col))
    }

    /// Runs `body` with the reader of this parser, without retaining it: the reader owns the
    /// parser and outlives every callback.
    fileprivate static func with(_ context: UnsafeMutableRawPointer?, _ body: (XMLStreamReader) -> Void) {
        guard let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let pointer = parser.pointee._private else { return }
        Unmanaged<XMLStreamReader>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    fileprivate static func from(_ context: UnsafeMutableRawPointer?) -> XMLStreamReader? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let pointer = parser.pointee._private else { return nil }
        return Unmanaged<XMLStreamReader>.fromOpaque(pointer).takeUnretainedValue()
    }
}

// MARK: - libxml2 SAX callbacks

/// A name or namespace URI libxml2 handed over, NUL-terminated. Measured with libc's `strlen`
/// (vectorised): a camt namespace URI is 47 bytes, measured again on every start tag.
private func nameBytes(_ name: UnsafePointer<xmlChar>?) -> UnsafeBufferPointer<UInt8> {
    guard let name else { return UnsafeBufferPointer(start: nil, count: 0) }
    let length = UnsafeRawPointer(name).withMemoryRebound(to: CChar.self, capacity: 1) { strlen($0) }
    return UnsafeBufferPointer(start: name, count: length)
}

/// A start tag: its name, the position of its `<`, and where the text after it starts, handed to
/// `deliver`; with `marksTag`, notes that the last event was a tag (for blank text after it).
@inline(__always)
private func deliverStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
    _ attributeCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, marksTag: Bool,
    _ deliver: (XMLStreamReader, XMLStartTag) throws -> Void
) {
    XMLStreamReader.with(context) { reader in
        reader.run(context) {
            let name = nameBytes(localName)
            let (line, column) = reader.tagStart(context, name: name, plainLength: name.count + 1)
            // libxml2 stops at the tag's `>` (or the `/` of `/>`): text starts after it.
            reader.markTextStart(context, skipping: 1)
            let tag = XMLStartTag(
                nameBytes: name, line: line, column: column, attributeCount: Int(attributeCount),
                rawAttributes: attributes, namespaceURI: uri)
            if marksTag { reader.isAfterTag = true }
            try deliver(reader, tag)
        }
    }
}

/// An end tag, handed to `deliver` with the position of its `<`; with `marksTag`, notes that the
/// last event was a tag.
@inline(__always)
private func deliverEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, marksTag: Bool,
    _ deliver: (XMLStreamReader, UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void
) {
    XMLStreamReader.with(context) { reader in
        reader.run(context) {
            let name = nameBytes(localName)
            let (line, column) = reader.tagStart(context, name: name, plainLength: name.count + 3)
            reader.markTextStart(context)
            if marksTag { reader.isAfterTag = true }
            try deliver(reader, name, line, column)
        }
    }
}

/// A run of text handed to `deliver` with where it starts; when the handler skips blank text
/// after tags (`skipsBlanks`), blank text directly after a tag is left out.
@inline(__always)
private func deliverCharacters(
    _ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32, skipsBlanks: Bool,
    _ deliver: (XMLStreamReader, UnsafeBufferPointer<UInt8>) throws -> Void
) {
    guard let characters, length > 0 else { return }
    XMLStreamReader.with(context) { reader in
        let text = UnsafeBufferPointer(start: characters, count: Int(length))
        if skipsBlanks, reader.isAfterTag {
            if reader.skipsBlankTextAfterTags, isBlank(text) { return }
            reader.isAfterTag = false
        }
        reader.run(context) { try deliver(reader, text) }
    }
}

// Any handler that takes every byte of text (OFX 2): no record of the last event is kept.

private func streamStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    deliverStartElement(context, localName, uri, attributeCount, attributes, marksTag: false) {
        try $0.handler.startElement($1)
    }
}

private func streamEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    deliverEndElement(context, localName, marksTag: false) { try $0.handler.endElement($1, line: $2, column: $3) }
}

private func streamCharacters(
    _ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32
) {
    deliverCharacters(context, characters, length, skipsBlanks: false) {
        try $0.handler.text($1, line: $0.textLine, column: $0.textColumn)
    }
}

// A handler that skips blank text after tags, read directly.

private func streamStartElementMarkingTags(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    deliverStartElement(context, localName, uri, attributeCount, attributes, marksTag: true) {
        try $0.handler.startElement($1)
    }
}

private func streamEndElementMarkingTags(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    deliverEndElement(context, localName, marksTag: true) { try $0.handler.endElement($1, line: $2, column: $3) }
}

private func streamCharactersSkippingBlanks(
    _ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32
) {
    deliverCharacters(context, characters, length, skipsBlanks: true) {
        try $0.handler.text($1, line: $0.textLine, column: $0.textColumn)
    }
}

// The tape recorder of ``XMLPipelinedReader`` (whichever handler it plays to), called directly.

private func recordStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    deliverStartElement(context, localName, uri, attributeCount, attributes, marksTag: true) { reader, tag in
        try reader.recorder?.startElement(tag)
    }
}

private func recordEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    deliverEndElement(context, localName, marksTag: true) { reader, name, line, column in
        try reader.recorder?.endElement(name, line: line, column: column)
    }
}

private func recordCharacters(
    _ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32
) {
    deliverCharacters(context, characters, length, skipsBlanks: true) { reader, text in
        try reader.recorder?.text(text, line: reader.textLine, column: reader.textColumn)
    }
}

/// Whether the bytes are all space, tab, line feed or carriage return.
private func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D { return false }
    return true
}

private func streamComment(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?) {
    guard let reader = XMLStreamReader.from(context) else { return }
    reader.markTextStart(context)
    reader.isAfterTag = false
}

private func streamProcessingInstruction(
    _ context: UnsafeMutableRawPointer?, _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?
) {
    guard let reader = XMLStreamReader.from(context) else { return }
    reader.markTextStart(context)
    reader.isAfterTag = false
}

private func streamInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    guard let reader = XMLStreamReader.from(context) else { return }
    guard reader.handlerError == nil, reader.doctypeLocation == nil else { return }
    let line = Int(xmlSAX2GetLineNumber(context)) + reader.lineOffset
    reader.doctypeLocation = SourceLocation(file: reader.fileName, line: line, column: 1)
    if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
}

private func streamStructuredError(_ userData: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let reader = XMLStreamReader.from(userData), let error else { return }
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    // Keep the first error, except that libxml2's follow-up "internal error" gives way to the
    // real one, which push parsing may report after it depending on where a block ends.
    let isInternal = error.pointee.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue)
    if reader.libxmlMessage != nil && (isInternal || !reader.libxmlMessageIsInternal) { return }
    var message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    reader.libxmlMessage = message
    reader.libxmlMessageIsInternal = isInternal
    reader.libxmlCode = error.pointee.code
    reader.libxmlLocation = SourceLocation(
        file: reader.fileName, line: Int(error.pointee.line) + reader.lineOffset,
        column: max(0, Int(error.pointee.int2)))
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension XMLStreamReader: Sendable {}
