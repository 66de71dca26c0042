import Foundation
import LedgerCore

/// Turns a field's bytes into text in the file's encoding, deciding the encoding when the
/// mapping does not declare one.
///
/// Undeclared, a file is taken as UTF-8 until the first field that is not valid UTF-8; if no
/// other non-ASCII text was read as UTF-8 before it, the file is read as Windows-1252 from then
/// on (the usual case: a European bank's ANSI export). A file that mixes both is refused.
struct FieldDecoder {
    /// The encoding in force, or `nil` while every field so far was plain ASCII.
    private(set) var encoding: CSVEncoding?
    /// Whether the encoding was declared (then it is never changed).
    let isDeclared: Bool

    /// The UTF-8 of bytes 0x80–0xFF in the single-byte encoding in force, packed: up to three
    /// bytes, low byte first, and the length in the top byte (0 for a byte the encoding lacks).
    private var highBytes: [UInt32] = []

    init(declared: CSVEncoding?) {
        self.encoding = declared
        self.isDeclared = declared != nil
        if let declared, declared.isSingleByte { highBytes = FieldDecoder.packedTable(declared) }
    }

    /// Decodes a field.
    ///
    /// - Throws: ``CSVError`` `.invalidBytes` when the bytes are not valid in the encoding,
    ///   `.nulInText` for a NUL byte (valid UTF-8, but never a bank's text).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, at location: @autoclosure () -> SourceLocation)
        throws(CSVError)
        -> String
    {
        if let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil {
            throw CSVError(.nulInText, at: location())
        }
        if FieldDecoder.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        switch encoding {
        case .none:
            if let text = String(validating: bytes, as: UTF8.self) {
                encoding = .utf8
                return text
            }
            encoding = .windows1252
            highBytes = FieldDecoder.packedTable(.windows1252)
            return try singleByte(bytes, .windows1252, at: location())
        case .utf8?, .utf16LE?, .utf16BE?:
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            throw CSVError(.invalidBytes(encoding: "UTF-8", found: FieldDecoder.firstBad(bytes)), at: location())
        case let single?:
            return try singleByte(bytes, single, at: location())
        }
    }

    /// Joins fields with an ASCII separator and decodes them in one pass, straight into the
    /// string's storage: the usual case of a description built from two columns.
    ///
    /// - Parameters:
    ///   - all: the row's bytes.
    ///   - ranges: each field's range in `all` (already trimmed); empty ones are left out.
    ///   - separator: ASCII bytes put between the fields.
    /// - Returns: the text, or `nil` when the careful path must decide: a NUL or a line break, or
    ///   a byte above ASCII while the encoding is not a single-byte one (undecided, UTF-8) or is
    ///   not a character of it. That path finds the same text or names the field at fault.
    func joined(
        _ all: UnsafeBufferPointer<UInt8>, _ ranges: UnsafeBufferPointer<Range<Int>>,
        separator: UnsafeBufferPointer<UInt8>
    ) -> String? {
        var isValid = true
        let text = String(unsafeUninitializedCapacity: FieldDecoder.joinedRoom(ranges, separator)) { output in
            guard let written = writeJoined(all, ranges, separator: separator, into: output, keepsUTF8: false) else {
                isValid = false
                return 0
            }
            return written.count
        }
        return isValid ? text : nil
    }

    /// How ``appendJoined(_:_:separator:to:length:)`` went.
    enum AppendedJoin {
        /// Not joined: the careful path decides (as where ``joined(_:_:separator:)`` gives `nil`).
        case none
        /// The text, valid in any state of a decoder with this one's declared encoding.
        case text
        /// The text, holding fields that are valid UTF-8 with bytes above ASCII, copied as they
        /// are: the text of a decoder that reads UTF-8 (declared, or undeclared and not yet
        /// settled on a single-byte encoding; see ``adoptsUTF8()``).
        case utf8Text
    }

