import CSVAdapter
import FeedAdapter
import LedgerCore
import OFXAdapter

/// Every format adapter ledgerport knows, one registration line each, and detection by sniffing.
public enum FormatRegistry {
    /// The registered adapters. A new format is one line here (and its module in Package.swift).
    public static let adapters: [any FormatAdapter.Type] = [
        CSVFormat.self,
        OFXFormat.self,
        FeedLinesFormat.self,
    ]

    /// The adapter with this id (`csv`, `ofx`), if any.
    public static func adapter(id: String) -> (any FormatAdapter.Type)? {
        adapters.first { $0.id == id.lowercased() }
    }

    /// The ids of every registered adapter, for messages.
    public static var ids: [String] { adapters.map { $0.id } }

    /// The adapter most confident that a file is in its format, if any is at all.
    ///
    /// - Parameters:
    ///   - head: up to the file's first 8 KiB.
    ///   - fileName: the file's name, for its extension.
    ///   - candidates: the adapters to ask (all registered ones by default).
    /// - Returns: the winner and its confidence (1...100), or `nil` when every adapter says 0.
    public static func detect(
        head: [UInt8], fileName: String, among candidates: [any FormatAdapter.Type] = adapters
    ) -> (adapter: any FormatAdapter.Type, confidence: Int)? {
        var best: (adapter: any FormatAdapter.Type, confidence: Int)?
        for adapter in candidates {
            let confidence = min(100, adapter.sniff(head, fileName: fileName))
            if confidence > 0, confidence > (best?.confidence ?? 0) { best = (adapter, confidence) }
        }
        return best
    }
}
