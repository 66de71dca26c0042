import Foundation
import LedgerCore

/// Reads one QIF file line by line: headers switch sections, fields build records, `^` ends one.
///
/// Records wait (in file order, with any event after them) only while the file's day/month order
/// is unsettled and their dates read both ways; the first date that reads one way only settles it
/// and releases them. Confined to the thread that reads.
final class QIFReader {
    /// The longest line accepted.
    static let lineLimit = 1 << 16

    let file: String
    let options: AdapterOptions
    let currency: Currency
    /// The amounts' decimal mark and thousands separator: `.` and `,`, or with `decimal=comma`
    /// `,` and `.`.
    let decimalMark: UInt8
    let groupingMark: UInt8
    let emit: (AdapterEvent) throws -> Void

    // MARK: - Lines
    private var carry: [UInt8] = []
    private(set) var line = 1
    private var skipsLineFeed = false
    private var isFirstLine = true

    // MARK: - Sections and accounts
    var section = QIFSection.none
    /// The ledger account the next register's records go to.
    var currentAccount: String?
    /// The accounts declared so far (their ledger names), each announced once.
    var declared: Set<String> = []
    /// The first account name the file gave, when `--account` renames it.
    var renamedAccount: String?
    var skippedCount = 0
    var skippedLocation: SourceLocation?
    /// Whether a skipped record has lines after its last `^`.
    var skippedOpen = false

    // MARK: - Records
    var record = QIFRecordFields()
    var accountRecord = QIFAccountFields()

    // MARK: - Date order
    var order: QIFDateOrder?
    var settledBy = ""
    /// Events held back while the order is unsettled, in file order.
    var pending: [QIFPendingEvent] = []
    var firstAmbiguous: (text: String, location: SourceLocation)?
    var ambiguousCount = 0

