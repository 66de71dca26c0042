import LedgerCore
import XMLStream

/// The text of the element that is open, with where it starts and its `Ccy` attribute.
struct CamtLeafText {
    /// Reused for every element: emptied, never freed, until the reading ends.
    let bytes = CamtByteBuffer()
    var line = 0
    var column = 0
    var currency: String?
    var knownCurrency: Currency?

    /// The open element's text, trimmed, with runs of white space made one space and a bare `&`
    /// restored.
    func text() -> String {
        bytes.withBytes { bytes in
            var start = 0
            var end = bytes.count
            while start < end, CamtLeafText.isSpace(bytes[start]) { start += 1 }
            while end > start, CamtLeafText.isSpace(bytes[end - 1]) { end -= 1 }
            var isPlain = true
            var index = start
            // Plain: no tab or line break, no double space, no 0xEF (which may start U+FDD0, a bare `&`).
            while index < end {
                let byte = bytes[index]
                if byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF
                    || (byte == 0x20 && bytes[index + 1] == 0x20)
                {
                    isPlain = false
                    break
                }
                index += 1
            }
            if isPlain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
            let restored = XMLInputFilter.restoringAmpersands(Array(bytes[start..<end]))
            var result: [UInt8] = []
            result.reserveCapacity(restored.count)
            var pendingSpace = false
            for byte in restored {
                if CamtLeafText.isSpace(byte) {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func leaf() -> CamtText {
        CamtText(value: text(), line: line, column: column)
    }

    func amount(_ element: String) -> CamtAmountText {
        CamtAmountText(
            element: element, value: text(), currency: currency, line: line, column: column,
            knownCurrency: knownCurrency)
    }
}
