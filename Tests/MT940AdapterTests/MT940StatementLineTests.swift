import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// `:61:` statement lines: dates, marks, amounts, references.
@Suite("MT940 statement lines")
struct MT940StatementLineTests {
    static func statement(_ lines: [String], currency: String = "EUR") -> [String] {
        [":20:T", ":25:10050000/0123456789", ":28C:1/1", ":60F:C231201\(currency)0,"] + lines + ["-"]
    }

    static func onlyDraft(_ lines: [String], currency: String = "EUR") throws -> Draft {
        let run = readMT940(statement(lines, currency: currency))
        return try #require(run.drafts.first, "\(run.error ?? "no draft")")
    }

    @Test(
        "the entry date's year is inferred from the value date across a year boundary, both ways",
        arguments: [
            ("2312290102", "2024-01-02"),  // December value date, January entry: the next year
            ("2401021229", "2023-12-29"),  // January value date, December entry: the year before
            ("2406150614", "2024-06-14"),
            ("2402290301", "2024-03-01"),
            ("2403010229", "2024-02-29"),  // a leap day in the value date's year
        ])
    func entryYear(dates: String, booked: String) throws {
        let draft = try Self.onlyDraft([":61:\(dates)DR1,00NMSCNONREF"])
        #expect(draft.bookingDay.description == booked)
    }

    @Test("without an entry date the value date is the booking day")
    func valueDateAlone() throws {
        let draft = try Self.onlyDraft([":61:240131C5,NTRFNONREF"])
        #expect(draft.bookingDay.description == "2024-01-31")
        #expect(draft.direction == .credit)
    }

    @Test(
        "C and RD are money in, D and RC money out, with or without the currency's third letter",
        arguments: [
            ("C", Direction.credit), ("D", .debit), ("RC", .debit), ("RD", .credit), ("CR", .credit), ("DR", .debit),
            ("RCR", .debit), ("RDR", .credit),
        ])
    func marks(mark: String, direction: Direction) throws {
        let draft = try Self.onlyDraft([":61:2401020102\(mark)12,34NTRFNONREF"])
        #expect(draft.direction == direction)
        #expect(draft.amount.minorUnits == 1234)
    }

    @Test("a reversal says so in the memo")
    func reversalMemo() throws {
        let draft = try Self.onlyDraft([":61:2401020102RC12,34NRTINONREF"])
        #expect(draft.memo.contains("reversal"))
    }

    @Test(
        "amounts are exact minor units of the statement's currency",
        arguments: [
            ("EUR", "1234,56", Int64(123_456)), ("EUR", "100,", 10000), ("EUR", "0,5", 50), ("JPY", "1500,", 1500),
            ("BHD", "1,234", 1234), ("EUR", "00012,30", 1230),
        ])
    func amounts(currency: String, amount: String, minorUnits: Int64) throws {
        let draft = try Self.onlyDraft([":61:2401020102D\(amount)NTRFNONREF"], currency: currency)
        #expect(draft.amount.minorUnits == minorUnits)
        #expect(draft.amount.currency.code == currency)
    }

    @Test(
        "an amount that is not digits with one decimal comma is refused where it stands",
        arguments: ["12.50", "1,2,3", "12", ",50"])
    func badAmounts(amount: String) {
        let run = readMT940(Self.statement([":61:2401020102D\(amount)NTRFNONREF"]))
        #expect(run.error?.contains("is not an amount") == true, "\(run.error ?? "")")
        #expect(run.errorLocation?.line == 5)
        #expect(run.errorLocation?.column == 16)
    }

    @Test("an amount finer than the currency is refused, not rounded")
    func tooPrecise() {
        let run = readMT940(Self.statement([":61:2401020102D1,5NTRFNONREF"], currency: "JPY"))
        #expect(run.error?.contains("more decimals than JPY allows") == true, "\(run.error ?? "")")
    }

    @Test("an impossible date is refused with its location", arguments: ["240230", "241301", "24013"])
    func badDates(date: String) {
        let run = readMT940(Self.statement([":61:\(date)D1,00NTRFNONREF"]))
        #expect(
            run.error?.contains("not a date") == true || run.error?.contains("not valid") == true, "\(run.error ?? "")")
        #expect(run.errorLocation?.line == 5)
    }

    @Test("the bank reference after // with the booking day is the external id; NONREF and a missing one give none")
    func bankReference() throws {
        let run = readMT940(
            Self.statement([
                ":61:2401020102D1,00NTRFKD-4711//BR240102-0815", ":61:2401020102D2,00NTRFNONREF//NONREF",
                ":61:2401020102D3,00NTRFNONREF",
            ]))
        #expect(run.drafts.map(\.externalID) == ["BR240102-0815@2024-01-02", nil, nil])
        #expect(run.drafts.first?.memo == "ref KD-4711")
    }

    @Test(
        "a bank reference repeated for a different booking gives way to the fingerprint; a repeat of the same booking keeps it"
    )
    func repeatedBankReference() throws {
        let run = readMT940(
            Self.statement([
                ":61:2401020102D1,00NTRFNONREF//SAME", ":86:Coffee", ":61:2401020102D1,00NTRFNONREF//SAME",
                ":86:Coffee",
                ":61:2401020102D9,00NTRFNONREF//SAME", ":86:Lunch",
            ]))
        #expect(run.drafts.map(\.externalID) == ["SAME@2024-01-02", "SAME@2024-01-02", nil])
    }

    @Test("a bank reference reused on another day is another booking: its id carries that day")
    func referenceReusedOnAnotherDay() throws {
        let run = readMT940(
            Self.statement([
                ":61:2401020102D1,00NTRFNONREF//1", ":86:Rent", ":61:2401030103D2,50NTRFNONREF//1", ":86:Groceries",
            ]))
        #expect(run.drafts.map(\.externalID) == ["1@2024-01-02", "1@2024-01-03"])
    }

    @Test("supplementary details on the next line describe a line without :86:")
    func supplementaryDetails() throws {
        let draft = try Self.onlyDraft([":61:2401020102D1,00NCHGNONREF//B1", "/TRCD/01028/"])
        #expect(draft.description == "/TRCD/01028/")
    }

    @Test("a line without :86: or details is described by its transaction type")
    func typeCodeDescription() throws {
        let draft = try Self.onlyDraft([":61:2401020102D1,00NCHGNONREF"])
        #expect(draft.description == "NCHG")
    }
}
