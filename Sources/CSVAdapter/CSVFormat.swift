import Foundation
import LedgerCore

/// Reads CSV bank exports through declarative mappings (`mappings/*.json`).
///
/// The mapping is the one the user names (`--mapping NAME|PATH`, the `mapping` option), else the
/// one whose header signature the file matches with the most columns among every mapping in the
/// folders of the `mapping-path` option. See `docs/formats/csv.md` and `docs/mappings.md`.
///
/// ```swift
/// let options = AdapterOptions(mappingDirectories: ["mappings"], fileName: "jan.csv")
/// try CSVFormat(options: options).drafts(from: stream) { event in ... }
/// ```
public struct CSVFormat: FormatAdapter {
    /// `--format csv`.
    public static let id = "csv"
    /// The line `ledgerport formats` shows.
    public static let summary = "CSV bank exports (any delimiter and encoding), read through JSON mappings"
    /// `.csv`, `.tsv` and `.txt` (some banks name their tab-separated exports so).
    public static let fileExtensions = ["csv", "tsv", "txt"]
    /// The adapter's own options, read from ``AdapterOptions/settings``.
    public static let options = [
        AdapterOptionSpec(
            name: mappingOption, value: "NAME|PATH",
            summary: "the mapping to use (default: the one whose header matches)"
        ),
        AdapterOptionSpec(
            name: mappingPathOption, value: "DIR[:DIR...]",
            summary: "folders searched for mappings by name, first match wins"),
    ]
    /// The option naming a mapping.
    public static let mappingOption = "mapping"
    /// The option listing the folders mappings are found in.
    public static let mappingPathOption = "mapping-path"

    /// The user's options.
    public let options: AdapterOptions
    /// The mappings in the option's folders.
    public let catalog: MappingCatalog
    /// The mapping the user named, if any.
    public let namedMapping: CSVMapping?

    /// Loads the mapping catalog, and the named mapping when there is one.
    ///
    /// - Throws: ``CSVError`` when the named mapping is missing or invalid.
    public init(options: AdapterOptions) throws {
        self.options = options
        self.catalog = MappingCatalog(directories: options.mappingDirectories)
        if let name = options.mapping {
            namedMapping = try catalog.mapping(named: name)
        } else {
            namedMapping = nil
        }
    }

