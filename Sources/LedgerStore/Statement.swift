import CSQLite
import LedgerCore

/// A compiled SQL statement with typed bindings; finalized when released.
///
/// Prepare once, then bind, step and reset for each row. Parameters are 1-based, as in SQLite.
final class Statement {
    private let handle: OpaquePointer
    private let database: Database
    /// The SQL text, for error messages (never the bound values).
    let sql: String

    init(handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds an integer. Calls `sqlite3_bind_int64`.
    func bind(_ index: Int32, _ value: Int64) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, index, value), "sqlite3_bind_int64")
    }

    /// Binds an integer, or NULL. Calls `sqlite3_bind_int64` or `sqlite3_bind_null`.
    func bind(_ index: Int32, _ value: Int64?) throws(StoreError) {
        guard let value else { return try bindNull(index) }
        try bind(index, value)
    }

    /// Binds text, or NULL: its bytes read where they are (``DraftText/withUTF8(_:)``). Calls
    /// `sqlite3_bind_text`.
    func bind(_ index: Int32, _ value: String?) throws(StoreError) {
        guard let value else { return try bindNull(index) }
        try bind(index, DraftText(value))
    }

    /// Binds a draft's text from its bytes where they are (no `String` made for shared bytes; a
    /// native or small string read in place, any other made native first). Calls `sqlite3_bind_text`.
    func bind(_ index: Int32, _ value: DraftText) throws(StoreError) {
        try check(value.withUTF8 { bindText(index, $0) }, "sqlite3_bind_text")
    }

    /// Binds UTF-8 bytes as text, copied by SQLite. Calls `sqlite3_bind_text`.
    private func bindText(_ index: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return sqlite3_bind_text(handle, index, "", 0, transientDestructor)
        }
        return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
            sqlite3_bind_text(handle, index, pointer, Int32(buffer.count), transientDestructor)
        }
    }

    /// Binds a day as `YYYY-MM-DD` text, or NULL, without building a string. Calls `sqlite3_bind_text`.
    func bind(_ index: Int32, _ day: Day?) throws(StoreError) {
        guard let day else { return try bindNull(index) }
        let code = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 10) { buffer -> Int32 in
            let digits = (day.year, day.month, day.day)
            func put(_ value: Int, _ count: Int, at offset: Int) {
                var value = value
                for position in stride(from: offset + count - 1, through: offset, by: -1) {
                    buffer[position] = CChar(48 + value % 10)
                    value /= 10
                }
            }
            put(digits.0, 4, at: 0)
            buffer[4] = 45
            put(digits.1, 2, at: 5)
            buffer[7] = 45
            put(digits.2, 2, at: 8)
            return sqlite3_bind_text(handle, index, buffer.baseAddress, 10, transientDestructor)
        }
        try check(code, "sqlite3_bind_text")
    }

    /// Binds a constant text that lives as long as the program, without copying it. Calls
    /// `sqlite3_bind_text` with `SQLITE_STATIC`.
    func bind(_ index: Int32, constant: StaticString) throws(StoreError) {
        // A static string's bytes live as long as the program: SQLite may keep the pointer.
        let pointer = UnsafeRawPointer(constant.utf8Start).assumingMemoryBound(to: CChar.self)
        let code = sqlite3_bind_text(handle, index, pointer, Int32(constant.utf8CodeUnitCount), nil)
        try check(code, "sqlite3_bind_text")
    }

    /// Binds NULL. Calls `sqlite3_bind_null`.
    func bindNull(_ index: Int32) throws(StoreError) {
        try check(sqlite3_bind_null(handle, index), "sqlite3_bind_null")
    }

    /// Advances to the next row. Calls `sqlite3_step`.
    ///
    /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
    @discardableResult
    func step() throws(StoreError) -> Bool {
        #if DEBUG
            if let code = database.faults.countStep() {
                throw database.error("sqlite3_step", code: code, message: "injected by a fault test", sql: sql)
            }
        #endif
        let code = ResultCode(rawValue: sqlite3_step(handle))
        switch code {
        case .row: return true
        case .done: return false
        default: throw database.error("sqlite3_step", code: code, sql: sql)
        }
    }

    /// Clears the bindings and rewinds, ready for the next row. Calls `sqlite3_reset`.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Rewinds, ready for the next row, keeping the bindings: for a caller that binds every
    /// parameter again before the next step. Calls `sqlite3_reset`.
    func rewind() {
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion with the given bindings.
    func run(_ bindings: [Binding] = []) throws(StoreError) {
        reset()
        try bindAll(bindings)
        while try step() {}
    }

    /// Runs a query and maps every row.
    func rows<T>(_ bindings: [Binding] = [], _ map: (Statement) throws(StoreError) -> T) throws(StoreError) -> [T] {
        reset()
        try bindAll(bindings)
        var result: [T] = []
        while try step() { result.append(try map(self)) }
        return result
    }

    /// Runs a query and hands each row to `body` as it is stepped to, until `body` returns
    /// `false` or the rows run out; nothing is gathered.
    ///
    /// - Returns: how many rows were stepped to.
    @discardableResult
    func forEachRow(_ bindings: [Binding] = [], _ body: (Statement) throws(StoreError) -> Bool) throws(StoreError)
        -> Int
    {
        reset()
        try bindAll(bindings)
        var count = 0
        while try step() {
            count += 1
            guard try body(self) else { break }
        }
        return count
    }

    /// How many columns a row of the statement has. Calls `sqlite3_column_count`.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Whether a column is NULL. Calls `sqlite3_column_type`.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// An integer column. Calls `sqlite3_column_int64`.
    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// An integer column or nil when NULL.
    func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }

    /// A text column ("" for NULL). Calls `sqlite3_column_text`.
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// A text column or nil when NULL.
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// A text column's bytes, valid until the next step; empty for NULL. Calls `sqlite3_column_text`.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_text(handle, column) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// A text column, or `known` when the column holds its bytes: a listing's account name or a
    /// rule's value repeats row after row, and is then read without building a string.
    func text(_ column: Int32, reusing known: String) -> String {
        holds(column, known) ? known : text(column)
    }

    /// Whether a text column holds exactly `text`'s bytes (NULL holds none).
    func holds(_ column: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { expected in holds(column, expected) }
    }

    private func holds(_ column: Int32, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let column = bytes(column)
        guard expected.count == column.count else { return false }
        for index in 0..<expected.count where expected[index] != column[index] { return false }
        return true
    }

    /// A `YYYY-MM-DD` text column as a day, read from its bytes; `nil` when NULL or not a day.
    func day(_ column: Int32) -> Day? {
        let text = bytes(column)
        guard text.count == 10, text[4] == 0x2D, text[7] == 0x2D else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = text[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    private func bindAll(_ bindings: [Binding]) throws(StoreError) {
        for (offset, binding) in bindings.enumerated() {
            let index = Int32(offset + 1)
            switch binding {
            case .int(let value): try bind(index, value)
            case .text(let value): try bind(index, value)
            case .null: try bindNull(index)
            }
        }
    }

    private func check(_ code: Int32, _ function: String) throws(StoreError) {
        guard code == SQLITE_OK else { throw database.error(function, code: ResultCode(rawValue: code), sql: sql) }
    }
}

/// A value to bind to a `?` placeholder.
enum Binding {
    case int(Int64)
    case text(String)
    case null

    static func optional(_ value: Int64?) -> Binding { value.map(Binding.int) ?? .null }
    static func optional(_ value: String?) -> Binding { value.map(Binding.text) ?? .null }
}

/// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes now.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

@available(*, unavailable)
extension Statement: Sendable {}
