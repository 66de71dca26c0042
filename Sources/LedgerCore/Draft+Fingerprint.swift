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
        if !hash.combineFoldedLatin1(descriptionText) {
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
        var text = text
        return text.withUTF8 { foldLatin1($0, into: write) }
    }

    /// ``foldLatin1(_:into:)`` over the text's UTF-8 bytes: one pass, an ASCII byte handled
    /// without decoding (inlined into the fingerprint's hash, it costs a few instructions a byte).
    @inline(__always)
    static func foldLatin1(_ bytes: UnsafeBufferPointer<UInt8>, into write: (UInt8) -> Void) -> Bool {
        var pendingSpace = false
        var wroteAny = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            var scalar: UInt32
            if byte < 0x80 {
                // ASCII: white space is 0x09...0x0D and 0x20; capitals are A...Z.
                if byte == 0x20 || byte &- 0x09 < 5 {
                    pendingSpace = wroteAny
                    continue
                }
                if pendingSpace {
                    write(0x20)
                    pendingSpace = false
                }
                write(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                wroteAny = true
                continue
            }
            // A two-byte sequence for U+0080...U+00FF; anything else is past Latin-1.
            guard byte == 0xC2 || byte == 0xC3, index < bytes.count, bytes[index] & 0xC0 == 0x80 else { return false }
            scalar = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index] & 0x3F)
            index += 1
            if scalar == 0x85 || scalar == 0xA0 {
                pendingSpace = wroteAny
                continue
            }
            if pendingSpace {
                write(0x20)
                pendingSpace = false
            }
            if (0xC0...0xDE).contains(scalar) && scalar != 0xD7 { scalar += 0x20 }
            write(UInt8(0xC0 | scalar >> 6))
            write(UInt8(0x80 | scalar & 0x3F))
            wroteAny = true
        }
        return true
    }
}

extension FNV1a {
    /// Hashes a description as ``Draft/normalisedDescription(_:)`` would write it, without
    /// building the string, when every character is below U+0100. Returns `false`, having hashed
    /// nothing, otherwise.
    mutating func combineFoldedLatin1(_ text: DraftText) -> Bool {
        var state = self.state
        let folded = text.withUTF8 { bytes in
            Draft.foldLatin1(bytes, into: { state = (state ^ UInt64($0)) &* FNV1a.prime })
        }
        guard folded else { return false }
        self.state = state
        return true
    }
}
