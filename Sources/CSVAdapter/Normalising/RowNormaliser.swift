import LedgerCore

/// Turns one transaction row into a draft, following a mapping bound to the file's header.
///
/// This is the per-row hot path: dates and ASCII amounts are read straight from the row's
/// bytes, and only text fields (description, memo, id) become strings.
struct RowNormaliser {
    enum Amount {
        case signed(Int)
        case debitCredit(debit: Int, credit: Int)
        case indicator(amount: Int, column: Int)
    }

    let file: String
    let binding: HeaderBinding
    let datePosition: Int
    /// The booking-day format; `nil` until inferred for `"auto"`.
    var dateFormat: DateFormat? {
        didSet { bookingLayout = dateFormat?.layout }
    }
    let transactionDatePosition: Int?
    /// The transaction day's declared format; `nil` to read it like the booking day.
    let transactionDateFormat: DateFormat?
    /// The formats' fixed layouts, kept apart: reading a day by offset then copies no format.
    private(set) var bookingLayout: DateFormat.FixedLayout?
    let transactionLayout: DateFormat.FixedLayout?
    let amount: Amount
    /// An indicator column's words (lower-cased) for money out and money in.
    private(set) var debitWords: Set<String> = []
    private(set) var creditWords: Set<String> = []
    let syntax: AmountSyntax
    let invertSign: Bool
    let descriptionPositions: [Int]
    let descriptionSeparator: String
    /// The separator's bytes when it is ASCII (then descriptions join in one pass).
    let asciiSeparator: [UInt8]?
    private static let memoSeparator: [UInt8] = [0x20]
    let memoPositions: [Int]
    let idPosition: Int?
    let balancePosition: Int?
    let currencyPosition: Int?
    let defaultCurrency: Currency?
    /// The commodities a currency cell may name beyond ISO 4217: the ledger's and the mapping's.
    let commodities: CommodityTable
    let statusPosition: Int?
    let pendingValues: Set<String>
    let accountPosition: Int?
    var decoder: FieldDecoder
    private var scratch: [UInt8] = []
    private var joinScratch: [UInt8] = []
    /// The last currency cell's raw bytes and what they meant (cells repeat row after row).
    private var lastCurrencyBytes: [UInt8] = []
    private var lastCurrency: Currency?
    /// Indicator cells seen, as raw bytes, with the direction each meant (a handful at most).
    private var knownIndicators: [(bytes: [UInt8], direction: Direction)] = []
    /// One-column memo cells seen lately, as raw bytes, with the text each became: a memo column
    /// such as a transaction type (`Kartenzahlung`, `SEPA-Lastschrift von`) repeats a handful of
    /// values, whose text is then shared instead of decoded and allocated again. The same bytes
    /// always decode to the same text: the encoding, once a field above ASCII settled it, stays.
    private var knownMemos: [(bytes: [UInt8], text: String)] = []
    /// The slot the next unknown memo replaces once ``knownMemoLimit`` are kept.
    private var nextMemoSlot = 0
    private static let knownMemoLimit = 8

    /// Creates a normaliser.
    ///
    /// A row without a currency cell takes the first of: the user's currency, the mapping's,
    /// the one the file's statement lines state, the existing account's.
    init(
        mapping: CSVMapping, binding: HeaderBinding, file: String, statedCurrency: Currency? = nil,
        userCurrency: Currency? = nil, accountCurrency: Currency? = nil, commodities: CommodityTable = CommodityTable()
    ) {
        self.file = file
        self.commodities = commodities
        self.binding = binding
        // A needed column is bound or the binding threw; index columns are checked per row.
        datePosition = binding.position(of: mapping.date.column) ?? 0
        if case .fixed(let format) = mapping.date.format {
            dateFormat = format
            bookingLayout = format.layout
        }
        transactionDatePosition = binding.position(of: mapping.transactionDate?.column)
        if case .fixed(let format)? = mapping.transactionDate?.format {
            transactionDateFormat = format
        } else {
            transactionDateFormat = nil
        }
        transactionLayout = transactionDateFormat?.layout
        switch mapping.amount {
        case .signed(let column):
            amount = .signed(binding.position(of: column) ?? 0)
        case .debitCredit(let debit, let credit):
            amount = .debitCredit(debit: binding.position(of: debit) ?? 0, credit: binding.position(of: credit) ?? 0)
        case .indicator(let column, let indicator, let debitWords, let creditWords):
            amount = .indicator(
                amount: binding.position(of: column) ?? 0, column: binding.position(of: indicator) ?? 0)
            self.debitWords = Set(debitWords.map { $0.lowercased() })
            self.creditWords = Set(creditWords.map { $0.lowercased() })
        }
        syntax = mapping.amountSyntax
        invertSign = mapping.invertSign
        descriptionPositions = mapping.description.compactMap { binding.position(of: $0) }
        descriptionSeparator = mapping.descriptionSeparator
        asciiSeparator = descriptionSeparator.utf8.allSatisfy { $0 < 0x80 } ? Array(descriptionSeparator.utf8) : nil
        memoPositions = mapping.memo.compactMap { binding.position(of: $0) }
        idPosition = binding.position(of: mapping.externalID)
        balancePosition = binding.position(of: mapping.balance)
        currencyPosition = binding.position(of: mapping.currencyColumn)
        defaultCurrency = userCurrency ?? mapping.currency ?? statedCurrency ?? accountCurrency
        statusPosition = binding.position(of: mapping.status?.column)
        pendingValues = Set((mapping.status?.pendingValues ?? []).map { $0.lowercased() })
        accountPosition = binding.position(of: mapping.accountColumn)
        decoder = FieldDecoder(declared: mapping.encoding)
        scratch.reserveCapacity(64)
    }

