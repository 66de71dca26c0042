import XMLStream

/// Records events as lines of text, joining the pieces of one run of text (libxml2 may split it).
final class XMLEventRecorder: XMLEventHandler {
    var events: [String] = []
    /// Stop after the end tag with this name, as OFX stops after `</OFX>`.
    var stopAfter: String?
    /// Throw this from the start tag with this name.
    var failAt: (name: String, error: any Error)?
    private(set) var hasFinishedDocument = false
    /// Ask the reader to leave out blank text after tags.
    var skipsBlankTextAfterTags = false
    private var pendingText: (text: [UInt8], line: Int, column: Int)?

    func startElement(_ tag: XMLStartTag) throws {
        flushText()
        if let failAt, tag.name == failAt.name { throw failAt.error }
        let attributes = tag.attributes.map { " \($0.prefix.map { $0 + ":" } ?? "")\($0.name)=\($0.value)" }
        events.append("start \(tag.name)\(attributes.joined()) @\(tag.line):\(tag.column)")
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        if pendingText == nil { pendingText = ([], line, column) }
        pendingText?.text.append(contentsOf: bytes)
    }

    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        flushText()
        let name = String(decoding: name, as: UTF8.self)
        events.append("end \(name) @\(line):\(column)")
        if name == stopAfter { hasFinishedDocument = true }
    }

    private func flushText() {
        guard let pending = pendingText else { return }
        pendingText = nil
        let text = String(decoding: pending.text, as: UTF8.self)
        events.append("text \(text.debugDescription) @\(pending.line):\(pending.column)")
    }
}

/// What one read gave: the events, and the error that stopped it.
struct XMLRead {
    var events: [String]
    var error: XMLStreamError?
    var otherError: (any Error)?

    /// Reads `bytes` in chunks of `chunkSize`, handing libxml2 blocks of `blockSize`.
    static func of(
        _ bytes: [UInt8], chunkSize: Int = 1 << 20, blockSize: Int = XMLStreamReader.defaultBlockSize,
        lineOffset: Int = 0, isPipelined: Bool = false, configure: (XMLEventRecorder) -> Void = { _ in }
    ) -> XMLRead {
        let recorder = XMLEventRecorder()
        configure(recorder)
        let reader = XMLStreamReader(
            handler: recorder, fileName: "test.xml", lineOffset: lineOffset, blockSize: blockSize)
        let pipelined = XMLPipelinedReader(
            handler: recorder, fileName: "test.xml", lineOffset: lineOffset, blockSize: blockSize)
        do {
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunkSize)
                if isPipelined {
                    try pipelined.feed(Array(bytes[start..<end]))
                } else {
                    try reader.feed(bytes[start..<end])
                }
                start = end
            }
            if isPipelined {
                try pipelined.finish()
            } else {
                try reader.finish()
            }
            return XMLRead(events: recorder.events)
        } catch let error as XMLStreamError {
            return XMLRead(events: recorder.events, error: error)
        } catch {
            return XMLRead(events: recorder.events, otherError: error)
        }
    }

    static func of(_ text: String, chunkSize: Int = 1 << 20, blockSize: Int = XMLStreamReader.defaultBlockSize)
        -> XMLRead
    {
        of(Array(text.utf8), chunkSize: chunkSize, blockSize: blockSize)
    }
}
