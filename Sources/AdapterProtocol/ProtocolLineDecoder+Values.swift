#if canImport(Glibc)
    import Glibc
#endif

/// One JSON value of a protocol line, as the decoder needs it: strings, numbers and nested
/// objects as where they lie in the line (decoded only when asked for). Plain data: copying one
/// costs no reference counting.
enum ProtocolValue {
    case string(ProtocolText)
    case number(ProtocolText)
    case bool(Bool)
    case null
    /// A nested object, validated; its members are read again when asked for (`source`).
    case object(ProtocolText)
    case array
}

/// A string, number or object in the line: its bytes' range, and for a string that had escapes
/// or non-ASCII characters (validated as UTF-8 while scanning), the index of its decoded text in
/// the scanner's ``ProtocolLineScanner/decoded``, else -1.
struct ProtocolText {
    var start: Int
    var count: Int
    var decoded: Int
}

/// The member names the protocol knows; any other is `.other`.
enum ProtocolKey: String, CaseIterable {
    case type, key, name, currency, kind, institution, number, account, bookingDay, transactionDay, amount
    case direction, description, memo, payee, category, status, externalID, balance, source, day, count, reason
    case correctedExternalID, replaces, message, records, line, column
    case other

    /// Each known name's bytes, by length, for matching without making a string.
    static let byLength: [[(bytes: [UInt8], key: ProtocolKey)]] = {
        var table = [[(bytes: [UInt8], key: ProtocolKey)]](repeating: [], count: 32)
        for key in allCases where key != .other {
            let bytes = Array(key.rawValue.utf8)
            table[bytes.count].append((bytes, key))
        }
        return table
    }()

    /// The key a plain-ASCII member name spells.
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> ProtocolKey {
        guard bytes.count < byLength.count, let base = bytes.baseAddress else { return .other }
        for candidate in byLength[bytes.count] {
            let matches = candidate.bytes.withUnsafeBufferPointer { known in
                known.baseAddress.map { memcmp($0, base, bytes.count) == 0 } ?? false
            }
            if matches { return candidate.key }
        }
        return .other
    }
}

/// A member of a JSON object: its key (with its text when not a known one), its value, and the
/// column where the key starts.
struct ProtocolField {
    var key: ProtocolKey
    /// For a member the protocol doesn't know (ignored, but checked for duplicates), the index of
    /// its name in ``ProtocolLineScanner/decoded``; else -1.
    var otherName: Int
    var value: ProtocolValue
    var column: Int
}

extension ProtocolValue {
    /// `the number 12.5`, `an object`: what was found, for messages.
    func summary(in bytes: UnsafeBufferPointer<UInt8>, decoded: [String]) -> String {
        switch self {
        case .string(let text): return "the string \(quotedForMessage(text.string(in: bytes, decoded: decoded)))"
        case .number(let text):
            let number = text.string(in: bytes, decoded: decoded)
            return "the number \(number.count > 40 ? String(number.prefix(40)) + "…" : number)"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }
}

extension ProtocolText {
    /// The text, made from the line's bytes unless it was decoded while scanning.
    func string(in bytes: UnsafeBufferPointer<UInt8>, decoded texts: [String]) -> String {
        if decoded >= 0 { return texts[decoded] }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self)
    }

    /// Whether the text is exactly `word` (ASCII).
    func equals(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, decoded texts: [String]) -> Bool {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        if decoded >= 0 { return texts[decoded].utf8.elementsEqual(expected) }
        guard count == word.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + start, word.utf8Start, count) == 0
    }
}
