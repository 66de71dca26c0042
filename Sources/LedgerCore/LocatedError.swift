/// An error about input that can say where it happened.
///
/// Each module has one error type conforming to this protocol. Its `description` reads like a
/// compiler diagnostic: `jan.ofx:214:9: error: <TRNAMT> "12,3.4" is not an amount; expected ...`.
public protocol LocatedError: Error, CustomStringConvertible, Sendable {
    /// Where the problem is.
    var location: SourceLocation { get }
    /// What was found and what was expected, without the location.
    var message: String { get }
    /// Whether the source failed before its first record (an empty file, a header no mapping
    /// reads): the import report then names no record. `false` by default.
    var precedesRecords: Bool { get }
}

extension LocatedError {
    public var precedesRecords: Bool { false }

    /// `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(location): error: \(message)" }
}

/// Quotes text found in the input for an error message, shortened when it is long, so that a
/// 100 MB field still gives a one-line error.
///
/// `"12,3.4"` stays `"12,3.4"`; ten thousand nines become `"99999999…" (10000 characters)`.
///
/// - Parameters:
///   - text: the text as found.
///   - limit: the most characters quoted whole.
/// - Returns: the text in double quotes, cut to its first `limit` characters and followed by its
///   length when longer.
public func quotedExcerpt(_ text: some StringProtocol, limit: Int = 48) -> String {
    var count = 0
    var end = text.startIndex
    while end < text.endIndex, count < limit {
        text.formIndex(after: &end)
        count += 1
    }
    guard end < text.endIndex else { return "\"\(text)\"" }
    return "\"\(text[..<end])…\" (\(text.count) characters)"
}
