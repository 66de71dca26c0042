#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rule every adapter's text follows: no NUL bytes.
///
/// A NUL (U+0000) is never part of a bank's text; in a file it means a binary file, a UTF-16 file
/// read as bytes, or padding. SQLite and C code cut text at it, so a description stored with one
/// would not read back as it was written. Every text field of a draft (account, description,
/// memo, payee, id) is checked by ``Draft/validate(accountCurrency:)``, which the importer and the feed
/// sync both call; an adapter that knows a field's own position checks it there first, for a
/// sharper location.
///
/// Other control characters (ESC, BEL, …) are kept as the source has them: they are text, if
/// odd, and the command line shows them visibly (docs/cli.md).
public enum TextRule {
    /// Checks one text field.
    ///
    /// - Parameters:
    ///   - text: the field's text.
    ///   - field: the field's name for the message (`<NAME>`, `description`).
    ///   - location: the field's location, else its record's.
    /// - Throws: ``CoreError`` `.nulInText` when the text holds a NUL.
    @inlinable
    public static func check(_ text: String, field: @autoclosure () -> String, at location: SourceLocation)
        throws(CoreError)
    {
        if containsNUL(text) { throw CoreError(.nulInText(field: field()), at: location) }
    }

    /// Checks raw bytes of a text field, before they are decoded.
    ///
    /// - Throws: ``CoreError`` `.nulInText` when a byte is 0.
    @inlinable
    public static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, field: @autoclosure () -> String, at location: () -> SourceLocation
    ) throws(CoreError) {
        if containsNUL(bytes) { throw CoreError(.nulInText(field: field()), at: location()) }
    }

    /// Whether a string holds U+0000.
    @inlinable
    public static func containsNUL(_ text: String) -> Bool {
        // Borrowed, not copied: `withUTF8` would need a `var` copy of the string, a retain and a
        // release on every field of every draft. An empty field (most drafts' memo) needs no look.
        guard !text.isEmpty else { return false }
        return text.utf8.withContiguousStorageIfAvailable { containsNUL($0) } ?? text.utf8.contains(0)
    }

    /// Whether bytes hold a 0, found with `memchr` (the importer checks every text field of every
    /// draft: a byte-by-byte loop cost a tenth of an MT940 dry run).
    @inlinable
    public static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, 0, bytes.count) != nil
    }
}