    // MARK: - Rows

    /// Builds the draft for a row.
    ///
    /// - Throws: ``CSVError`` naming the field that could not be read.
    @inline(__always)
    mutating func draft(from row: CSVRow, account: String, settings: FieldSettings? = nil) throws(CSVError)
        -> Draft
    {
        let currency: Currency
        if let chosen = settings?.currency {
            currency = chosen
        } else {
            currency = try self.currency(of: row)
        }
        // Days and the description may come ready from the read-ahead thread (``RowPreparer``).
        var bookingDay: Day
        if let prepared = row.prepared.bookingDay {
            bookingDay = prepared
        } else {
            bookingDay = try day(row, datePosition, isTransactionDay: false)
        }
        var transactionDay: Day?
        if let transactionDatePosition, !row.isEmpty(transactionDatePosition) {
            if let prepared = row.prepared.transactionDay {
                transactionDay = prepared
            } else {
                transactionDay = try day(row, transactionDatePosition, isTransactionDay: true)
            }
        }
        var (money, direction) = try money(of: row, currency: currency)
        // A prepared description stays in its block's bytes (``DraftText``): made into a `String`
        // here, it was a quarter of the drafting thread (allocated, validated again, freed).
        let description: DraftText
        if let template = settings?.description {
            description = DraftText(try text(of: template, in: row))
        } else if let prepared = row.prepared.description,
            !row.prepared.descriptionIsUTF8 || decoder.adoptsUTF8(),
            let shared = row.sharedText(in: prepared)
        {
            description = shared
        } else if let text = Self.joinedInOnePass(row, descriptionPositions, asciiSeparator, decoder) {
            description = DraftText(text)
        } else {
            description = DraftText(
                try joined(row, descriptionPositions, separator: descriptionSeparator, ascii: asciiSeparator))
        }
        var memo = memoPositions.isEmpty ? "" : try self.memo(of: row)
        var externalID: String?
        if let idPosition {
            let id = try text(row, idPosition)
            externalID = id.isEmpty ? nil : id
        }
        var status = TransactionStatus.booked
        if let statusPosition, !pendingValues.isEmpty,
            pendingValues.contains(try text(row, statusPosition).lowercased())
        {
            status = .pending
        }
        let runningBalance = try balance(of: row, currency: currency)
        if let settings {
            if let template = settings.memo { memo = try text(of: template, in: row) }
            if let chosen = settings.status { status = chosen }
            if let chosen = settings.direction {
                direction = chosen
            } else if settings.negatesAmount, !money.isZero {
                direction.reverse()
            }
        }
        return Draft(
            account: account, bookingDay: bookingDay, transactionDay: transactionDay, amount: money,
            direction: direction, description: description, memo: memo, status: status, externalID: externalID,
            runningBalance: runningBalance, location: SourceLocation(file: file, line: row.line, column: 1))
    }

