/// 64-bit FNV-1a: the one hash in ledgerport that must be identical on every run and every machine
/// (Swift's `Hasher` is seeded per process).
///
/// Ledgers store values made with it: ``Draft/fingerprint``, the store's discriminator of a row
/// with its own id, and the suffix that keeps two OFX accounts' names apart. Changing how any of
/// them feeds bytes in would make every stored transaction look new (duplicates on the next
/// import); `FNV1aTests` pins the standard test vectors and those stored values.
///
/// ```swift
/// var hash = FNV1a()
/// hash.combine(utf8: "foobar")
/// hash.value  // 0x8594_4171_f739_67e8
/// ```
///
/// Inlinable: the OFX tag lookup and the fingerprint run it for every tag and every draft.
public struct FNV1a: Sendable, Hashable {
    /// The FNV-1a 64-bit offset basis: the hash of no bytes. (Computed, not stored: a literal
    /// folds into the caller's code, a stored static would cost a lazy-initialisation check.)
    @inlinable public static var offsetBasis: UInt64 { 0xcbf2_9ce4_8422_2325 }
    /// The FNV-1a 64-bit prime.
    @inlinable public static var prime: UInt64 { 0x0000_0100_0000_01b3 }

    @usableFromInline var state: UInt64

    /// The hash of the bytes combined so far.
    @inlinable public var value: UInt64 { state }

    /// A hash of no bytes yet (``offsetBasis``).
    @inlinable
    public init() {
        state = FNV1a.offsetBasis
    }

    /// Feeds one byte.
    @inlinable
    public mutating func combine(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* FNV1a.prime
    }

    /// Feeds a number's eight bytes, least significant first (two's complement).
    @inlinable
    public mutating func combine(_ number: Int64) {
        var bits = UInt64(bitPattern: number)
        for _ in 0..<8 {
            combine(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// Feeds each byte of a sequence in order.
    @inlinable
    public mutating func combine(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { combine(byte) }
    }

    /// Feeds a text's UTF-8 bytes, as written (no normalisation).
    @inlinable
    public mutating func combine(utf8 text: String) {
        if let done = text.utf8.withContiguousStorageIfAvailable({ bytes in
            for byte in bytes { combine(byte) }
        }) {
            return done
        }
        for byte in text.utf8 { combine(byte) }
    }
}
