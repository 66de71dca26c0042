import LedgerCore
import XMLStream

/// Reads the body of an OFX 2.x (XML) document through the shared hardened reader
/// (``XMLStreamReader``: libxml2's push parser, network, DTDs and entities off, any `<!DOCTYPE>`
/// refused) and feeds ``OFXStatementBuilder``, chunk by chunk, so memory stays flat.
///
/// Elements are recognised with the same leaf table as the SGML reader; unknown elements are
/// skipped, and inline markup inside a value (`<BR/>`) becomes a space. The reader's errors
/// become ``OFXError``s with the same location.
final class OFXXMLReader: XMLEventHandler {
    private var builder: OFXStatementBuilder
    /// The leaf whose text is being collected, with its location.
    private var leaf: OFXTag?
    private var leafLine = 0
    private var leafColumn = 0
    private var value: [UInt8] = []

    /// Creates a handler that feeds `builder`.
    init(builder: OFXStatementBuilder) {
        self.builder = builder
    }

    // MARK: - API

    /// Reads the XML body: `head` (the bytes from `<?xml` on), then the rest of `input`.
    ///
    /// - Parameters:
    ///   - head: the bytes already read, from where the XML starts.
    ///   - input: the rest of the file.
    ///   - lineOffset: lines of the file before `head` (stray text before `<?xml`).
    /// - Throws: ``OFXError`` for bad input, or what the builder's `emit` throws.
    func read(head: ArraySlice<UInt8>, rest input: any ByteStream, lineOffset: Int) throws {
        let reader = XMLStreamReader(handler: self, fileName: input.name, lineOffset: lineOffset)
        var filter = XMLInputFilter(head: head, fileName: input.name, lineOffset: lineOffset)
        var hasNoted = false
        func feed(_ bytes: some Collection<UInt8>, isFinal: Bool) throws {
            let filtered = try filter.filter(bytes, isFinal: isFinal)
            if !hasNoted, let notice = filter.notice {
                hasNoted = true
                try builder.note(notice)
            }
            try reader.feed(filtered)
        }
        do {
            try feed(head, isFinal: false)
            while let chunk = try input.nextChunk() { try feed(chunk, isFinal: false) }
            try feed([], isFinal: true)
            let end = try reader.finish()
            if !builder.isDocumentClosed { try builder.finish(line: end.line, column: end.column) }
        } catch let error as XMLStreamError {
            switch error.reason {
            case .doctypeRefused: throw OFXError(.doctypeRefused, at: error.location)
            case .malformed(let detail), .parserUnavailable(let detail):
                throw OFXError(.malformedXML(detail), at: error.location)
            }
        }
    }

    /// Whether `</OFX>` has closed the document: what follows is ignored.
    var hasFinishedDocument: Bool { builder.isDocumentClosed }

    func startElement(_ start: XMLStartTag) throws {
        let tag = OFXTag.lookUp(start.nameBytes)
        if let leaf {
            // Markup inside a value: a word break, unless a known element starts (then the
            // value ends here, as in SGML).
            guard tag != nil else {
                value.append(0x20)
                return
            }
            self.leaf = nil
            try deliver(leaf)
        }
        guard let tag else { return }
        if tag.isLeaf {
            leaf = tag
            leafLine = start.line
            leafColumn = start.column
            value.removeAll(keepingCapacity: true)
        } else {
            try builder.open(tag, line: start.line, column: start.column)
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        guard leaf != nil else { return }
        value.append(contentsOf: bytes)
    }

    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        let tag = OFXTag.lookUp(name)
        if let leaf {
            guard tag == leaf else { return }  // the end of markup inside the value
            self.leaf = nil
            try deliver(leaf)
            return
        }
        if let tag, !tag.isLeaf { try builder.close(tag) }
    }

    // MARK: - Private helpers

    /// Hands the collected value to the builder, a bare `&` (``XMLInputFilter/placeholder``) back
    /// as `&`.
    ///
    /// libxml2 has decoded the references already, and the builder decodes the SGML ones
    /// (``OFXText``) for both kinds of file: each `&` is written back as `&amp;` so the text is
    /// decoded once (`&amp;amp;` is the text `&amp;`, not `&`).
    private func deliver(_ leaf: OFXTag) throws {
        value = XMLInputFilter.restoringAmpersands(value)
        if value.contains(UInt8(ascii: "&")) { value = Self.escapingAmpersands(value) }
        try value.withUnsafeBufferPointer {
            try builder.leaf(leaf, value: $0, line: leafLine, column: leafColumn)
        }
    }
}

extension OFXXMLReader {
    /// `value` with each `&` written as `&amp;`.
    static func escapingAmpersands(_ value: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.count + 8)
        for byte in value {
            escaped.append(byte)
            if byte == UInt8(ascii: "&") { escaped.append(contentsOf: "amp;".utf8) }
        }
        return escaped
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension OFXXMLReader: Sendable {}
