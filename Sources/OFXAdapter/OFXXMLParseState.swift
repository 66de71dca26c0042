import CLibXML2
import LedgerCore

/// What the C callbacks share: the builder, the leaf being collected, the first error.
final class OFXXMLParseState {
    let builder: OFXStatementBuilder
    let fileName: String
    let lineOffset: Int
    /// The leaf whose text is being collected, with its location.
    var leaf: OFXTag?
    var leafLine = 0
    var leafColumn = 0
    var value: [UInt8] = []
    /// The first error, which stops the parser.
    var error: (any Error)?
    var libxmlMessage: String?
    var libxmlMessageIsInternal = false
    var libxmlLocation: SourceLocation?

    init(builder: OFXStatementBuilder, fileName: String, lineOffset: Int) {
        self.builder = builder
        self.fileName = fileName
        self.lineOffset = lineOffset
    }

    /// Runs a builder call, keeping the first error and stopping the parser on it.
    func run(_ context: UnsafeMutableRawPointer?, _ body: () throws -> Void) {
        guard error == nil else { return }
        do {
            try body()
        } catch {
            self.error = error
            if let context { xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self)) }
        }
    }

    /// The current position, moved back to the start of a tag of `tagLength` bytes just read
    /// (libxml2 reports the column of the tag's `>`; OFX tags carry no attributes).
    func position(_ context: UnsafeMutableRawPointer?, tagLength: Int) -> (line: Int, column: Int) {
        let line = Int(xmlSAX2GetLineNumber(context)) + lineOffset
        let column = max(1, Int(xmlSAX2GetColumnNumber(context)) - tagLength + 1)
        return (line, column)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> OFXXMLParseState? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let pointer = parser.pointee._private else { return nil }
        return Unmanaged<OFXXMLParseState>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension OFXXMLParseState: Sendable {}
