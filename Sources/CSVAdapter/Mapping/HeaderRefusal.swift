import LedgerCore

/// A header a mapping must not read, though its columns are there (`"match": {"refuse": [...]}`):
/// a journal export (`hledger print -O csv`) has Date, Description and Amount, but one row per
/// posting, each with its own account.
struct HeaderRefusal: Sendable {
    /// Names that, all present in the header (compared as header names are), refuse the file.
    var header: [String]
    /// What the file looks like, for the message: `a journal export (hledger print -O csv)…`.
    var looksLike: String
    /// What to do instead, one sentence.
    var instead: String

    /// Refuses `header` when it has every one of ``header``'s names.
    ///
    /// - Throws: ``CSVError`` `.refusedFile` at the header's line.
    static func check(_ refusals: [HeaderRefusal], mapping: String, header: [String], at location: SourceLocation)
        throws(CSVError)
    {
        let keys = header.map(MappingMatcher.key)
        for refusal in refusals {
            let wanted = refusal.header.map(MappingMatcher.key)
            guard !wanted.isEmpty, wanted.allSatisfy(keys.contains) else { continue }
            throw CSVError(
                .refusedFile(mapping: mapping, looksLike: refusal.looksLike, instead: refusal.instead), at: location)
        }
    }
}