    /// Confidence from the head: 70 for a `.csv`/`.tsv` name whose head reads as rows of one
    /// width, 40 for such rows under another name, 10 for a CSV name alone, 0 for binary data,
    /// markup or JSON (`<`, `{`, `[`, `OFXHEADER`).
    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        let ext = (fileName as NSString).pathExtension.lowercased()
        let named = ext == "csv" || ext == "tsv"
        var body = head[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let markup: [UInt8] = [UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "[")]
        if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) { return named ? 70 : 30 }
        if let isBigEndian = PreparedInput.unmarkedUTF16(Array(body.prefix(4))) {
            let first = body[body.startIndex + (isBigEndian ? 1 : 0)]
            return markup.contains(first) ? 0 : (named ? 70 : 30)
        }
        if body.contains(0) { return 0 }
        let start = body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if start.map(markup.contains) == true || body.starts(with: Array("OFXHEADER".utf8)) {
            return 0
        }
        let sample = DialectSniffer.sniff(head: Array(body), isWholeFile: head.count < 8192, name: fileName)
        let modal = sample.modalFieldCount
        let looksTabular = modal.count > 1 && modal.rows >= 2
        if looksTabular { return named ? 70 : 40 }
        return named ? 10 : 0
    }

    /// Reads a file: the mapping's name, accounts, drafts in file order, then statement balances
    /// and skipped rows.
    ///
    /// - Throws: ``CSVError`` for bad input, or what `emit` throws.
    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try drafts(from: input, emit: emit, draft: { try emit(.draft($0)) })
    }

    /// Reads a file as ``drafts(from:emit:)`` does, each draft handed to `draft` by itself (for
    /// the importer's reading thread).
    ///
    /// - Throws: ``CSVError`` for bad input, or what `emit` or `draft` throws.
    public func drafts(
        from input: any ByteStream, emit: (AdapterEvent) throws -> Void, draft: (consuming Draft) throws -> Void
    ) throws {
        let prepared = try PreparedInput(input)
        let (match, _) = try chooseMapping(for: prepared)
        try emit(.mapping(match.mapping.name))
        // A file larger than its head is split into rows on a second thread while this one
        // normalises them.
        let isLarge = prepared.head.count >= PreparedInput.headSize
        try CSVReadSession(match: match, options: options, file: input.name, readsAhead: isLarge)
            .run(prepared, emit: emit, draft: draft)
    }

    // MARK: - Choosing the mapping

    /// Finds the mapping for a file's head and where its header is.
    ///
    /// - Throws: ``CSVError``: an empty file, no matching mapping, or the named mapping's
    ///   columns missing from the header.
    func chooseMapping(for input: PreparedInput) throws -> (HeaderMatch, MappingChoice) {
        let head = input.head
        let isWholeFile = head.count < PreparedInput.headSize
        let name = input.name
        if head.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw CSVError(.emptyFile, at: SourceLocation(file: name, line: 1, column: 1))
        }
        let sniffed = DialectSniffer.sniff(head: head, isWholeFile: isWholeFile, name: name)
        func effective(_ mapping: CSVMapping) -> CSVMapping {
            var copy = mapping
            copy.encoding =
                EncodingChoice(
                    declared: mapping.encoding, byteOrderMark: input.byteOrderMark, headGuess: sniffed.encodingGuess
                ).encoding
            return copy
        }
        if let named = namedMapping {
            let mapping = effective(named)
            let sample = MappingMatcher.sample(
                for: mapping, head: head, isWholeFile: isWholeFile, name: name, sniffed: sniffed)
            guard let match = MappingMatcher.match(mapping, in: sample, names: mapping.requiredColumnNames) else {
                var closest = MappingMatcher.closestHeader(for: mapping, in: sample)
                // No whole row in the head: the first line runs on past it (a header of 100,000
                // columns). Show the columns the head holds, read as if the file ended there.
                let isCut = closest == nil && !isWholeFile
                if isCut {
                    let cut = HeadSample(
                        head: head, isWholeFile: true, name: name, dialect: sample.dialect, encoding: mapping.encoding)
                    // Its last field may be cut too: leave it out.
                    closest = cut.nonBlankRows.first.map { HeadSample.Row(line: $0.line, fields: $0.fields.dropLast()) }
                }
                throw CSVError(
                    .headerMismatch(
                        mapping: mapping.name,
                        missing: missingNames(mapping, closest?.fields ?? []),
                        expected: mapping.signature.isEmpty ? mapping.requiredColumnNames : mapping.signature,
                        found: closest?.fields ?? [], foundIsCut: isCut && closest != nil),
                    at: SourceLocation(file: name, line: closest?.line ?? 1, column: 1))
            }
            try refuseIfListed(match, file: name)
            let reason = "named with --mapping (\(options.mapping ?? mapping.name))"
            return (
                match, MappingChoice(mapping: mapping, headerLine: match.headerLine, reason: reason, alsoMatched: [])
            )
        }
        let mappings = catalog.mappings.map(effective)
        guard
            let found = MappingMatcher.choose(
                among: mappings, head: head, isWholeFile: isWholeFile, name: name, sniffed: sniffed)
        else {
            let headerRow = sniffed.likelyHeaderIndex.map { sniffed.rows[$0] } ?? sniffed.nonBlankRows.first
            let closest = MappingMatcher.closestMapping(
                among: mappings, head: head, isWholeFile: isWholeFile, name: name, sniffed: sniffed)
            throw CSVError(
                .noMatchingMapping(
                    header: headerRow?.fields ?? [], tried: mappings.count, closest: closest?.mapping.name,
                    missing: closest?.missing ?? []),
                at: SourceLocation(file: name, line: headerRow?.line ?? 1, column: 1))
        }
        try refuseIfListed(found.0, file: name)
        return found
    }

    /// Refuses a file whose header the chosen mapping lists under `"match"` `"refuse"`.
    private func refuseIfListed(_ match: HeaderMatch, file: String) throws(CSVError) {
        guard !match.mapping.refusals.isEmpty, match.headerLine > 0 else { return }
        try HeaderRefusal.check(
            match.mapping.refusals, mapping: match.mapping.name, header: match.header,
            at: SourceLocation(file: file, line: match.headerLine, column: 1))
    }

    /// The encoding a mapping declares in its file (before the bytes are looked at).
    func declaredEncoding(of mapping: CSVMapping) -> CSVEncoding? {
        if let named = namedMapping, named.path == mapping.path, named.name == mapping.name { return named.encoding }
        return catalog.mappings.first { $0.path == mapping.path && $0.name == mapping.name }?.encoding
    }

    private func missingNames(_ mapping: CSVMapping, _ header: [String]) -> [String] {
        let present = Set(header.map(MappingMatcher.key))
        return mapping.requiredColumnNames.filter { !present.contains(MappingMatcher.key($0)) }
    }
}
