import LedgerCore

/// A byte stream that turns UTF-16 (little- or big-endian) into UTF-8 chunk by chunk.
///
/// A code unit or a surrogate pair split across two chunks is carried over to the next one, so
/// any chunk size gives the same text. A lone surrogate or an odd trailing byte is an error.
final class UTF16Transcoder: ByteStream {
    let name: String
    private let source: any ByteStream
    private let isBigEndian: Bool
    private var carry: [UInt8] = []
    private var pendingHigh: UInt16?
    /// Lines seen so far, for the error location of a bad code unit.
    private var line = 1

    init(_ source: any ByteStream, isBigEndian: Bool, skipping prefix: [UInt8]) {
        self.source = source
        self.name = source.name
        self.isBigEndian = isBigEndian
        self.carry = prefix
    }

    func nextChunk() throws -> [UInt8]? {
        while true {
            guard let chunk = try source.nextChunk() else {
                if !carry.isEmpty || pendingHigh != nil {
                    throw CSVError(
                        .invalidBytes(encoding: encodingName, found: "an incomplete character at the end"),
                        at: SourceLocation(file: name, line: line, column: 0))
                }
                return nil
            }
            carry.append(contentsOf: chunk)
            let output = try transcodeCarry()
            if !output.isEmpty { return output }
        }
    }

    /// Transcodes the pending bytes first, before the source is read (used for the prefix).
    func drainPrefix() throws -> [UInt8] { try transcodeCarry() }

    private var encodingName: String { isBigEndian ? "UTF-16BE" : "UTF-16LE" }

    private func transcodeCarry() throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(carry.count)
        let usable = carry.count & ~1
        var index = 0
        while index < usable {
            let unit =
                isBigEndian
                ? UInt16(carry[index]) << 8 | UInt16(carry[index + 1])
                : UInt16(carry[index + 1]) << 8 | UInt16(carry[index])
            index += 2
            var scalar: Unicode.Scalar?
            if let high = pendingHigh {
                pendingHigh = nil
                guard (0xDC00..<0xE000).contains(unit) else { throw badUnit(unit) }
                scalar = Unicode.Scalar(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00))
            } else if (0xD800..<0xDC00).contains(unit) {
                pendingHigh = unit
                continue
            } else if (0xDC00..<0xE000).contains(unit) {
                throw badUnit(unit)
            } else {
                scalar = Unicode.Scalar(unit)
            }
            guard let scalar else { throw badUnit(unit) }
            if scalar == "\n" { line += 1 }
            output.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
        }
        carry.removeFirst(usable)
        return output
    }

    private func badUnit(_ unit: UInt16) -> CSVError {
        CSVError(
            .invalidBytes(encoding: encodingName, found: "0x" + String(unit, radix: 16, uppercase: true)),
            at: SourceLocation(file: name, line: line, column: 0))
    }
}

@available(*, unavailable)
extension UTF16Transcoder: Sendable {}
