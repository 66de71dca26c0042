import LedgerCore
import LedgerTestSupport
import QIFAdapter
import Testing

/// The day/month order is settled once per file: by a date that reads one way only, or by the
/// option `date-order`; never guessed row by row.
@Suite("QIF date order")
struct QIFDateOrderTests {
    static let ambiguous = "!Type:Bank\nD01/02/2024\nT-10.00\nPFirst\n^\nD03/04/2024\nT-20.00\nPSecond\n^\n"

    func read(_ text: String, order: String? = nil) -> AdapterRun {
        runAdapter(
            QIFFormat.self, bytes: Array(text.utf8), name: "bank.qif",
            options: AdapterOptions(
                settings: order.map { ["date-order": $0] } ?? [:], fileName: "bank.qif", currency: .USD))
    }

    @Test("a file whose dates all read both ways is refused, naming the first and the option")
    func ambiguousRefused() {
        let run = read(Self.ambiguous)
        #expect(run.drafts.isEmpty)
        #expect(run.error?.contains("bank.qif:2:2:") == true, "\(run.error ?? "")")
        #expect(run.error?.contains("date-order=dmy") == true)
    }

    @Test(
        "the same file is read with the order the option names",
        arguments: [("dmy", "2024-02-01"), ("mdy", "2024-01-02")])
    func optionSettles(order: String, first: String) {
        let run = read(Self.ambiguous, order: order)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.bookingDay.description).first == first)
        #expect(run.drafts.count == 2)
    }

    @Test("a date that contradicts the option is a located error")
    func optionContradicted() {
        let run = read("!Type:Bank\nD01/31/2024\nT-10.00\n^\n", order: "dmy")
        #expect(
            run.error?.hasPrefix("bank.qif:2:2: error: D \"01/31/2024\" can't be read day-first") == true,
            "\(run.error ?? "")")
    }

    @Test("an unknown date-order value is refused when the adapter is made")
    func badOption() {
        #expect(throws: QIFError.self) {
            try QIFFormat(options: AdapterOptions(settings: ["date-order": "ymd"]))
        }
    }

    @Test("records held while the order is unsettled come out in file order, the account event before them")
    func heldInOrder() {
        let text = """
            !Account
            NChecking
            TBank
            ^
            !Type:Bank
            D01/02/2024
            T-10.00
            PHeld
            ^
            !Account
            NSavings
            TBank
            ^
            !Type:Bank
            D02/03/2024
            T-5.00
            PHeld too
            ^
            D25/03/2024
            T1.00
            PSettles day-first
            ^

            """
        let run = read(text)
        #expect(run.error == nil, "\(run.error ?? "")")
        let order = run.events.map { event -> String in
            switch event {
            case .account(let account): return "account \(account.name)"
            case .draft(let draft): return "draft \(draft.account) \(draft.bookingDay)"
            default: return "other"
            }
        }
        #expect(
            order == [
                "account Checking", "draft Checking 2024-02-01", "account Savings", "draft Savings 2024-03-02",
                "draft Savings 2024-03-25",
            ])
    }

    @Test("a year-first date or one whose day and month are equal needs no order")
    func orderFree() {
        let run = read("!Type:Bank\nD2024-01-02\nT-1.00\n^\nD05/05/2024\nT-1.00\n^\n")
        #expect(run.error == nil)
        #expect(run.drafts.map(\.bookingDay.description) == ["2024-01-02", "2024-05-05"])
    }

    @Test(
        "two-digit years: after an apostrophe the 2000s, else 00-68 the 2000s and 69-99 the 1900s",
        arguments: [
            ("12/31'99", "2099-12-31"), ("12/31/99", "1999-12-31"), ("12/31/69", "1969-12-31"),
            ("12/31/68", "2068-12-31"), ("1/31' 5", "2005-01-31"), ("01-31-24", "2024-01-31"),
        ])
    func twoDigitYears(text: String, day: String) {
        let run = read("!Type:Bank\nD\(text)\nT-1.00\n^\n")
        #expect(run.drafts.first?.bookingDay.description == day, "\(run.error ?? "")")
    }

    @Test(
        "text that isn't a date is a located error",
        arguments: ["", "1/2", "1//2024", "1/2/3/4", "12 3/4/2024", "Jan 5 2024", "2/30/2024"])
    func notADate(text: String) {
        let run = read("!Type:Bank\nD\(text)\nT-1.00\n^\n")
        #expect(run.error?.hasPrefix("bank.qif:2:2: error: D") == true, "\(text): \(run.error ?? "no error")")
    }
}
