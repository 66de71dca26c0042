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
            let output: [UInt8]
            if carry.isEmpty {
                // The usual case (chunks of whole code units): the chunk is read where it is, not
                // first copied after the carried bytes (glibc copies 64 KiB with `rep movsb`,
                // which callgrind counts once a byte, about 140 instructions a row).
                let (text, usable): ([UInt8], Int)
                do {
                    (text, usable) = try transcoded(chunk)
                } catch {
                    carry = chunk
                    throw error
                }
                if usable < chunk.count { carry = Array(chunk[usable...]) }
                output = text
            } else {
                carry.append(contentsOf: chunk)
                output = try transcodeCarry()
            }
            if !output.isEmpty { return output }
        }
    }

    /// Transcodes the pending bytes first, before the source is read (used for the prefix).
    func drainPrefix() throws -> [UInt8] { try transcodeCarry() }

    private var encodingName: String { isBigEndian ? "UTF-16BE" : "UTF-16LE" }

    private func transcodeCarry() throws -> [UInt8] {
        let (output, usable) = try transcoded(carry)
        carry.removeFirst(usable)
        return output
    }

    /// The UTF-8 of `bytes`' whole code units, and how many bytes those are.
    private func transcoded(_ bytes: [UInt8]) throws -> ([UInt8], Int) {
        let usable = bytes.count & ~1
        // Three bytes of UTF-8 at most per code unit; a pair gives four for two units, and a
        // pair begun in the last chunk one more for its first unit here.
        let capacity = usable / 2 * 3 + 1
        let isBigEndian = isBigEndian
        var high = pendingHigh
        var lines = line
        let output: [UInt8]
        do {
            output = try bytes.withUnsafeBufferPointer { (input) throws(BadUnit) -> [UInt8] in
                try UTF16Transcoder.transcode(
                    input, count: usable, capacity: capacity, isBigEndian: isBigEndian, high: &high, lines: &lines)
            }
        } catch {
            line = lines
            pendingHigh = nil
            throw badUnit(error.unit)
        }
        pendingHigh = high
        line = lines
        return (output, usable)
    }

    /// A code unit that is no character here: a low surrogate without its high one, or a high one
    /// followed by anything else.
    private struct BadUnit: Error {
        let unit: UInt16
    }

    /// The UTF-8 of the first `count` bytes of `input` (whole code units), written straight into
    /// the array's storage; `high` carries a high surrogate from one chunk to the next, `lines`
    /// counts line feeds. Indices and counts use wrapping arithmetic, here and in
    /// ``asciiRun(_:from:count:isBigEndian:into:at:)``: they stay within the buffers (a chunk), and
    /// their overflow checks cost about 23 instructions a row.
    private static func transcode(
        _ input: UnsafeBufferPointer<UInt8>, count: Int, capacity: Int, isBigEndian: Bool, high: inout UInt16?,
        lines: inout Int
    ) throws(BadUnit) -> [UInt8] {
        var failure: BadUnit?
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var index = 0
            var written = 0
            defer { initialized = written }
            while index < count {
                if high == nil, index &+ 8 <= count {
                    // Inlined once for each byte order with it fixed: the shift and the mask of
                    // its words are constants then (about 3 instructions a word fewer).
                    let fast =
                        isBigEndian
                        ? asciiRun(input, from: index, count: count, isBigEndian: true, into: buffer, at: written)
                        : asciiRun(input, from: index, count: count, isBigEndian: false, into: buffer, at: written)
                    index &+= fast.units &* 2
                    written &+= fast.units
                    lines &+= fast.lineFeeds
                    if index >= count { break }
                }
                let unit =
                    isBigEndian
                    ? UInt16(input[index]) << 8 | UInt16(input[index &+ 1])
                    : UInt16(input[index &+ 1]) << 8 | UInt16(input[index])
                index &+= 2
                if let pending = high {
                    high = nil
                    guard unit & 0xFC00 == 0xDC00 else {
                        failure = BadUnit(unit: unit)
                        return
                    }
                    let scalar = 0x10000 + (UInt32(pending - 0xD800) << 10) + UInt32(unit - 0xDC00)
                    buffer[written] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                    buffer[written &+ 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 12) & 0x3F)
                    buffer[written &+ 2] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
                    buffer[written &+ 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    written &+= 4
                } else if unit < 0x80 {
                    if unit == 0x0A { lines &+= 1 }
                    buffer[written] = UInt8(truncatingIfNeeded: unit)
                    written &+= 1
                } else if unit < 0x800 {
                    buffer[written] = UInt8(truncatingIfNeeded: 0xC0 | unit >> 6)
                    buffer[written &+ 1] = UInt8(truncatingIfNeeded: 0x80 | unit & 0x3F)
                    written &+= 2
                } else if unit & 0xFC00 == 0xD800 {
                    high = unit
                } else if unit & 0xFC00 == 0xDC00 {
                    failure = BadUnit(unit: unit)
                    return
                } else {
                    buffer[written] = UInt8(truncatingIfNeeded: 0xE0 | unit >> 12)
                    buffer[written &+ 1] = UInt8(truncatingIfNeeded: 0x80 | (unit >> 6) & 0x3F)
                    buffer[written &+ 2] = UInt8(truncatingIfNeeded: 0x80 | unit & 0x3F)
                    written &+= 3
                }
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Copies the ASCII code units from `index` on, sixteen then four at a time, into `buffer` at
    /// `written`, until a word holds a unit above ASCII or fewer than four units are left (the
    /// caller's loop reads those one by one); of a word with a unit above ASCII, the ASCII units
    /// before it are copied too, so the caller goes straight to that unit (without this, each unit
    /// above ASCII cost up to four calls that copied nothing). Answers how many units it copied
    /// and how many of them were line feeds.
    @inline(__always)
    private static func asciiRun(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, isBigEndian: Bool,
        into buffer: UnsafeMutableBufferPointer<UInt8>, at written: Int
    ) -> (units: Int, lineFeeds: Int) {
        guard let source = input.baseAddress, let target = buffer.baseAddress else { return (0, 0) }
        // Read as little-endian, a unit's low byte sits at the bottom of its 16-bit lane; big-endian
        // units have it at the top, moved down by eight bits.
        let notASCII: UInt64 = isBigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
        let shift: UInt64 = isBigEndian ? 8 : 0
        var index = start
        var out = written
        var lineFeeds = 0
        // Sixteen units at a time while all are ASCII (the usual text): Swift's SIMD types compile
        // to SSE2 here (`packuswb` for the truncation, the test through two 64-bit words), about
        // half the instructions of the words below. Line feeds are flagged a byte each as below,
        // the flags added up lane by lane and summed once a batch of at most 255 reads (a lane's
        // most).
        let swapsBytes = isBigEndian == (UInt16(littleEndian: 1) == 1)
        let aboveASCII = SIMD8<UInt16>(repeating: 0xFF80)
        let lineFeed = SIMD2<UInt64>(repeating: 0x0A0A_0A0A_0A0A_0A0A)
        let sevens = SIMD2<UInt64>(repeating: 0x7F7F_7F7F_7F7F_7F7F)
        let highBits = SIMD2<UInt64>(repeating: 0x8080_8080_8080_8080)
        simd: while index &+ 32 <= count {
            let batchEnd = min(count, index &+ 255 &* 32)
            var flags = SIMD2<UInt64>(repeating: 0)
            // Each lane's bytes count up to 255 a batch: summed one lane at a time, not added first.
            defer {
                lineFeeds &+= UTF16Transcoder.sum(ofByteLanes: flags[0]) &+ UTF16Transcoder.sum(ofByteLanes: flags[1])
            }
            while index &+ 32 <= batchEnd {
                var first = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD8<UInt16>.self)
                var second = UnsafeRawPointer(source + (index &+ 16)).loadUnaligned(as: SIMD8<UInt16>.self)
                if swapsBytes {
                    first = first &>> 8 | first &<< 8
                    second = second &>> 8 | second &<< 8
                }
                let above = unsafeBitCast((first | second) & aboveASCII, to: SIMD2<UInt64>.self)
                guard above[0] | above[1] == 0 else { break simd }
                let packed = SIMD16<UInt8>(
                    lowHalf: SIMD8<UInt8>(truncatingIfNeeded: first),
                    highHalf: SIMD8<UInt8>(truncatingIfNeeded: second))
                UnsafeMutableRawPointer(target + out).storeBytes(of: packed, as: SIMD16<UInt8>.self)
                // As below: a byte of `other` is zero exactly where a line feed was.
                let other = unsafeBitCast(packed, to: SIMD2<UInt64>.self) ^ lineFeed
                flags &+= (~(other &+ sevens) & highBits) &>> 7
                index &+= 32
                out &+= 16
            }
        }
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
            let above = word & notASCII
            guard above == 0 else {
                // The units below the first one above ASCII (lanes are 16 bits, lowest first).
                let leading = above.trailingZeroBitCount / 16
                for lane in 0..<leading {
                    let unit = UInt8(truncatingIfNeeded: word >> (UInt64(lane) * 16 + shift))
                    if unit == 0x0A { lineFeeds &+= 1 }
                    target[out &+ lane] = unit
                }
                index &+= leading &* 2
                out &+= leading
                break
            }
            var lanes = word >> shift
            lanes = (lanes | lanes >> 8) & 0x0000_FFFF_0000_FFFF
            let packed = UInt32(truncatingIfNeeded: lanes | lanes >> 16)
            UnsafeMutableRawPointer(target + out).storeBytes(of: packed.littleEndian, as: UInt32.self)
            // Bytes of `other` are zero exactly where a line feed was; every byte is below 0x80, so
            // adding 0x7F sets a byte's high bit exactly when the byte isn't zero. The flags of the
            // zero bytes, moved down to ones, are summed by one multiplication into the top byte
            // (`nonzeroBitCount` is a call of twenty instructions without a POPCNT target).
            let other = packed ^ 0x0A0A_0A0A
            let zeroFlags = ~(other &+ 0x7F7F_7F7F) & 0x8080_8080
            lineFeeds &+= Int(((zeroFlags >> 7) &* 0x0101_0101) >> 24)
            index &+= 8
            out &+= 4
        }
        return ((index &- start) &>> 1, lineFeeds)
    }

    /// The sum of a word's eight bytes (each up to 255), by 16-bit lanes and one multiplication
    /// that adds them into the top lane.
    @inline(__always)
    private static func sum(ofByteLanes word: UInt64) -> Int {
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ (word >> 8 & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    private func badUnit(_ unit: UInt16) -> CSVError {
        CSVError(
            .invalidBytes(encoding: encodingName, found: "0x" + String(unit, radix: 16, uppercase: true)),
            at: SourceLocation(file: name, line: line, column: 0))
    }
}

@available(*, unavailable)
extension UTF16Transcoder: Sendable {}
