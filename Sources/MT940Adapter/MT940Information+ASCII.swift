/// The buffers the `:86:` reader fills for every statement line, kept from one field to the next
/// (``MT940Information/init(value:reusing:)``), so that reading a field allocates only the
/// strings a draft keeps.
struct MT940InformationBuffers {
    /// The field's bytes without its line breaks.
    var tight = MT940ScratchBuffer<UInt8>(capacity: 1024)
    /// `?00` booking text.
    var booking = MT940ScratchBuffer<UInt8>()
    /// The purpose subfields one after the other, and each one's span in it.
    var purpose = MT940ScratchBuffer<UInt8>(capacity: 1024)
    var pieces = MT940ScratchBuffer<MT940Span>(capacity: 16)
    /// The counterparty's name subfields, as spans of ``tight``.
    var names = MT940ScratchBuffer<MT940Span>(capacity: 4)
    /// The SEPA keywords of the purpose, and each keyword's value (by ``MT940Information/sepaKeywords``
    /// index; ``MT940Span/none`` for a keyword not given).
    var marks = MT940ScratchBuffer<MT940Information.SEPAMark>(capacity: 16)
    var values = MT940ScratchBuffer<MT940Span>(capacity: 16)
    /// Subfields joined into a description or a payee.
    var joined = MT940ScratchBuffer<UInt8>()
    /// The memo.
    var memo = MT940ScratchBuffer<UInt8>(capacity: 1024)
}

extension MT940Span {
    /// No span: a SEPA keyword the purpose doesn't give.
    static var none: MT940Span { MT940Span(start: -1, end: -1) }

    /// Whether this is ``none``.
    var isNone: Bool { start < 0 }
}

extension MT940Information {
    /// The subfield layout of a field whose every byte is ASCII: the general reader's
    /// ``subfields(_:separator:encoding:)`` step for step, its text assembled as bytes in the kept
    /// buffers. (In ASCII a space never combines with what follows, so the general reader's
    /// string operations on spaces are these byte operations.)
    init(asciiSubfields bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, buffers: inout MT940InformationBuffers) {
        buffers.booking.removeAll()
        buffers.purpose.removeAll()
        buffers.pieces.removeAll()
        buffers.names.removeAll()
        buffers.memo.removeAll()
        var account: MT940Span?
        var iban: MT940Span?
        var bank: MT940Span?
        var index = 0
        var contentStart = 0
        var code = -1
        while index <= bytes.count {
            index = MT940Information.firstIndex(of: separator, in: bytes, from: index) ?? bytes.count
            let isEnd = index == bytes.count
            guard
                isEnd
                    || (index + 2 < bytes.count && bytes[index + 1] &- 0x30 < 10) && bytes[index + 2] &- 0x30 < 10
            else {
                index += 1
                continue
            }
            let span = MT940Span(contentStart..<index)
            switch code {
            case 0: buffers.booking.append(contentsOf: span.of(bytes))
            case 20...29, 60...63:
                let start = buffers.purpose.count
                buffers.pieces.append(MT940Span(start..<(start + span.end - span.start)))
                buffers.purpose.append(contentsOf: span.of(bytes))
            case 30: bank = bank ?? span
            case 31: account = account ?? span
            case 32, 33: buffers.names.append(span)
            case 38: iban = iban ?? span
            default: break
            }
            if isEnd { break }
            code = Int(bytes[index + 1] &- 0x30) * 10 + Int(bytes[index + 2] &- 0x30)
            contentStart = index + 3
            index += 3
        }
        let booking = buffers.booking.elements
        buffers.memo.appendMemoPart("", booking)
        let purpose = buffers.purpose.elements
        var description =
            MT940Information.asciiSEPAValues(purpose, buffers: &buffers)
            ?? MT940Information.joinedASCII(buffers.pieces.elements, of: purpose, into: &buffers.joined)
        if description.isEmpty { description = MT940Text.decode(booking) }
        let payee = MT940Information.joinedASCII(buffers.names.elements, of: bytes, into: &buffers.joined)
        // ?38 (Polish files) is the counterparty's IBAN; ?31 its account number.
        var number = iban
        if let span = number, MT940Information.isBlank(span.of(bytes)) { number = nil }
        if number == nil, let span = account, !MT940Information.isBlank(span.of(bytes)) { number = span }
        if let number {
            buffers.memo.appendMemoPart("account ", number.of(bytes))
            if let bank { buffers.memo.extendMemoPart(bank.of(bytes)) }
        } else if let bank {
            buffers.memo.appendMemoPart("account ", bank.of(bytes))
        }
        self.init(
            description: description, payee: payee.isEmpty ? nil : payee,
            memo: String(decoding: buffers.memo.elements, as: UTF8.self))
    }