    /// The row's memo: its memo columns joined by a space, a one-column memo's text shared with
    /// the last rows that had the same bytes.
    private mutating func memo(of row: CSVRow) throws(CSVError) -> String {
        guard memoPositions.count == 1 else {
            return try joined(row, memoPositions, separator: " ", ascii: Self.memoSeparator)
        }
        let position = memoPositions[0]
        for index in knownMemos.indices where row.field(position, equals: knownMemos[index].bytes) {
            return knownMemos[index].text
        }
        let text = try joined(row, memoPositions, separator: " ", ascii: Self.memoSeparator)
        let known = (bytes: row.bytes(of: position), text: text)
        if knownMemos.count < Self.knownMemoLimit {
            knownMemos.append(known)
        } else {
            knownMemos[nextMemoSlot] = known
            nextMemoSlot = (nextMemoSlot + 1) % Self.knownMemoLimit
        }
        return text
    }

    /// The row's currency: its currency column, else the mapping's.
    @inline(__always)
    mutating func currency(of row: CSVRow) throws(CSVError) -> Currency {
        if currencyPosition == nil, let defaultCurrency { return defaultCurrency }
        return try currencyOfColumn(row)
    }

    /// ``currency(of:)`` when a column may name it.
    private mutating func currencyOfColumn(_ row: CSVRow) throws(CSVError) -> Currency {
        // The last cell's bytes (never blank) first: a cell equal to them is not blank either.
        if let currencyPosition, let lastCurrency, row.field(currencyPosition, equals: lastCurrencyBytes) {
            return lastCurrency
        }
        if let currencyPosition, !row.isEmpty(currencyPosition) {
            let code = try text(row, currencyPosition)
            guard let currency = commodities.currency(code: code) else {
                throw bad(row, currencyPosition, code, RowNormaliser.currencyExpectation(code))
            }
            lastCurrencyBytes = row.bytes(of: currencyPosition)
            lastCurrency = currency
            return currency
        }
        if let defaultCurrency { return defaultCurrency }
        let position = currencyPosition ?? 0
        throw bad(row, position, "", "a currency code (the mapping declares no \"currency\")")
    }

    /// What a currency cell should have held, saying how to declare a code that could be a commodity.
    static func currencyExpectation(_ code: String) -> String {
        let upper = code.uppercased()
        guard Currency.isCommodityCode(upper) else { return "an ISO 4217 currency code such as EUR or USD" }
        return "an ISO 4217 currency or a declared commodity; declare it with its decimals: "
            + "`ledgerport commodities add \(upper) --digits N`, or the mapping's \"commodities\" key ({\"\(upper)\": N})"
    }

    /// The account named by the row's account column, if the mapping has one.
    mutating func accountName(of row: CSVRow) throws(CSVError) -> String? {
        guard let accountPosition else { return nil }
        let name = try text(row, accountPosition)
        return name.isEmpty ? nil : name
    }

    /// The booking day's text, for date inference.
    mutating func dateText(of row: CSVRow) throws(CSVError) -> String { try text(row, datePosition) }

    /// A field's trimmed text.
    mutating func text(_ row: CSVRow, _ position: Int) throws(CSVError) -> String {
        return try row.withField(position) { (bytes) throws(CSVError) -> String in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let text = try decoder.string(slice, at: row.location(of: position, file: file))
            guard slice.contains(0x0A) || slice.contains(0x0D) else { return text }
            return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        }
    }

    // MARK: - Fields

