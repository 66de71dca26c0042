import CLibXML2
import LedgerCore

/// Reads the body of an OFX 2.x (XML) document with libxml2's push parser and feeds
/// ``OFXStatementBuilder``, chunk by chunk, so memory stays flat.
///
/// The input is untrusted, so the parser runs with network access off (`XML_PARSE_NONET`),
/// without entity substitution or DTD loading (neither `XML_PARSE_NOENT` nor
/// `XML_PARSE_DTDLOAD`), and with no entity callbacks: a reference to an undeclared entity is a
/// well-formedness error. A `<!DOCTYPE>` is refused as soon as libxml2 reports it, before its
/// internal subset is read, so an external entity (`SYSTEM "file:///..."`) is never resolved and
/// nested entities ("billion laughs") are never expanded. OFX 2 needs neither.
///
/// Elements are recognised with the same leaf table as the SGML reader; unknown elements are
/// skipped, and inline markup inside a value (`<BR/>`) becomes a space.
final class OFXXMLReader {
    private let state: OFXXMLParseState
    /// Bytes not yet handed to libxml2 (less than a block).
    private var pending: [UInt8] = []
    /// The size of the blocks libxml2 is handed.
    static let blockSize = 64 * 1024
    /// The push parser, created on first use; freed in `deinit`.
    private var context: xmlParserCtxtPtr?

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - builder: receives the elements.
    ///   - fileName: the file's name, for locations.
    ///   - lineOffset: lines of the file before the first byte handed over (stray text before
    ///     `<?xml`), added to libxml2's line numbers.
    init(builder: OFXStatementBuilder, fileName: String, lineOffset: Int) {
        state = OFXXMLParseState(builder: builder, fileName: fileName, lineOffset: lineOffset)
    }

    /// Calls `xmlFreeParserCtxt`.
    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Reads more bytes. Calls `xmlCreatePushParserCtxt` (first time) and `xmlParseChunk`.
    ///
    /// libxml2 is always handed blocks of ``blockSize`` bytes, whatever the size of the chunks
    /// arriving, because its push parser words some errors differently depending on where a
    /// chunk ends: the same file must give the same reading and the same message every time.
    func feed(_ chunk: [UInt8]) throws {
        if state.builder.isDocumentClosed { return }
        pending.append(contentsOf: chunk)
        var start = 0
        while pending.count - start >= OFXXMLReader.blockSize, !state.builder.isDocumentClosed {
            try parse(pending[start..<(start + OFXXMLReader.blockSize)], terminate: false)
            start += OFXXMLReader.blockSize
        }
        pending.removeSubrange(0..<start)
    }

    /// Ends the input and checks that the document is complete. Calls `xmlParseChunk` with
    /// `terminate`.
    func finish() throws {
        if !state.builder.isDocumentClosed {
            try parse(pending[...], terminate: true)
            pending = []
        }
        if state.builder.isDocumentClosed { return }
        let context = try parserContext()
        try state.builder.finish(
            line: Int(xmlSAX2GetLineNumber(context)) + state.lineOffset, column: Int(xmlSAX2GetColumnNumber(context)))
    }

    // MARK: - Private helpers

