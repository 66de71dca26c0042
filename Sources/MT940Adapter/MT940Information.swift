#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `:86:` field (information to the account owner) read into a description, a payee and a memo.
///
/// Three layouts are told apart by their first characters:
///
/// - **Subfields** (German DFÜ/DK, Polish): a three-digit transaction code (GVC) and then
///   subfields `?NN` (`<NN`, `^NN` or `~NN` in Polish files): `?00` booking text, `?20`–`?29` and
///   `?60`–`?63` purpose, `?30` bank code, `?31` account, `?32`/`?33` counterparty name. A SEPA
///   purpose carries keywords (`EREF+`, `MREF+`, `KREF+`, `SVWZ+`, `ABWA+`, …) that the bank cuts
///   at fixed width across subfields (`?21SVWZ+Miete Jan?22uar`), so the pieces are joined
///   without a space before the keywords are found; a purpose without keywords (and a name
///   over `?32`/`?33`) joins a piece of the full 27 characters to the next without a space, a
///   shorter one with a space.
/// - **Dutch** (`/TRTP/…/NAME/…/REMI/…/EREF/…/`): keyword and value pairs between slashes.
/// - **Plain text**: the lines joined, without a space where a line was cut at the full SWIFT width
///   of 65 characters, with one otherwise.
///
/// The description is the purpose (`SVWZ+`, `REMI`, the plain text), else the booking text; the
/// payee is the counterparty's name; the memo keeps the booking text, the SEPA references
/// (end-to-end `EREF+`, mandate `MREF+`, customer `KREF+`, ultimate party `ABWA+`) and the
/// counterparty's account.
struct MT940Information {
    /// The purpose, or the booking text when there is none.
    var description: String
    /// The counterparty's name, when given.
    var payee: String?
    /// Booking text, references and counterparty account, `; `-separated.
    var memo: String