    /// The same join as ``joined(_:_:separator:)``, as UTF-8 written into `text` from `length`
    /// on (`text` is grown as needed; its bytes past `length` are room, not content).
    ///
    /// Unlike that join, with no single-byte encoding declared a field above ASCII is kept when it
    /// is valid UTF-8 (``AppendedJoin/utf8Text``): the read-ahead thread can't know whether the
    /// undeclared encoding will be settled as UTF-8, so the normaliser decides when it takes it.
    ///
    /// - Returns: ``AppendedJoin/none``, leaving `length` as it was, where that returns `nil`
    ///   (or, for UTF-8, where a field isn't valid UTF-8).
    func appendJoined(
        _ all: UnsafeBufferPointer<UInt8>, _ ranges: UnsafeBufferPointer<Range<Int>>,
        separator: UnsafeBufferPointer<UInt8>, to text: inout [UInt8], length: inout Int
    ) -> AppendedJoin {
        let room = FieldDecoder.joinedRoom(ranges, separator)
        if text.count < length &+ room {
            text.append(contentsOf: repeatElement(0, count: max(length + room, 2 * text.count) - text.count))
        }
        let start = length
        let keepsUTF8 = readsUTF8
        let written = text.withUnsafeMutableBufferPointer { buffer in
            writeJoined(
                all, ranges, separator: separator, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]),
                keepsUTF8: keepsUTF8)
        }
        guard let written else { return .none }
        length &+= written.count
        return written.keptUTF8 ? .utf8Text : .text
    }

    /// Whether text above ASCII is read as UTF-8 now or may yet be: no single-byte encoding in
    /// force.
    private var readsUTF8: Bool { highBytes.isEmpty }

    /// Takes UTF-8 text as this decoder's (a prepared ``AppendedJoin/utf8Text``): `true` when it
    /// reads UTF-8, settling an undeclared encoding on UTF-8 as ``string(_:at:)`` does for valid
    /// UTF-8; `false`, changing nothing, when a single-byte encoding is in force.
    mutating func adoptsUTF8() -> Bool {
        switch encoding {
        case .none:
            encoding = .utf8
            return true
        case .utf8?, .utf16LE?, .utf16BE?:
            return true
        default:
            return false
        }
    }

    /// Room enough for any join of these fields: three bytes of UTF-8 for each byte, at most.
    /// (Wrapping arithmetic: a row holds at most a mebibyte.)
    private static func joinedRoom(_ ranges: UnsafeBufferPointer<Range<Int>>, _ separator: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        var room = 0
        for range in ranges { room &+= 3 &* range.count &+ separator.count }
        return room
    }

    /// Writes the join into `output` (room for ``joinedRoom(_:_:)``): the bytes written, and
    /// whether a field above ASCII was kept as UTF-8; or `nil` when it is not for the one-pass
    /// way: a NUL or a line break, or a byte above ASCII with no single-byte encoding in force
    /// (unless `keepsUTF8` and the field is valid UTF-8) or that the encoding lacks.
    ///
    /// One pass over each field, checking, validating and copying together: eight bytes at a
    /// time while they are ASCII with no NUL or line break, one character at a time otherwise.
    /// (A survey of each field, a UTF-8 check and a copy, three passes, cost about 420
    /// instructions for a 35-byte description.) Indices and counts use wrapping arithmetic: they
    /// stay within the buffers, and their overflow checks cost 25 to 50 instructions a row.
    private func writeJoined(
        _ all: UnsafeBufferPointer<UInt8>, _ ranges: UnsafeBufferPointer<Range<Int>>,
        separator: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, keepsUTF8: Bool
    ) -> (count: Int, keptUTF8: Bool)? {
        guard let target = output.baseAddress, let source = all.baseAddress else { return (0, false) }
        return highBytes.withUnsafeBufferPointer { (table) -> (count: Int, keptUTF8: Bool)? in
            var count = 0
            var first = true
            var keptUTF8 = false
            for range in ranges where !range.isEmpty {
                if !first, let separatorBytes = separator.baseAddress {
                    (target + count).update(from: separatorBytes, count: separator.count)
                    count &+= separator.count
                }
                first = false
                let field = source + range.lowerBound
                let end = range.count
                var index = 0
                var readsWords = end >= 8
                while index < end {
                    // Whole words, each stored where its first byte goes, up to the first byte
                    // that is above ASCII, NUL or a line break (the bytes before it are ASCII and
                    // written one for one; the output has room, and bytes past it are written
                    // again below).
                    var isMarked = false
                    while index &+ 8 <= end {
                        let word = UInt64(littleEndian: UnsafeRawPointer(field + index).loadUnaligned(as: UInt64.self))
                        let marks = FieldDecoder.marks(word)
                        UnsafeMutableRawPointer(target + count).storeBytes(of: word.littleEndian, as: UInt64.self)
                        let plain = marks == 0 ? 8 : marks.trailingZeroBitCount >> 3
                        index &+= plain
                        count &+= plain
                        if marks != 0 {
                            isMarked = true
                            break
                        }
                    }
                    if index == end { break }
                    // A field's last bytes: its last eight, of which the first `overlap` were
                    // already written, stored the same way when those are plain.
                    if !isMarked, readsWords {
                        let at = end &- 8
                        let overlap = index &- at
                        let word = UInt64(littleEndian: UnsafeRawPointer(field + at).loadUnaligned(as: UInt64.self))
                        let marks = FieldDecoder.marks(word)
                        let plain = marks == 0 ? 8 : marks.trailingZeroBitCount >> 3
                        if plain >= overlap {
                            UnsafeMutableRawPointer(target + (count &- overlap)).storeBytes(
                                of: word.littleEndian, as: UInt64.self)
                            count &+= plain &- overlap
                            index = at &+ plain
                            if marks == 0 { continue }
                        } else {
                            // A marked byte among those already written: the rest one by one.
                            readsWords = false
                        }
                    }
                    let byte = field[index]
                    if byte < 0x80 {
                        if byte == 0 || byte == 0x0A || byte == 0x0D { return nil }
                        target[count] = byte
                        count &+= 1
                        index &+= 1
                        continue
                    }
                    if table.isEmpty {
                        // Kept as it is only if it is UTF-8 (as `UTF8Check.isValid` decides).
                        guard keepsUTF8 else { return nil }
                        // A two-byte character (an accented letter, the usual one) checked and
                        // copied here: a lead byte 0xC2-0xDF, then one 0x80-0xBF, as in Unicode's
                        // table 3-7. Through the check of every length it cost about 60
                        // instructions.
                        if byte &- 0xC2 < 0x1E, index &+ 1 < end, field[index &+ 1] & 0xC0 == 0x80 {
                            target[count] = byte
                            target[count &+ 1] = field[index &+ 1]
                            count &+= 2
                            index &+= 2
                            keptUTF8 = true
                            continue
                        }
                        let length = UTF8Check.sequenceLength(field, index, end)
                        guard length > 0 else { return nil }
                        for offset in 0..<length { target[count + offset] = field[index + offset] }
                        count &+= length
                        index &+= length
                        keptUTF8 = true
                        continue
                    }
                    var packed = table[Int(byte &- 0x80)]
                    let width = Int(packed >> 24)
                    guard width > 0 else { return nil }
                    for _ in 0..<width {
                        target[count] = UInt8(truncatingIfNeeded: packed)
                        packed >>= 8
                        count &+= 1
                    }
                    index &+= 1
                }
            }
            return (count, keptUTF8)
        }
    }

    /// A word's bytes that are above ASCII or control bytes below 0x0E (which take in NUL, LF and
    /// CR), each marked by its high bit: exactly for the first of them (the lowest); bytes after it
    /// may be marked too. Another control byte (a tab) goes to the byte path, which copies it:
    /// one test for all three (3 instructions a word, not 10).
    @inline(__always)
    private static func marks(_ word: UInt64) -> UInt64 {
        // A byte below 0x0E borrows in `word - 0x0E`, which sets its high bit; a byte from 0x0E
        // to 0x7F doesn't, and borrows start only at bytes below 0x0E, so below the first marked
        // byte no bit is set.
        (word | (word &- 0x0E0E_0E0E_0E0E_0E0E)) & 0x8080_8080_8080_8080
    }

    /// Whether every byte is ASCII.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var accumulated: UInt8 = 0
        for byte in bytes { accumulated |= byte }
        return accumulated < 0x80
    }

    private func singleByte(_ bytes: UnsafeBufferPointer<UInt8>, _ encoding: CSVEncoding, at location: SourceLocation)
        throws(CSVError) -> String
    {
        var badByte: UInt8?
        let text = highBytes.withUnsafeBufferPointer { table in
            String(unsafeUninitializedCapacity: bytes.count * 3) { output in
                var count = 0
                for byte in bytes {
                    if byte < 0x80 {
                        output[count] = byte
                        count += 1
                        continue
                    }
                    var packed = table[Int(byte - 0x80)]
                    let length = Int(packed >> 24)
                    if length == 0 {
                        badByte = byte
                        return 0
                    }
                    for _ in 0..<length {
                        output[count] = UInt8(truncatingIfNeeded: packed)
                        packed >>= 8
                        count += 1
                    }
                }
                return count
            }
        }
        if let badByte {
            let hex = "0x" + String(badByte, radix: 16, uppercase: true)
            throw CSVError(.invalidBytes(encoding: encoding.rawValue, found: hex), at: location)
        }
        return text
    }

    /// The packed UTF-8 table of a single-byte encoding (see `highBytes`).
    private static func packedTable(_ encoding: CSVEncoding) -> [UInt32] {
        (0x80...0xFF).map { byte in
            guard let scalar = encoding.scalar(forHighByte: UInt8(byte)) else { return 0 }
            var packed: UInt32 = 0
            let utf8 = Array(String(scalar).utf8)
            for (index, unit) in utf8.enumerated() { packed |= UInt32(unit) << (8 * UInt32(index)) }
            return packed | UInt32(utf8.count) << 24
        }
    }

    /// The first bytes of a field that are not valid UTF-8, as hex (`0xFC 0x72`).
    private static func firstBad(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: length = 0
            }
            let end = index + length
            if length == 0 || end > bytes.count
                || String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) == nil
            {
                let slice = bytes[index..<min(bytes.count, index + 2)]
                return slice.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            }
            index = end
        }
        return "?"
    }
}
