/// Which encoding a file is read in, given what the mapping declares and what the bytes show.
///
/// - A byte-order mark wins: the file is UTF-8 (UTF-16 has been transcoded to UTF-8 by then).
/// - A declared single-byte encoding gives way to UTF-8 when the head has non-ASCII bytes and
///   they are all valid UTF-8: the bank's export was re-saved as UTF-8 (a spreadsheet does
///   that), and text in Windows-1252 practically never forms valid UTF-8 sequences.
/// - Otherwise the declaration holds; undeclared, the encoding is detected field by field.
struct EncodingChoice: Sendable, Hashable {
    /// The encoding to read with, or `nil` to detect it.
    var encoding: CSVEncoding?
    /// How it was decided, for `inspect`.
    var explanation: String

    init(declared: CSVEncoding?, byteOrderMark: CSVEncoding?, headGuess: CSVEncoding?) {
        if let byteOrderMark {
            encoding = .utf8
            explanation = byteOrderMark.rawValue + " (byte-order mark)"
        } else if let declared, declared.isSingleByte, headGuess == .utf8 {
            encoding = .utf8
            explanation = "utf-8 (detected; the mapping declares \(declared.rawValue), but the bytes are valid UTF-8)"
        } else if let declared {
            encoding = declared
            explanation = declared.rawValue + " (declared by the mapping)"
        } else {
            encoding = nil
            switch headGuess {
            case .none: explanation = "ascii (read as utf-8)"
            case .utf8?: explanation = "utf-8 (detected)"
            case let other?: explanation = other.rawValue + " (detected: not valid utf-8)"
            }
        }
    }
}
