import CSVAdapter
import CamtAdapter
import FeedAdapter
import LedgerCore
import MT940Adapter
import OFXAdapter
import QIFAdapter

/// Every built-in format adapter, one registration line each, and detection by asking adapters.
public enum FormatRegistry {
    /// The built-in adapters. A new format is one line here (and its module in Package.swift).
    public static let formats: [any FormatAdapter.Type] = [
        CSVFormat.self,
        OFXFormat.self,
        FeedLinesFormat.self,
        CamtFormat.self,
        QIFFormat.self,
        MT940Format.self,
    ]

    /// The built-in adapters as the importer takes them.
    public static let adapters: [any SourceAdapter] = formats.map(BuiltInAdapter.init)

    /// ledgerport's own version: the version of every built-in adapter.
    public static let hostVersion = "0.1.0"

    /// The protocol versions of external adapters this ledgerport speaks (docs/plugins.md).
    public static let protocols = [1]

    /// The built-in adapter with this id (`csv`, `ofx`), if any.
    public static func adapter(id: String) -> (any SourceAdapter)? {
        adapters.first { $0.id == id.lowercased() }
    }

    /// The ids of every built-in adapter, for messages.
    public static var ids: [String] { adapters.map { $0.id } }

    /// The adapter most confident that a file is in its format, if any is at all.
    ///
    /// - Parameters:
    ///   - head: up to the file's first 8 KiB.
    ///   - fileName: the file's path, for its extension (and for an external adapter to open).
    ///   - candidates: the adapters to ask (the built-in ones by default).
    /// - Returns: the winner and its confidence (1...100), or `nil` when every adapter says 0.
    ///   On a tie the adapter listed first wins: built-in adapters come before external ones.
    ///
    /// A head that starts with a UTF-16 byte-order mark is also shown to each adapter decoded to
    /// UTF-8, and the adapter's higher answer counts: a UTF-16 camt, QIF or MT940 file goes to its
    /// own adapter (which reads it, or says it is UTF-16), not to CSV.
    public static func detect(
        head: [UInt8], fileName: String, among candidates: [any SourceAdapter] = adapters
    ) -> (adapter: any SourceAdapter, confidence: Int)? {
        let decoded = utf8Head(ofUTF16: head)
        var best: (adapter: any SourceAdapter, confidence: Int)?
        for adapter in candidates {
            var confidence = adapter.identify(head: head, path: fileName)
            if let decoded { confidence = max(confidence, adapter.identify(head: decoded, path: fileName)) }
            confidence = min(100, confidence)
            if confidence > 0, confidence > (best?.confidence ?? 0) { best = (adapter, confidence) }
        }
        return best
    }

    /// The head decoded to UTF-8 when it starts with a UTF-16 byte-order mark (a cut last
    /// character or an unpaired surrogate becomes U+FFFD), else `nil`.
    static func utf8Head(ofUTF16 head: [UInt8]) -> [UInt8]? {
        guard head.count >= 2 else { return nil }
        let isBigEndian: Bool
        switch (head[0], head[1]) {
        case (0xFE, 0xFF): isBigEndian = true
        case (0xFF, 0xFE): isBigEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(head.count / 2)
        var index = 2
        while index + 1 < head.count {
            let (high, low) = isBigEndian ? (head[index], head[index + 1]) : (head[index + 1], head[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}

/// A built-in ``FormatAdapter`` type presented as a ``SourceAdapter``.
public struct BuiltInAdapter: SourceAdapter {
    /// The adapter's type.
    public let format: any FormatAdapter.Type

    /// Presents a built-in adapter.
    public init(_ format: any FormatAdapter.Type) { self.format = format }

    public var id: String { format.id }
    public var summary: String { format.summary }
    public var fileExtensions: [String] { format.fileExtensions }
    public var options: [AdapterOptionSpec] { format.options }
    public var provenance: AdapterProvenance {
        AdapterProvenance(origin: .builtIn, version: FormatRegistry.hostVersion, protocols: FormatRegistry.protocols)
    }

    public func identify(head: [UInt8], path: String) -> Int { format.sniff(head, fileName: path) }

    public func reader(options: AdapterOptions) throws -> any DraftReader { try format.init(options: options) }

    public func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws -> AdapterInspection? {
        try format.inspect(input, options: options, rows: rows)
    }
}
