import LedgerCore

/// Fields of a file in file order, as the reading thread hands them to the builder's thread
/// (``MT940FieldReadAhead``): each field's value in one byte buffer, each `:86:` already read
/// (``MT940Information`` depends on nothing but the field's bytes), and the ends of messages.
struct MT940FieldBatch: Sendable {
    enum Entry: Sendable {
        /// A field whose value is `bytes[range]`.
        case field(MT940Tag, Range<Int>, SourceLocation)
        /// A `:86:` field: the next of ``informations``.
        case information(SourceLocation)
        /// The end of a message (`-`, `-}`, or the `:20:` of the next).
        case endMessage(SourceLocation)
    }

    /// A batch is handed over at this many entries, or at ``bytesLimit`` bytes of values.
    static let entryLimit = 2048
    static let bytesLimit = 64 * 1024

    private(set) var entries: [Entry] = []
    /// The values of the `.field` entries, one after the other.
    private(set) var bytes: [UInt8] = []
    /// The `:86:` fields read, in order.
    private(set) var informations: [MT940Information] = []

    init() {
        entries.reserveCapacity(MT940FieldBatch.entryLimit)
        bytes.reserveCapacity(MT940FieldBatch.bytesLimit)
        informations.reserveCapacity(MT940FieldBatch.entryLimit / 2)
    }

    var isEmpty: Bool { entries.isEmpty }
    var isFull: Bool { entries.count >= MT940FieldBatch.entryLimit || bytes.count >= MT940FieldBatch.bytesLimit }

    /// Adds a field; a `:86:` is read here, in the reading thread's buffers.
    mutating func add(_ field: MT940Field, reusing buffers: inout MT940InformationBuffers) {
        if field.tag == .information {
            informations.append(MT940Information(value: field.value, reusing: &buffers))
            entries.append(.information(field.location))
        } else {
            let start = bytes.count
            bytes.append(contentsOf: field.value)
            entries.append(.field(field.tag, start..<bytes.count, field.location))
        }
    }

    mutating func addEndOfMessage(at location: SourceLocation) {
        entries.append(.endMessage(location))
    }

    /// Gives the builder every entry in order, the `:86:` fields moved out of the batch.
    mutating func play(into builder: inout MT940StatementBuilder, field: inout MT940Field) throws {
        // Taken from the end, each information moves into the builder without a copy.
        informations.reverse()
        for entry in entries {
            switch entry {
            case .field(let tag, let range, let location):
                field.tag = tag
                field.location = location
                field.value.removeAll(keepingCapacity: true)
                field.value.append(contentsOf: bytes[range])
                try builder.take(field)
            case .information(let location):
                guard let information = informations.popLast() else {
                    preconditionFailure("a batch holds one information for each :86: entry")
                }
                builder.take(information, at: location)
            case .endMessage(let location):
                try builder.endMessage(at: location)
            }
        }
    }
}
