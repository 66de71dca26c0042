/// Builds a `; `-separated memo as UTF-8 bytes, made into one string at the end (parts of a
/// `:86:` field go in without a string of their own each).
struct MT940MemoWriter {
    private var bytes: [UInt8] = []
    private let encoding: MT940Text.Encoding

    /// Prepares a memo for parts in a field's encoding.
    init(encoding: MT940Text.Encoding, capacity: Int) {
        self.encoding = encoding
        bytes.reserveCapacity(capacity)
    }

    /// Appends `label` and a part of the field, spaces trimmed; an empty part is left out unless
    /// the label alone says something (`EREF+`).
    mutating func append(_ label: StaticString, _ part: UnsafeBufferPointer<UInt8>, keepsEmpty: Bool = false) {
        var start = 0
        var end = part.count
        while start < end, part[start] == 0x20 { start += 1 }
        while end > start, part[end - 1] == 0x20 { end -= 1 }
        if start == end, !keepsEmpty { return }
        if !bytes.isEmpty { bytes.append(contentsOf: [0x3B, 0x20]) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: label.utf8Start, count: label.utf8CodeUnitCount))
        let trimmed = UnsafeBufferPointer(rebasing: part[start..<end])
        switch encoding {
        case .utf8: bytes.append(contentsOf: trimmed)
        case .windows1252: bytes.append(contentsOf: MT940Text.decode(trimmed, as: .windows1252).utf8)
        }
    }

    /// Appends a space and a part to the last one, spaces trimmed, unless the part is empty.
    mutating func extend(_ part: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = part.count
        while start < end, part[start] == 0x20 { start += 1 }
        while end > start, part[end - 1] == 0x20 { end -= 1 }
        if start == end { return }
        bytes.append(0x20)
        let trimmed = UnsafeBufferPointer(rebasing: part[start..<end])
        switch encoding {
        case .utf8: bytes.append(contentsOf: trimmed)
        case .windows1252: bytes.append(contentsOf: MT940Text.decode(trimmed, as: .windows1252).utf8)
        }
    }

    /// The memo.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
