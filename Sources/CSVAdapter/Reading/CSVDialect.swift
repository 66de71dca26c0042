/// How a CSV file separates its fields: the delimiter byte and the quote byte.
public struct CSVDialect: Sendable, Hashable, CustomStringConvertible {
    /// The field delimiter: `,` `;` tab or `|` (any ASCII byte is accepted).
    public var delimiter: UInt8
    /// The quote byte, or `nil` when fields are never quoted.
    public var quote: UInt8?

    /// Creates a dialect.
    public init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8? = UInt8(ascii: "\"")) {
        self.delimiter = delimiter
        self.quote = quote
    }

    /// The delimiters tried when sniffing, in order of preference on a tie.
    static let candidateDelimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// The delimiter as people write it: `,`, `;`, `tab`, `|`.
    public var delimiterName: String { Self.name(of: delimiter) }

    /// `delimiter ';', quote '"'`.
    public var description: String {
        let quoteName = quote.map { "'\(Self.name(of: $0))'" } ?? "none"
        return "delimiter '\(delimiterName)', quote \(quoteName)"
    }

    static func name(of byte: UInt8) -> String {
        byte == 0x09 ? "tab" : String(UnicodeScalar(byte))
    }

    /// Reads a delimiter as a mapping writes it: a single character, `tab` or `\t`.
    static func byte(named text: String) -> UInt8? {
        let lower = text.lowercased()
        if lower == "tab" || lower == "\t" || lower == "\\t" { return 0x09 }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80 else { return nil }
        return byte
    }
}