    /// Hands libxml2 one block. Calls `xmlParseChunk`.
    private func parse(_ block: ArraySlice<UInt8>, terminate: Bool) throws {
        let context = try parserContext()
        let result = block.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                xmlParseChunk(context, $0.baseAddress, Int32($0.count), terminate ? 1 : 0)
            }
        }
        try check(result, context)
    }

    private func check(_ result: Int32, _ context: xmlParserCtxtPtr) throws {
        if let error = state.error { throw error }
        if state.builder.isDocumentClosed { return }
        if result != 0 {
            let line = Int(xmlSAX2GetLineNumber(context)) + state.lineOffset
            let column = Int(xmlSAX2GetColumnNumber(context))
            throw OFXError(
                .malformedXML(state.libxmlMessage ?? "libxml2 error \(result)"),
                at: state.libxmlLocation ?? SourceLocation(file: state.fileName, line: line, column: column))
        }
    }

    /// The push parser, created on first use with the SAX callbacks and the safe options.
    /// Calls `xmlCreatePushParserCtxt` and `xmlCtxtUseOptions`.
    private func parserContext() throws -> xmlParserCtxtPtr {
        if let context { return context }
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = ofxStartElement
        handler.endElementNs = ofxEndElement
        handler.characters = ofxCharacters
        handler.cdataBlock = ofxCharacters
        handler.internalSubset = ofxInternalSubset
        handler.serror = ofxStructuredError
        guard let created = xmlCreatePushParserCtxt(&handler, nil, nil, 0, state.fileName) else {
            throw OFXError(.malformedXML("libxml2 could not create a parser"), at: .file(state.fileName))
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard xmlCtxtUseOptions(created, options) == 0 else {
            xmlFreeParserCtxt(created)
            throw OFXError(.malformedXML("libxml2 refused the parser options"), at: .file(state.fileName))
        }
        created.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        context = created
        return created
    }
}

// MARK: - libxml2 SAX callbacks

private func ofxName(_ name: UnsafePointer<xmlChar>?) -> (OFXTag?, Int) {
    guard let name else { return (nil, 0) }
    var length = 0
    while name[length] != 0 { length += 1 }
    return (OFXTag.lookUp(UnsafeBufferPointer(start: name, count: length)), length)
}

private func ofxStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let state = OFXXMLParseState.from(context) else { return }
    let (tag, length) = ofxName(localName)
    state.run(context) {
        if let leaf = state.leaf {
            // Markup inside a value: a word break, unless a known element starts (then the
            // value ends here, as in SGML).
            guard tag != nil else {
                state.value.append(0x20)
                return
            }
            state.leaf = nil
            try state.value.withUnsafeBufferPointer {
                try state.builder.leaf(leaf, value: $0, line: state.leafLine, column: state.leafColumn)
            }
        }
        guard let tag else { return }
        let (line, column) = state.position(context, tagLength: length + 2)
        if tag.isLeaf {
            state.leaf = tag
            state.leafLine = line
            state.leafColumn = column
            state.value.removeAll(keepingCapacity: true)
        } else {
            try state.builder.open(tag, line: line, column: column)
        }
    }
}

private func ofxEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    guard let state = OFXXMLParseState.from(context) else { return }
    let (tag, _) = ofxName(localName)
    state.run(context) {
        if let leaf = state.leaf {
            guard tag == leaf else { return }  // the end of markup inside the value
            state.leaf = nil
            try state.value.withUnsafeBufferPointer {
                try state.builder.leaf(leaf, value: $0, line: state.leafLine, column: state.leafColumn)
            }
            return
        }
        if let tag, !tag.isLeaf { try state.builder.close(tag) }
    }
}

private func ofxCharacters(_ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32)
{
    guard let state = OFXXMLParseState.from(context), state.leaf != nil, let characters, length > 0 else { return }
    state.value.append(contentsOf: UnsafeBufferPointer(start: characters, count: Int(length)))
}

private func ofxInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    guard let state = OFXXMLParseState.from(context) else { return }
    state.run(context) {
        let line = Int(xmlSAX2GetLineNumber(context)) + state.lineOffset
        throw OFXError(.doctypeRefused, at: SourceLocation(file: state.fileName, line: line, column: 1))
    }
}

private func ofxStructuredError(_ userData: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let state = OFXXMLParseState.from(userData), let error else { return }
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    // Keep the first error, except that libxml2's follow-up "internal error" gives way to the
    // real one, which push parsing may report after it depending on where a chunk ends.
    let isInternal = error.pointee.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue)
    if state.libxmlMessage != nil && (isInternal || !state.libxmlMessageIsInternal) { return }
    var message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    state.libxmlMessage = message
    state.libxmlMessageIsInternal = isInternal
    state.libxmlLocation = SourceLocation(
        file: state.fileName, line: Int(error.pointee.line) + state.lineOffset, column: max(0, Int(error.pointee.int2)))
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension OFXXMLReader: Sendable {}