    /// The SEPA purpose keywords, in the order the memo lists their values.
    static let sepaKeywords = [
        "EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "SVWZ+", "ABWA+", "ABWE+", "COAM+", "OAMT+", "PURP+", "IBAN+",
        "BIC+",
    ]
    /// The keywords of the Dutch layout (ING, Rabobank, ABN AMRO).
    static let dutchKeywords: Set<String> = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "MARF", "CSID", "ORDP", "BENM", "CNTP", "RTRN", "ISDT", "PREF",
        "SVCL", "ULTC", "ULTD", "ULTB", "PURP", "ID", "ADDR", "FX", "CHGS", "EXCH", "OCMT", "ACCW", "BUSP",
    ]

    /// Reads a field's value (its lines separated by LF, as in the file) in buffers kept from the
    /// last field: a field in ASCII in the subfield layout (most German files) allocates only the
    /// description, the payee and the memo; any other goes the general way.
    init(value: [UInt8], reusing buffers: inout MT940InformationBuffers) {
        buffers.tight.removeAll()
        var high: UInt8 = 0
        value.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            while let newline = MT940Information.firstIndex(of: 0x0A, in: bytes, from: lineStart) {
                buffers.tight.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<newline]))
                lineStart = newline + 1
            }
            buffers.tight.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart...]))
            for byte in bytes { high |= byte }
        }
        let tight = buffers.tight.elements
        if high < 0x80, let separator = MT940Information.subfieldSeparator(tight) {
            self.init(asciiSubfields: tight, separator: separator, buffers: &buffers)
        } else {
            self.init(value: value, tight: Array(tight), high: high)
        }
    }

    /// The general reader, over the field's value and its bytes with the line breaks taken out.
    private init(value: [UInt8], tight: [UInt8], high: UInt8) {
        let encoding = high < 0x80 ? MT940Text.Encoding.utf8 : MT940Text.encoding(of: value)
        if let separator = tight.withUnsafeBufferPointer({ MT940Information.subfieldSeparator($0) }) {
            self = tight.withUnsafeBufferPointer {
                MT940Information.subfields($0, separator: separator, encoding: encoding)
            }
        } else if tight.first == UInt8(ascii: "/"), MT940Information.looksDutch(tight) {
            self = MT940Information(dutch: MT940Text.decode(tight, as: encoding, trimming: false))
        } else {
            var text = ""
            // The first line shares its 65 characters with the tag `:86:`.
            var previousLength = 0
            for (number, line) in value.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                if !text.isEmpty, previousLength < 65 { text += " " }
                text += MT940Text.decode(line, as: encoding)
                previousLength = MT940Text.characterCount(line, as: encoding) + (number == 0 ? 4 : 0)
            }
            self.init(description: text.trimmingSpaces, payee: nil, memo: "")
        }
    }

    init(description: String, payee: String?, memo: String) {
        self.description = description
        self.payee = payee
        self.memo = memo
    }

    // MARK: - Private helpers

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "~")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 == 0x20 } }

    /// The separator of the subfield layout (`166?00…`, `?20…`, `020^00…`), or `nil` for another layout.
    static func subfieldSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        if bytes.count >= 4, isDigit(bytes[0]), isDigit(bytes[1]), isDigit(bytes[2]), isSeparator(bytes[3]) {
            return bytes[3]
        }
        if bytes.count >= 3, isSeparator(bytes[0]), isDigit(bytes[1]), isDigit(bytes[2]) { return bytes[0] }
        return nil
    }

    /// The German/Polish layout, over the field's bytes with the line breaks taken out. (Over a
    /// buffer pointer and ranges: slices of arrays would retain and release their storage at
    /// every step of a loop that runs for every statement line.)
    private static func subfields(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, encoding: MT940Text.Encoding)
        -> MT940Information
    {
        var booking: [UInt8] = []
        var purpose: [UInt8] = []
        purpose.reserveCapacity(bytes.count)
        var pieces: [Range<Int>] = []  // the purpose subfields, in `purpose`
        pieces.reserveCapacity(14)
        var name: [Range<Int>] = []
        name.reserveCapacity(2)
        var account: Range<Int>?
        var iban: Range<Int>?
        var bank: Range<Int>?
        var index = 0
        var contentStart = 0
        var code = -1
        while index <= bytes.count {
            // The next separator, found with memchr; the end of the field closes the last subfield.
            index = firstIndex(of: separator, in: bytes, from: index) ?? bytes.count
            let isEnd = index == bytes.count
            guard
                isEnd
                    || (index + 2 < bytes.count && isDigit(bytes[index + 1])) && isDigit(bytes[index + 2])
            else {
                index += 1
                continue
            }
            let range = contentStart..<index
            switch code {
            case 0: booking.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            case 20...29, 60...63:
                pieces.append(purpose.count..<(purpose.count + range.count))
                purpose.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            case 30: bank = bank ?? range
            case 31: account = account ?? range
            case 32, 33: name.append(range)
            case 38: iban = iban ?? range
            default: break
            }
            if isEnd { break }
            code = Int(bytes[index + 1] &- 0x30) * 10 + Int(bytes[index + 2] &- 0x30)
            contentStart = index + 3
            index += 3
        }
        func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }

        var memo = MT940MemoWriter(encoding: encoding, capacity: bytes.count)
        booking.withUnsafeBufferPointer { memo.append("", $0) }
        var description = purpose.withUnsafeBufferPointer { purpose -> String in
            if let description = sepaValues(purpose, encoding: encoding, memo: &memo) { return description }
            return joined(pieces.map { UnsafeBufferPointer(rebasing: purpose[$0]) }, encoding: encoding)
        }
        if description.isEmpty { description = MT940Text.decode(booking, as: encoding) }
        let payee = joined(name.map(slice), encoding: encoding)
        // ?38 (Polish files) is the counterparty's IBAN; ?31 its account number.
        let number = [iban, account].compactMap { $0 }.first { !isBlank(slice($0)) }
        if let number {
            memo.append("account ", slice(number))
            if let bank { memo.extend(slice(bank)) }
        } else if let bank {
            memo.append("account ", slice(bank))
        }
        return MT940Information(description: description, payee: payee.isEmpty ? nil : payee, memo: memo.text)
    }

    /// Appends a part to a `; `-separated memo.
    static func append(_ part: String, to memo: inout String) {
        if part.isEmpty { return }
        if !memo.isEmpty { memo += "; " }
        memo += part
    }

    /// The Dutch layout.
    private init(dutch text: String) {
        var values: [(key: String, value: String)] = []
        var key: String?
        var parts: [Substring] = []
        func close() {
            if let key { values.append((key, parts.joined(separator: "/").trimmingSpaces)) }
        }
        let tokens = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for token in tokens {
            if MT940Information.dutchKeywords.contains(String(token)) {
                close()
                key = String(token)
                parts = []
            } else {
                parts.append(token)
            }
        }
        close()
        var strippedValues: [String: String] = [:]
        for (key, value) in values where strippedValues[key] == nil {
            var trimmed = Substring(value)
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            strippedValues[key] = String(trimmed).trimmingSpaces
        }
        var remittance = strippedValues["REMI"] ?? ""
        // ING: /REMI/USTD//free text/ or /REMI/STRD/CUR/structured reference/.
        for prefix in ["USTD//", "STRD/CUR/", "USTD/", "STRD/"] where remittance.hasPrefix(prefix) {
            remittance = String(remittance.dropFirst(prefix.count))
            break
        }
        var payee = strippedValues["NAME"] ?? ""
        var account = strippedValues["IBAN"] ?? ""
        if let counterparty = strippedValues["CNTP"] {
            // ING: /CNTP/IBAN/BIC/name/city/.
            let pieces = counterparty.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if payee.isEmpty, pieces.count > 2 { payee = pieces[2].trimmingSpaces }
            if account.isEmpty, let first = pieces.first { account = first.trimmingSpaces }
        }
        let transactionType = strippedValues["TRTP"] ?? ""
        var memo: [String] = []
        if !transactionType.isEmpty { memo.append(transactionType) }
        if let reference = strippedValues["EREF"], !reference.isEmpty { memo.append("EREF+" + reference) }
        if let mandate = strippedValues["MARF"], !mandate.isEmpty { memo.append("MREF+" + mandate) }
        if let creditor = strippedValues["CSID"], !creditor.isEmpty { memo.append("CRED+" + creditor) }
        if !account.isEmpty {
            let bic = strippedValues["BIC"].map { " " + $0 } ?? ""
            memo.append("account " + account + bic)
        }
        let description = remittance.isEmpty ? transactionType : remittance
        self.init(description: description, payee: payee.isEmpty ? nil : payee, memo: memo.joined(separator: "; "))
    }

    /// Subfield pieces joined: a piece of the full 27 characters was cut by width and goes on
    /// in the next without a space; a shorter one ended a line, and a space follows it.
    private static func joined(_ pieces: [UnsafeBufferPointer<UInt8>], encoding: MT940Text.Encoding) -> String {
        if pieces.count == 1 { return MT940Text.decode(pieces[0], as: encoding) }
        var text = ""
        var previousLength = 0
        for piece in pieces {
            let part = MT940Text.decode(piece, as: encoding, trimming: false)
            if !text.isEmpty, previousLength < 27, !part.hasPrefix(" "), !text.hasSuffix(" ") { text += " " }
            text += part
            previousLength = MT940Text.characterCount(piece, as: encoding)
        }
        return text.trimmingSpaces
    }

    private static func looksDutch(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.dropFirst().firstIndex(of: UInt8(ascii: "/")) else { return false }
        return dutchKeywords.contains(String(decoding: bytes[1..<end], as: UTF8.self))
    }

    /// The SEPA keyword whose `+` is at `plus` (at least 3), when the three or four letters before
    /// it spell one of ``sepaKeywords``.
    ///
    /// The letters are packed big-endian into an integer and matched by a `switch` on constants
    /// (one comparison tree, where a loop over the keywords made up to 26 comparisons per `+`).
    static func sepaMark(before plus: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SEPAMark? {
        let three = UInt32(bytes[plus - 3]) << 16 | UInt32(bytes[plus - 2]) << 8 | UInt32(bytes[plus - 1])
        if plus >= 4 {
            let keyword: Int? =
                switch UInt32(bytes[plus - 4]) << 24 | three {
                case 0x4552_4546: 0  // EREF
                case 0x4B52_4546: 1  // KREF
                case 0x4D52_4546: 2  // MREF
                case 0x4352_4544: 3  // CRED
                case 0x4445_4254: 4  // DEBT
                case 0x5356_575A: 5  // SVWZ
                case 0x4142_5741: 6  // ABWA
                case 0x4142_5745: 7  // ABWE
                case 0x434F_414D: 8  // COAM
                case 0x4F41_4D54: 9  // OAMT
                case 0x5055_5250: 10  // PURP
                case 0x4942_414E: 11  // IBAN
                default: nil
                }
            if let keyword { return SEPAMark(offset: plus - 4, keyword: keyword) }
        }
        return three == 0x42_4943 ? SEPAMark(offset: plus - 3, keyword: 12) : nil  // BIC
    }

    /// The purpose (`SVWZ+`, else the text before the first keyword), or `nil` when the bytes have
    /// no keyword; the other keywords' values go to the memo in ``sepaKeywords`` order.
    private static func sepaValues(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: MT940Text.Encoding, memo: inout MT940MemoWriter
    ) -> String? {
        var marks: [SEPAMark] = []
        marks.reserveCapacity(8)
        var index = 3
        // Every keyword ends in '+' after three or four capitals; memchr finds the next '+'.
        while let plus = firstIndex(of: UInt8(ascii: "+"), in: bytes, from: index) {
            if let mark = sepaMark(before: plus, in: bytes) { marks.append(mark) }
            index = plus + 1
        }
        guard let first = marks.first else { return nil }
        var values: [Range<Int>?] = Array(repeating: nil, count: sepaKeywords.count)
        for (position, mark) in marks.enumerated() where values[mark.keyword] == nil {
            let start = mark.offset + sepaLabels[mark.keyword].utf8CodeUnitCount
            let end = position + 1 < marks.count ? marks[position + 1].offset : bytes.count
            values[mark.keyword] = start..<end
        }
        func text(_ range: Range<Int>) -> String {
            MT940Text.decode(UnsafeBufferPointer(rebasing: bytes[range]), as: encoding)
        }
        for (number, range) in values.enumerated() where number != sepaPurpose {
            guard let range else { continue }
            memo.append(sepaLabels[number], UnsafeBufferPointer(rebasing: bytes[range]), keepsEmpty: true)
        }
        return text(values[sepaPurpose] ?? 0..<first.offset)
    }

    /// ``sepaKeywords`` as the memo's labels.
    static let sepaLabels: [StaticString] = [
        "EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "SVWZ+", "ABWA+", "ABWE+", "COAM+", "OAMT+", "PURP+", "IBAN+",
        "BIC+",
    ]

    /// A SEPA keyword found in a purpose: where it starts and its index in ``sepaKeywords``.
    struct SEPAMark {
        var offset: Int
        var keyword: Int
    }

    /// The index of `SVWZ+` in ``sepaKeywords``.
    static let sepaPurpose = 5

    /// The offset of the first `byte` at or after `start`, found with `memchr`.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        let text = String(self)
        if text.utf8.first != 0x20 && text.utf8.last != 0x20 { return text }
        var slice = Substring(text)
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