    /// The non-empty fields' trimmed texts joined by `separator`.
    ///
    /// With an ASCII separator (`ascii`, its bytes) the fields are decoded and joined in one pass
    /// when they hold only ASCII or characters of a single-byte encoding already in force (the
    /// fast path). Otherwise the bytes are joined first and decoded once, and a decoding error is
    /// then found again field by field, so that it names the right field.
    private mutating func joined(_ row: CSVRow, _ positions: [Int], separator: String, ascii: [UInt8]?)
        throws(CSVError) -> String
    {
        if let ascii {
            let text = row.withTrimmedFields(positions) { all, ranges in
                ascii.withUnsafeBufferPointer { decoder.joined(all, ranges, separator: $0) }
            }
            if let text { return text }
        }
        if positions.count == 1 { return try text(row, positions[0]) }
        guard separator.utf8.allSatisfy({ $0 < 0x80 }), !positions.contains(where: { $0 >= row.count }) else {
            return try joinedSlowly(row, positions, separator: separator)
        }
        // Borrow the scratch buffer (a copy would make every append reallocate it).
        var bytes: [UInt8] = []
        swap(&bytes, &joinScratch)
        defer { swap(&bytes, &joinScratch) }
        bytes.removeAll(keepingCapacity: true)
        for position in positions {
            try row.withField(position) { (field) throws(CSVError) in
                var start = 0
                var end = field.count
                while start < end, field[start] == 0x20 || field[start] == 0x09 { start += 1 }
                while end > start, field[end - 1] == 0x20 || field[end - 1] == 0x09 { end -= 1 }
                guard start < end else { return }
                if !bytes.isEmpty { bytes.append(contentsOf: separator.utf8) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: field[start..<end]))
            }
        }
        if bytes.contains(0x0A) || bytes.contains(0x0D) {
            return try joinedSlowly(row, positions, separator: separator)
        }
        do {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(CSVError) -> String in
                try decoder.string(buffer, at: row.location(of: positions[0], file: file))
            }
        } catch {
            return try joinedSlowly(row, positions, separator: separator)
        }
    }

    /// The one-pass join (``FieldDecoder/joined(_:_:separator:)``), or `nil` for the careful way.
    /// Static: the caller lends its arrays for the call instead of copying them for a mutating one.
    private static func joinedInOnePass(
        _ row: CSVRow, _ positions: [Int], _ separator: [UInt8]?, _ decoder: FieldDecoder
    ) -> String? {
        guard let separator else { return nil }
        return row.withTrimmedFields(positions) { all, ranges in
            separator.withUnsafeBufferPointer { decoder.joined(all, ranges, separator: $0) }
        }
    }

    private mutating func joinedSlowly(_ row: CSVRow, _ positions: [Int], separator: String) throws(CSVError)
        -> String
    {
        var result = ""
        for position in positions {
            let part = try text(row, position)
            if part.isEmpty { continue }
            if !result.isEmpty { result += separator }
            result += part
        }
        return result
    }

    /// A day from a cell: the booking day's, or the transaction day's with its own format when
    /// it declares one.
    private mutating func day(_ row: CSVRow, _ position: Int, isTransactionDay: Bool) throws(CSVError) -> Day {
        let ownFormat = isTransactionDay && transactionDateFormat != nil
        // The usual case: a fixed-width pattern, read by offset.
        if let layout = ownFormat ? transactionLayout : bookingLayout,
            let found = try row.withField(position, { (bytes) throws(CSVError) in layout.day(from: bytes) })
        {
            return found
        }
        guard let format = ownFormat ? transactionDateFormat : dateFormat else {
            preconditionFailure("rows are normalised only once the date format is known")
        }
        let found = try row.withField(position) { (bytes) throws(CSVError) -> Day? in
            FieldDecoder.isASCII(bytes) ? format.day(from: bytes) : nil
        }
        if let found { return found }
        let text = try text(row, position)
        if let day = format.day(from: text) { return day }
        throw bad(row, position, text, "a date like \(format.pattern)")
    }

    /// A signed amount from one cell, as an exact number; `nil` for an empty cell.
    ///
    /// A currency code written in the cell must be the row's currency: `12.00 USD` in a EUR row
    /// is refused rather than read as euros.
    ///
    /// The number the read-ahead thread read (``RowPreparer``), the usual case, is taken here
    /// inline: the call cost a tenth of the amount's handling on the drafting thread.
    @inline(__always)
    mutating func number(_ row: CSVRow, _ position: Int, currency: Currency) throws(CSVError)
        -> DecimalNumber?
    {
        let prepared = row.prepared.numbers.number(at: position)
        if let prepared, let plain = prepared { return plain }
        return try unpreparedNumber(row, position, currency: currency, readAhead: prepared != nil)
    }

    /// ``number(_:_:currency:)`` for a cell the read-ahead thread didn't read, or (`readAhead`)
    /// read no plain number from.
    private mutating func unpreparedNumber(_ row: CSVRow, _ position: Int, currency: Currency, readAhead: Bool)
        throws(CSVError) -> DecimalNumber?
    {
        if !readAhead, let plain = row.withPlainField(position, { self.syntax.plainNumber($0) }) { return plain }
        if row.isEmpty(position) { return nil }
        let syntax = self.syntax
        // Borrow the scratch buffer (a copy would make every append reallocate it).
        var scratch: [UInt8] = []
        swap(&scratch, &self.scratch)
        defer { swap(&scratch, &self.scratch) }
        var code: String?
        var number = try row.withField(position) { (bytes) throws(CSVError) -> DecimalNumber? in
            FieldDecoder.isASCII(bytes) ? syntax.number(bytes, scratch: &scratch, code: &code) : nil
        }
        if number == nil {
            var text = try text(row, position)
            number = text.withUTF8 { syntax.number($0, scratch: &scratch, code: &code) }
            if number == nil { throw bad(row, position, text, syntax.expectation) }
        }
        if let code, code != currency.code {
            throw bad(row, position, try text(row, position), "an amount in \(currency.code), the row's currency")
        }
        return number
    }

    @inline(__always)
    mutating func exact(_ number: DecimalNumber, _ row: CSVRow, _ position: Int, currency: Currency)
        throws(CSVError) -> (Money, Direction)
    {
        do {
            return try Money.exactly(number, currency: currency)
        } catch {
            let text = (try? self.text(row, position)) ?? ""
            switch error {
            case .tooPrecise:
                throw bad(
                    row, position, text, "an amount with at most \(currency.minorDigits) decimals for \(currency.code)")
            case .overflow:
                throw bad(row, position, text, "an amount of \(Money.largestAmountText)")
            }
        }
    }

    private mutating func money(of row: CSVRow, currency: Currency) throws(CSVError) -> (Money, Direction) {
        var result: (Money, Direction)
        switch amount {
        case .signed(let position):
            guard let number = try number(row, position, currency: currency) else {
                throw bad(row, position, "", syntax.expectation)
            }
            result = try exact(number, row, position, currency: currency)
        case .debitCredit(let debitPosition, let creditPosition):
            let debit = try number(row, debitPosition, currency: currency).map { (number) throws(CSVError) in
                try exact(number, row, debitPosition, currency: currency).0
            }
            let credit = try number(row, creditPosition, currency: currency).map { (number) throws(CSVError) in
                try exact(number, row, creditPosition, currency: currency).0
            }
            switch (debit, credit) {
            case (nil, nil):
                let columns = "\"\(binding.name(at: debitPosition))\" or \"\(binding.name(at: creditPosition))\""
                throw bad(row, debitPosition, "", "\(syntax.expectation) in \(columns)")
            case (let debit?, nil): result = (debit, .debit)
            case (nil, let credit?): result = (credit, .credit)
            case (let debit?, let credit?):
                if debit.isZero {
                    result = (credit, .credit)
                } else if credit.isZero {
                    result = (debit, .debit)
                } else {
                    let found = (try? text(row, creditPosition)) ?? ""
                    throw bad(
                        row, creditPosition, found,
                        "blank or 0 when \"\(binding.name(at: debitPosition))\" has an amount")
                }
            }
        case .indicator(let position, let indicatorPosition):
            guard let number = try number(row, position, currency: currency) else {
                throw bad(row, position, "", syntax.expectation)
            }
            result = try exact(number, row, position, currency: currency)
            let indicated: Direction
            if let known = knownIndicators.first(where: { row.field(indicatorPosition, equals: $0.bytes) }) {
                indicated = known.direction
            } else if debitWords.contains(try text(row, indicatorPosition).lowercased()) {
                indicated = .debit
                if knownIndicators.count < 8 { knownIndicators.append((row.bytes(of: indicatorPosition), .debit)) }
            } else if creditWords.contains(try text(row, indicatorPosition).lowercased()) {
                indicated = .credit
                if knownIndicators.count < 8 { knownIndicators.append((row.bytes(of: indicatorPosition), .credit)) }
            } else {
                let word = try text(row, indicatorPosition)
                let words = (debitWords.sorted() + creditWords.sorted()).joined(separator: ", ")
                throw bad(row, indicatorPosition, word, "a direction word (one of \(words))")
            }
            result.1 = result.1 == .debit ? indicated.reversed() : indicated
        }
        if invertSign && !result.0.isZero { result.1.reverse() }
        return result
    }

    @inline(__always)
    private mutating func balance(of row: CSVRow, currency: Currency) throws(CSVError) -> Int64? {
        guard let balancePosition, let number = try number(row, balancePosition, currency: currency) else { return nil }
        // The usual cell, with as many decimals as the minor unit: the units as written, the
        // same as `Money.exactly` gives, with no `Money` made only to be taken apart again.
        if number.fractionDigits == currency.minorDigits, let units = Int64(exactly: number.significand) {
            let signed = number.isNegative ? -units : units
            return invertSign ? -signed : signed
        }
        let (money, direction) = try exact(number, row, balancePosition, currency: currency)
        let signed = money.signedMinorUnits(direction)
        return invertSign ? -signed : signed
    }

    func bad(_ row: CSVRow, _ position: Int, _ found: String, _ expected: String) -> CSVError {
        CSVError(
            .badValue(column: binding.name(at: position), found: found, expected: expected),
            at: row.location(of: position, file: file))
    }
}