    init(
        file: String, options: AdapterOptions, currency: Currency, order: QIFDateOrder?, decimalComma: Bool,
        emit: @escaping (AdapterEvent) throws -> Void
    ) {
        self.file = file
        self.options = options
        self.currency = currency
        decimalMark = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        groupingMark = decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",")
        self.emit = emit
        self.order = order
        if let order { settledBy = "--option date-order=\(order.rawValue)" }
    }

    /// Reads a chunk of the file.
    func feed(_ chunk: [UInt8]) throws {
        // The record being read lives in a local while the chunk is read: passed `inout`, its
        // fields are changed without a dynamic exclusivity check per field.
        var record = QIFRecordFields()
        swap(&record, &self.record)
        defer { swap(&record, &self.record) }
        try chunk.withUnsafeBufferPointer { bytes in
            var start = 0
            var index = 0
            if skipsLineFeed, !bytes.isEmpty {
                skipsLineFeed = false
                if bytes[0] == 0x0A {
                    start = 1
                    index = 1
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    // Checked for every line, also one begun in an earlier chunk and completed here.
                    if carry.count + (index - start) > Self.lineLimit {
                        throw QIFError(.lineTooLong(limit: Self.lineLimit), at: location(column: 1))
                    }
                    if carry.isEmpty {
                        try process(UnsafeBufferPointer(rebasing: bytes[start..<index]), &record)
                    } else {
                        carry.append(contentsOf: bytes[start..<index])
                        try carry.withUnsafeBufferPointer { try process($0, &record) }
                        carry.removeAll(keepingCapacity: true)
                    }
                    line += 1
                    if byte == 0x0D {
                        if index + 1 < bytes.count {
                            if bytes[index + 1] == 0x0A { index += 1 }
                        } else {
                            skipsLineFeed = true
                        }
                    }
                    start = index + 1
                }
                index += 1
            }
            if start < bytes.count {
                carry.append(contentsOf: bytes[start...])
                if carry.count > Self.lineLimit {
                    throw QIFError(.lineTooLong(limit: Self.lineLimit), at: location(column: 1))
                }
            }
        }
    }

    /// Reads the last line and ends the file: an open record is an error, held records are
    /// released or refused.
    func finish() throws {
        if !carry.isEmpty {
            var record = QIFRecordFields()
            swap(&record, &self.record)
            defer { swap(&record, &self.record) }
            try carry.withUnsafeBufferPointer { try process($0, &record) }
            carry.removeAll()
        }
        if record.isStarted || accountRecord.isStarted {
            throw QIFError(.truncated, at: location(column: 1))
        }
        try closeSection()
        if !pending.isEmpty {
            let first = firstAmbiguous ?? (text: "", location: location(column: 1))
            throw QIFError(.ambiguousDates(first: first.text, count: ambiguousCount), at: first.location)
        }
    }

    /// Where a column of the current line is.
    func location(column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// Emits an event now, or after the records held back.
    func send(_ event: AdapterEvent) throws {
        if pending.isEmpty { try emit(event) } else { pending.append(.event(event)) }
    }

    // MARK: - Private helpers

    private func process(_ raw: UnsafeBufferPointer<UInt8>, _ record: inout QIFRecordFields) throws {
        var start = 0
        var end = raw.count
        if isFirstLine {
            isFirstLine = false
            if end >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { start = 3 }
            if end >= 2, (raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF) {
                throw QIFError(.utf16Text, at: location(column: 1))
            }
        }
        while end > start, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
        while start < end, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
        guard start < end else { return }
        let bytes = UnsafeBufferPointer(rebasing: raw[start..<end])
        let code = bytes[0]
        if code == UInt8(ascii: "!") {
            try header(QIFText.decode(bytes), column: start + 1, inRecord: record.isStarted)
            return
        }
        let value = UnsafeBufferPointer(rebasing: bytes[1...])
        switch section {
        case .transactions:
            try transactionField(code, value, column: start + 1, &record)
        case .accounts:
            try accountField(code, value, column: start + 1)
        case .skipped:
            if skippedLocation == nil { skippedLocation = location(column: start + 1) }
            if code == UInt8(ascii: "^") { skippedCount += 1 }
            skippedOpen = code != UInt8(ascii: "^")
        case .none:
            throw QIFError(.notQIF(found: QIFText.decode(bytes)), at: location(column: start + 1))
        }
    }

    private func header(_ text: String, column: Int, inRecord: Bool) throws {
        if inRecord || accountRecord.isStarted {
            throw QIFError(
                .missingField("closing ^ before the header \(quotedExcerpt(text))"), at: location(column: column))
        }
        let lower = text.lowercased()
        if lower.hasPrefix("!option:") || lower.hasPrefix("!clear:") {
            // AutoSwitch only marks the account list, whose records declare accounts as any
            // !Account record does; no option changes how records read.
            return
        }
        try closeSection()
        if lower == "!account" {
            section = .accounts
            return
        }
        guard lower.hasPrefix("!type:") else { throw QIFError(.unknownType(found: text), at: location(column: column)) }
        let name = text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard let next = QIFSection.named(name) else {
            throw QIFError(.unknownType(found: text), at: location(column: column))
        }
        section = next
        if case .transactions(let kind) = next, currentAccount == nil {
            // A file without !Account holds one register: the account is --account, or the file's name.
            let name = try fileAccountName(at: location(column: column))
            currentAccount = name
            try declare(name, kind: kind)
        }
    }

    /// Reports the skipped records of the section that ends.
    private func closeSection() throws {
        if case .skipped(let reason) = section, let first = skippedLocation {
            let count = skippedCount + (skippedOpen ? 1 : 0)
            try send(.skipped(SkippedRecords(count: count, reason: reason, location: first)))
        }
        skippedCount = 0
        skippedLocation = nil
        skippedOpen = false
    }

    private func fileAccountName(at location: SourceLocation) throws -> String {
        if let account = options.account, !account.isEmpty { return account }
        guard options.namesAccountAfterFile else {
            throw MissingChoice(.account, source: "a QIF register without !Account names no account", at: location)
        }
        let path = options.fileName.isEmpty ? file : options.fileName
        let base = (path as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return stem.isEmpty ? base : stem
    }

    /// Announces an account once; `--account` renames the file's one account.
    func declare(_ name: String, kind: AccountKind) throws {
        guard !declared.contains(name) else { return }
        declared.insert(name)
        try send(.account(AccountReference(name: name, kind: kind, currency: currency)))
    }
}

/// An event held back while the date order is unsettled.
enum QIFPendingEvent {
    case event(AdapterEvent)
    case record(QIFTransaction)
}
