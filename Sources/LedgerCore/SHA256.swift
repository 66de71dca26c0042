/// SHA-256 (FIPS 180-4), fed incrementally; used to record which file an import read.
///
/// The toolchain on Linux has no CryptoKit, so ledgerport carries this small implementation.
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    /// Starts an empty digest.
    public init() { pending.reserveCapacity(64) }

    /// Feeds bytes.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        totalBytes &+= UInt64(bytes.count)
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in absorb(buffer) }
        if handled == nil { Array(bytes).withUnsafeBufferPointer { absorb($0) } }
    }

    private mutating func absorb(_ buffer: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress(blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (buffer.count - offset) / 64 * 64
        if whole > 0 {
            compress(blocks: UnsafeBufferPointer(rebasing: buffer[offset..<offset + whole]))
            offset += whole
        }
        pending.append(contentsOf: buffer[offset...])
    }

    /// Finishes and returns the digest as 64 lower-case hex digits.
    public func hexDigest() -> String {
        var copy = self
        let bitLength = totalBytes &* 8
        copy.pending.append(0x80)
        while copy.pending.count % 64 != 56 { copy.pending.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            copy.pending.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var offset = 0
        while offset < copy.pending.count {
            let block = Array(copy.pending[offset..<offset + 64])
            block.withUnsafeBufferPointer { copy.compress(blocks: $0) }
            offset += 64
        }
        let hex: [Character] = Array("0123456789abcdef")
        var text = ""
        for word in copy.state {
            for shift in stride(from: 28, through: 0, by: -4) {
                text.append(hex[Int((word >> UInt32(shift)) & 0xf)])
            }
        }
        return text
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Processes whole 64-byte blocks (the buffer's length is a multiple of 64).
    private mutating func compress(blocks: UnsafeBufferPointer<UInt8>) {
        precondition(blocks.count % 64 == 0, "SHA-256 blocks are 64 bytes")
        guard let base = blocks.baseAddress else { return }
        var h0 = state[0]
        var h1 = state[1]
        var h2 = state[2]
        var h3 = state[3]
        var h4 = state[4]
        var h5 = state[5]
        var h6 = state[6]
        var h7 = state[7]
        SHA256.k.withUnsafeBufferPointer { kBuffer in
            // swift-format-ignore: NeverForceUnwrap
            // The table has 64 entries, so its buffer has a base address.
            let k = kBuffer.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                // swift-format-ignore: NeverForceUnwrap
                // A temporary allocation of 64 words has a base address.
                let w = schedule.baseAddress!
                var block = base
                for _ in 0..<(blocks.count / 64) {
                    for t in 0..<16 {
                        w[t] =
                            UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16
                            | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
                    }
                    for t in 16..<64 {
                        let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
                        let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h0
                    var b = h1
                    var c = h2
                    var d = h3
                    var e = h4
                    var f = h5
                    var g = h6
                    var h = h7
                    for t in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        h = g
                        g = f
                        f = e
                        e = d &+ temp1
                        d = c
                        c = b
                        b = a
                        a = temp1 &+ s0 &+ majority
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    block += 64
                }
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 &- count)) }
}
