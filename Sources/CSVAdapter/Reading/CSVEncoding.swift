/// A text encoding a CSV file may use.
///
/// UTF-16 files are transcoded to UTF-8 as they stream in (see ``UTF16Transcoder``); the other
/// encodings keep their bytes, because every byte the reader looks for (delimiters, quotes, line
/// breaks) is ASCII in all of them, and only the fields that become text are decoded.
public enum CSVEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-8, with or without a byte-order mark.
    case utf8 = "utf-8"
    /// UTF-16 little-endian (needs its byte-order mark).
    case utf16LE = "utf-16le"
    /// UTF-16 big-endian (needs its byte-order mark).
    case utf16BE = "utf-16be"
    /// Windows-1252, the "ANSI" of Western European Windows exports.
    case windows1252 = "windows-1252"
    /// ISO-8859-1 (Latin-1).
    case isoLatin1 = "iso-8859-1"
    /// ISO-8859-15 (Latin-9: Latin-1 with `€`, `Š`, `Œ`...).
    case isoLatin9 = "iso-8859-15"

    /// Reads an encoding name as mappings write it: `utf-8`, `UTF8`, `cp1252`, `latin1`, `latin-9`...
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "utf8": self = .utf8
        case "utf16le", "utf16": self = .utf16LE
        case "utf16be": self = .utf16BE
        case "windows1252", "cp1252", "win1252", "ansi": self = .windows1252
        case "iso88591", "latin1", "l1": self = .isoLatin1
        case "iso885915", "latin9", "latin0": self = .isoLatin9
        default: return nil
        }
    }

    /// Whether the encoding uses one byte per character.
    var isSingleByte: Bool { self == .windows1252 || self == .isoLatin1 || self == .isoLatin9 }

    /// Decodes one byte (0x80 and above) of a single-byte encoding, or `nil` when the byte is
    /// not a character in it.
    ///
    /// NUL and the C1 controls (0x80–0x9F) are refused in ISO-8859: a file that has them is
    /// almost certainly Windows-1252, and reading them as invisible controls would hide that.
    func scalar(forHighByte byte: UInt8) -> Unicode.Scalar? {
        switch self {
        case .windows1252:
            if byte >= 0xA0 { return Unicode.Scalar(byte) }
            let value = CSVEncoding.windows1252High[Int(byte - 0x80)]
            return value == 0 ? nil : Unicode.Scalar(value)
        case .isoLatin1:
            return byte >= 0xA0 ? Unicode.Scalar(byte) : nil
        case .isoLatin9:
            guard byte >= 0xA0 else { return nil }
            switch byte {
            case 0xA4: return "\u{20AC}"
            case 0xA6: return "\u{0160}"
            case 0xA8: return "\u{0161}"
            case 0xB4: return "\u{017D}"
            case 0xB8: return "\u{017E}"
            case 0xBC: return "\u{0152}"
            case 0xBD: return "\u{0153}"
            case 0xBE: return "\u{0178}"
            default: return Unicode.Scalar(byte)
            }
        case .utf8, .utf16LE, .utf16BE:
            return nil
        }
    }

    /// Windows-1252's characters for 0x80–0x9F; 0 marks the five undefined bytes.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}
