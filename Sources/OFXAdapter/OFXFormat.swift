import LedgerCore

/// Open Financial Exchange: OFX 1.x (SGML), OFX 2.x (XML) and Intuit's QFX/QBO flavours.
///
/// Reads bank (`STMTRS`), credit card (`CCSTMTRS`) and investment (`INVSTMTRS`) statements,
/// any number of them in one file. For each statement it emits the account (named by the rule
/// in ``OFXAccountIdentity``), then one draft per `STMTTRN` (pending `STMTTRNP` as pending),
/// corrections (`CORRECTACTION`) as ``AdapterEvent/correction(_:)``, `LEDGERBAL` as the
/// `.ledger` statement balance and `AVAILBAL` as `.available`. An investment statement's cash
/// lines (`INVBANKTRAN`) are imported; its security trades are reported as skipped, with a count.
///
/// OFX 1.x bodies are read by ``OFXSGMLReader`` (one pass over the bytes, tolerant of the ways
/// banks bend SGML); OFX 2.x bodies by the shared hardened XML reader (XMLStream, through
/// ``OFXXMLReader``) with network, DTDs and external entities off. See `docs/formats/ofx.md`
/// for what is read, tolerated and refused.
public struct OFXFormat: FormatAdapter {
    /// `ofx`, for `--format`.
    public static let id = "ofx"
    /// The line `ledgerport formats` shows.
    public static let summary = "OFX 1.x/2.x and QFX/QBO bank, card and investment statements"
    /// OFX proper, Quicken's QFX and QuickBooks' QBO.
    public static let fileExtensions = ["ofx", "qfx", "qbo"]

    /// The most bytes read while looking for `<OFX>` before the file is declared not OFX.
    static let headerLimit = 1 << 20

    private let options: AdapterOptions

    /// Prepares to read.
    ///
    /// - Parameter options: `account` replaces the derived account name when the file holds
    ///   statements of exactly one account.
    public init(options: AdapterOptions) throws {
        self.options = options
    }

    /// How sure this is OFX: 100 with an OFX header or `<?OFX`, 90 with an `<OFX>` tag, 30 for
    /// a `.ofx`/`.qfx`/`.qbo` name alone, else 0.
    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        let upper = HeadSearch.upperCased(head, within: 8192)
        let found = { (word: String) in HeadSearch.contains(upper, word, within: 8192) }
        if found("OFXHEADER") || found("<?OFX") { return 100 }
        if found("<OFX>") || found("<OFX ") { return 90 }
        let lowerName = fileName.lowercased()
        if fileExtensions.contains(where: { lowerName.hasSuffix("." + $0) }) { return 30 }
        return 0
    }

    /// Reads the stream and emits accounts, drafts, corrections, balances and skipped records.
    ///
    /// - Throws: ``OFXError`` for bad input (with file, line and column), or what `emit` throws.
    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            let builder = OFXStatementBuilder(
                fileName: input.name, accountOverride: options.account, commodities: options.commodities, emit: emit)
            var head: [UInt8] = []
            var header: OFXHeader?
            while header == nil {
                guard let chunk = try input.nextChunk() else {
                    header = head.withUnsafeBufferPointer { OFXHeader.locate(in: $0, isComplete: true) }
                    break
                }
                head.append(contentsOf: chunk)
                let isComplete = head.count > OFXFormat.headerLimit
                header = head.withUnsafeBufferPointer { OFXHeader.locate(in: $0, isComplete: isComplete) }
                if header == nil && isComplete { break }
            }
            guard let header else { throw OFXError(.notOFX, at: .file(input.name)) }

            if header.isXML {
                try readXML(input, head: head, header: header, builder: builder)
            } else {
                try readSGML(input, head: head, header: header, builder: builder)
            }
        }
    }

    // MARK: - Private helpers

    /// OFX 2: libxml2 from the `<?xml` declaration on.
    private func readXML(_ input: any ByteStream, head: [UInt8], header: OFXHeader, builder: OFXStatementBuilder)
        throws
    {
        let start = header.xmlStartOffset
        let lineOffset = head[..<start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        try OFXXMLReader(builder: builder).read(head: head[start...], rest: input, lineOffset: lineOffset)
    }

    /// OFX 1: the SGML reader from `<OFX>` on, counting lines from the file's start.
    private func readSGML(_ input: any ByteStream, head: [UInt8], header: OFXHeader, builder: OFXStatementBuilder)
        throws
    {
        let start = header.bodyOffset
        var line = 1
        var lineStart = 0
        for index in 0..<start where head[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var reader = OFXSGMLReader(builder: builder, line: line, lineStart: lineStart, base: start)
        try reader.feed(head[start...])
        while let chunk = try input.nextChunk() { try reader.feed(chunk) }
        try reader.finish()
    }
}
