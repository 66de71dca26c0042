import LedgerCore
import LedgerImport

extension CommandContext {
    /// The adapters a command may use: the built-in ones.
    var adapters: [any SourceAdapter] { FormatRegistry.adapters }

    /// The adapter a `--format ID` value names, or `nil` when the option is absent.
    ///
    /// - Throws: ``UsageError`` for an id no adapter has.
    func adapter(format id: String?) throws(UsageError) -> (any SourceAdapter)? {
        guard let id else { return nil }
        let known = adapters
        guard let adapter = known.first(where: { $0.id == id.lowercased() }) else {
            throw UsageError(
                "--format \(id) is not a known format; expected one of \(known.map(\.id).joined(separator: ", "))")
        }
        return adapter
    }
}
