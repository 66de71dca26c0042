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
        if !hash.combineFoldedASCII(description) {
            for byte in Draft.normalisedDescription(description).utf8 { hash.combine(byte) }
        }
        return Int64(bitPattern: hash.value)
    }

    /// The description as the fingerprint sees it: trimmed, lower-cased, canonically composed
    /// (NFC), inner runs of white space folded to one space.
    public static func normalisedDescription(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var isASCII = true
        var pendingSpace = false
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        if isASCII { return String(decoding: bytes, as: UTF8.self) }

        let composed = text.precomposedStringWithCanonicalMapping.lowercased()
        var result = ""
        pendingSpace = false
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
}

/// 64-bit FNV-1a, used where a hash must be identical on every run and every machine.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Hashes an ASCII description as ``Draft/normalisedDescription(_:)`` would write it, without
    /// building the string. Returns `false`, having hashed nothing, when the text is not ASCII.
    mutating func combineFoldedASCII(_ text: String) -> Bool {
        var copy = self
        var pendingSpace = false
        var wroteAny = false
        for byte in text.utf8 {
            if byte >= 0x80 { return false }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = wroteAny
                continue
            }
            if pendingSpace {
                copy.combine(UInt8(0x20))
                pendingSpace = false
            }
            copy.combine(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            wroteAny = true
        }
        self = copy
        return true
    }

    mutating func combine(_ number: Int64) {
        var bits = UInt64(bitPattern: number)
        for _ in 0..<8 {
            combine(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }
}
