/// A draft's description: a `String`, or well-formed UTF-8 inside a byte buffer that many drafts
/// share, made into a `String` only where one is asked for.
///
/// A CSV block's descriptions lie one after another in one buffer. A draft that points into it
/// costs a retain of the buffer; a `String` of its own cost an allocation, a copy, a second UTF-8
/// validation by the standard library and a free, about a quarter of a CSV dry run's drafting
/// thread. Stores and the fingerprint read the bytes where they are (``withUTF8(_:)``).
///
/// Two texts are equal, and hash alike, as their `String`s do (canonical equivalence), whichever
/// way each is held.
public struct DraftText: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Storage: Sendable {
        case string(String)
        /// The bytes `start..<start + count` of `buffer`, the start, the count and whether the
        /// bytes are known to hold no NUL packed in one word (``Position``): with the buffer's
        /// reference, the text is two words like a `String`.
        case shared(position: UInt64, buffer: [UInt8])
    }

    @usableFromInline
    let storage: Storage

    /// The text of a string.
    @inlinable
    public init(_ string: String) {
        storage = .string(string)
    }

    /// The text of `buffer[range]`, shared with the buffer (nothing is copied).
    ///
    /// - Returns: `nil` when the range is outside the buffer or its first 2 GiB, or its bytes are
    ///   not well-formed UTF-8 (``UTF8Check/isValid(_:)``).
    @inlinable
    public init?(utf8 buffer: [UInt8], range: Range<Int>) {
        guard let position = Self.position(of: range, in: buffer, withoutNUL: false) else { return nil }
        let isValid = buffer.withUnsafeBufferPointer { UTF8Check.isValid(UnsafeBufferPointer(rebasing: $0[range])) }
        guard isValid else { return nil }
        storage = .shared(position: position, buffer: buffer)
    }

    /// The text of `buffer[range]`, whose bytes the caller has already found well-formed UTF-8
    /// with no NUL (CSV's read-ahead thread does, as it joins a description), shared with the
    /// buffer.
    ///
    /// Checking them again cost 190 instructions a row, a tenth of a CSV dry run's drafting
    /// thread; looking for a NUL in them again, 50.
    ///
    /// - Returns: `nil` when the range is outside the buffer or its first 2 GiB.
    @inlinable
    package init?(validatedUTF8 buffer: [UInt8], range: Range<Int>) {
        guard let position = Self.position(of: range, in: buffer, withoutNUL: true) else { return nil }
        storage = .shared(position: position, buffer: buffer)
    }

    /// How a shared text's place is packed: the start in the high 32 bits, the count in the low 31,
    /// and bit 31 set when the bytes are known to hold no NUL.
    @usableFromInline
    enum Position {
        @usableFromInline static let countMask: UInt64 = 0x7FFF_FFFF
        @usableFromInline static let withoutNUL: UInt64 = 0x8000_0000
    }

    /// `range`'s place packed in one word (``Position``); `nil` when it isn't inside the buffer's
    /// first 2 GiB.
    @inlinable
    static func position(of range: Range<Int>, in buffer: [UInt8], withoutNUL: Bool) -> UInt64? {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count, range.upperBound <= Int(Int32.max) else {
            return nil
        }
        return UInt64(range.lowerBound) << 32 | UInt64(range.count) | (withoutNUL ? Position.withoutNUL : 0)
    }

    /// The text as a `String` (made anew from shared bytes on each call).
    public var string: String {
        switch storage {
        case .string(let string): return string
        case .shared: return withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
    }

    public var description: String { string }

    /// Whether the text is empty.
    @inlinable
    public var isEmpty: Bool {
        switch storage {
        case .string(let string): return string.isEmpty
        case .shared(let position, _): return position & Position.countMask == 0
        }
    }

    /// The length of the text's UTF-8.
    @inlinable
    public var utf8Count: Int {
        switch storage {
        case .string(let string): return string.utf8.count
        case .shared(let position, _): return Int(position & Position.countMask)
        }
    }

    /// Calls `body` with the text's UTF-8, read where it is (a string that isn't contiguous UTF-8
    /// is made so first, in a copy).
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .string(let string):
            // Borrowed: `withUTF8` needs a `var` copy, a retain and a release per call.
            if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
            var copy = string
            return try copy.withUTF8(body)
        case .shared(let position, let buffer):
            let start = Int(position >> 32)
            let count = Int(position & Position.countMask)
            return try buffer.withUnsafeBufferPointer { all in
                try body(UnsafeBufferPointer(rebasing: all[start..<start + count]))
            }
        }
    }

    /// Whether the text holds U+0000 (``TextRule``).
    @inlinable
    public var containsNUL: Bool {
        switch storage {
        case .string(let string): return TextRule.containsNUL(string)
        case .shared(let position, _):
            return position & Position.withoutNUL == 0 && withUTF8 { TextRule.containsNUL($0) }
        }
    }

    public static func == (left: DraftText, right: DraftText) -> Bool { left.string == right.string }

    public func hash(into hasher: inout Hasher) { hasher.combine(string) }
}

/// What a draft's description can be given as: a `String`, or a ``DraftText``.
public protocol DraftTextConvertible {
    /// The text as a draft holds it.
    var draftText: DraftText { get }
}

extension String: DraftTextConvertible {
    @inlinable
    public var draftText: DraftText { DraftText(self) }
}

extension DraftText: DraftTextConvertible {
    @inlinable
    public var draftText: DraftText { self }
}
