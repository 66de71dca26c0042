import Foundation

extension Draft {
    /// A stable 64-bit fingerprint of what makes two records "the same transaction" when the
    /// source has no id of its own: booking day, amount, currency, direction and description
    /// (case, Unicode composition and runs of white space ignored).
    ///
    /// The store pairs it with the record's occurrence number among identical records in the
    /// same source, so that two genuine identical coffees on one day are both kept while a
    /// re-import of the same file finds both already stored. The hash is FNV-1a: it must never
    /// change between runs or machines, so Swift's seeded `Hasher` is not used.
    public var fingerprint: Int64 {
        var hash = FNV1a()
        hash.combine(Int64(bookingDay.daysSinceEpoch))
        hash.combine(amount.minorUnits)
        for byte in amount.currency.code.utf8 { hash.combine(byte) }
        hash.combine(direction == .credit ? UInt8(ascii: "+") : UInt8(ascii: "-"))
        if !hash.combineFoldedLatin1(description) {
            for byte in Draft.normalisedDescription(description).utf8 { hash.combine(byte) }
        }
        return Int64(bitPattern: hash.value)
    }

    /// The description as the fingerprint sees it: trimmed, lower-cased, canonically composed
    /// (NFC), inner runs of white space folded to one space.
    public static func normalisedDescription(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        if foldLatin1(text, into: { bytes.append($0) }) { return String(decoding: bytes, as: UTF8.self) }
        return foldedGenerally(text)
    }

    /// The general path of ``normalisedDescription(_:)``, for any text: NFC, lower case, white
    /// space folded (the Latin-1 path must give exactly this).
    static func foldedGenerally(_ text: String) -> String {
        let composed = text.precomposedStringWithCanonicalMapping.lowercased()
        var result = ""
        var pendingSpace = false
        for character in composed {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(character)
        }
        return result
    }

    /// Folds text whose every character is below U+0100 (ASCII and Latin-1, most bank text) byte
    /// by byte, writing the UTF-8 of exactly what the general path would produce: such text is
    /// already in NFC, its upper-case letters are A–Z and U+00C0–U+00DE (but ×), and its white
    /// space is U+0009–U+000D, U+0020, U+0085 and U+00A0.
    ///
    /// - Returns: `false`, having written something or nothing, when a character is U+0100 or above.
    static func foldLatin1(_ text: String, into write: (UInt8) -> Void) -> Bool {
        var pendingSpace = false
        var wroteAny = false
        var lead: UInt8 = 0
        for byte in text.utf8 {
            var scalar: UInt32
            if lead != 0 {
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(byte & 0x3F)
                lead = 0
            } else if byte < 0x80 {
                scalar = UInt32(byte)
            } else if byte == 0xC2 || byte == 0xC3 {
                lead = byte
                continue
            } else {
                return false
            }
            if (0x09...0x0D).contains(scalar) || scalar == 0x20 || scalar == 0x85 || scalar == 0xA0 {
                pendingSpace = wroteAny
                continue
            }
            if pendingSpace {
                write(0x20)
                pendingSpace = false
            }
            if (0x41...0x5A).contains(scalar) || ((0xC0...0xDE).contains(scalar) && scalar != 0xD7) {
                scalar += 0x20
            }
            if scalar < 0x80 {
                write(UInt8(scalar))
            } else {
                write(UInt8(0xC0 | scalar >> 6))
                write(UInt8(0x80 | scalar & 0x3F))
            }
            wroteAny = true
        }
        return lead == 0
    }
}

extension FNV1a {
    /// Hashes a description as ``Draft/normalisedDescription(_:)`` would write it, without
    /// building the string, when every character is below U+0100. Returns `false`, having hashed
    /// nothing, otherwise.
    mutating func combineFoldedLatin1(_ text: String) -> Bool {
        var copy = self
        guard Draft.foldLatin1(text, into: { copy.combine($0) }) else { return false }
        self = copy
        return true
    }
}