    // MARK: - Private helpers

    /// ``sepaValues(_:encoding:memo:marks:values:)`` for an ASCII purpose, the memo written to
    /// `buffers.memo`: the purpose (`SVWZ+`, else the text before the first keyword), or `nil` when
    /// the purpose has no keyword.
    private static func asciiSEPAValues(_ bytes: UnsafeBufferPointer<UInt8>, buffers: inout MT940InformationBuffers)
        -> String?
    {
        buffers.marks.removeAll()
        var index = 3
        // Every keyword ends in '+' after three or four capitals; memchr finds the next '+'.
        while let plus = firstIndex(of: UInt8(ascii: "+"), in: bytes, from: index) {
            if let mark = sepaMark(before: plus, in: bytes) { buffers.marks.append(mark) }
            index = plus + 1
        }
        let marks = buffers.marks.elements
        guard let first = marks.first else { return nil }
        buffers.values.removeAll()
        for _ in 0..<sepaLabels.count { buffers.values.append(.none) }
        for (position, mark) in marks.enumerated() where buffers.values.elements[mark.keyword].isNone {
            let start = mark.offset + sepaLabels[mark.keyword].utf8CodeUnitCount
            let end = position + 1 < marks.count ? marks[position + 1].offset : bytes.count
            buffers.values.set(mark.keyword, to: MT940Span(start..<end))
        }
        let values = buffers.values.elements
        for number in values.indices where number != sepaPurpose && !values[number].isNone {
            buffers.memo.appendMemoPart(sepaLabels[number], values[number].of(bytes), keepsEmpty: true)
        }
        let purpose = values[sepaPurpose].isNone ? MT940Span(0..<first.offset) : values[sepaPurpose]
        return MT940Text.decode(purpose.of(bytes))
    }

    /// ``joined(_:encoding:)`` for ASCII subfields given as spans of `base`: a piece of the full
    /// 27 characters goes on in the next without a space, a shorter one is followed by one, and
    /// spaces at either end go.
    private static func joinedASCII(
        _ pieces: UnsafeBufferPointer<MT940Span>, of base: UnsafeBufferPointer<UInt8>,
        into text: inout MT940ScratchBuffer<UInt8>
    ) -> String {
        if pieces.count == 1 { return MT940Text.decode(pieces[0].of(base)) }
        text.removeAll()
        var previousLength = 0
        for span in pieces {
            let part = span.of(base)
            if !text.isEmpty, previousLength < 27, part.first != 0x20, text.last != 0x20 { text.append(0x20) }
            text.append(contentsOf: part)
            previousLength = part.count
        }
        let joined = text.elements
        var start = 0
        var end = joined.count
        while start < end, joined[start] == 0x20 { start += 1 }
        while end > start, joined[end - 1] == 0x20 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: joined[start..<end]), as: UTF8.self)
    }
}

extension MT940ScratchBuffer where Element == UInt8 {
    /// ``MT940MemoWriter/append(_:_:keepsEmpty:)`` for ASCII parts: `; `, the label and the part,
    /// spaces trimmed; an empty part is left out unless the label alone says something (`EREF+`).
    mutating func appendMemoPart(_ label: StaticString, _ part: UnsafeBufferPointer<UInt8>, keepsEmpty: Bool = false) {
        var start = 0
        var end = part.count
        while start < end, part[start] == 0x20 { start += 1 }
        while end > start, part[end - 1] == 0x20 { end -= 1 }
        if start == end, !keepsEmpty { return }
        if !isEmpty {
            append(0x3B)
            append(0x20)
        }
        append(contentsOf: UnsafeBufferPointer(start: label.utf8Start, count: label.utf8CodeUnitCount))
        append(contentsOf: UnsafeBufferPointer(rebasing: part[start..<end]))
    }

    /// ``MT940MemoWriter/extend(_:)`` for ASCII parts: a space and the part, spaces trimmed,
    /// unless the part is empty.
    mutating func extendMemoPart(_ part: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = part.count
        while start < end, part[start] == 0x20 { start += 1 }
        while end > start, part[end - 1] == 0x20 { end -= 1 }
        if start == end { return }
        append(0x20)
        append(contentsOf: UnsafeBufferPointer(rebasing: part[start..<end]))
    }
}
