import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// MT942 interim transaction reports: currency from `:34F:`, totals checked, lines booked.
@Suite("MT942 interim reports")
struct MT942Tests {
    static func report(lines: [String], totals: [String]) -> [String] {
        [":20:942", ":25:37040044/0532013000", ":28C:1/1", ":34F:EURD0,", ":13D:2403051530+0100"] + lines + totals + [
            "-"
        ]
    }

    static let lines = [
        ":61:2403050305DR89,99NDDTNONREF//A1", ":86:?20Mobilfunk", ":61:2403050305CR1200,00NTRFNONREF//A2",
        ":86:?20Miete", ":61:2403050305DR4,20NMSCNONREF",
    ]

    @Test("lines of an MT942 are pending drafts in the :34F: currency, with no statement balance")
    func pendingLines() {
        let run = readMT940(Self.report(lines: Self.lines, totals: [":90D:2EUR94,19", ":90C:1EUR1200,00"]))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.status) == [.pending, .pending, .pending])
        #expect(run.drafts.map(\.amount.currency.code) == ["EUR", "EUR", "EUR"])
        #expect(run.balances.isEmpty)
        #expect(run.accounts.first?.currency?.code == "EUR")
    }

    @Test("with mt942=booked the lines of an MT942 are booked drafts")
    func bookedLines() {
        var options = AdapterOptions()
        options.settings["mt942"] = "booked"
        let run = readMT940(
            Self.report(lines: Self.lines, totals: [":90D:2EUR94,19", ":90C:1EUR1200,00"]), options: options)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.status) == [.booked, .booked, .booked])
    }

    @Test("totals that differ from the lines stop the report before any of its drafts")
    func totalsMismatch() {
        let run = readMT940(Self.report(lines: Self.lines, totals: [":90D:2EUR90,00", ":90C:1EUR1200,00"]))
        #expect(
            run.error?.contains(":90D: states 2 debit entries of 90.00 EUR but the message's lines make 2 of 94.19 EUR")
                == true, "\(run.error ?? "")")
        #expect(run.drafts.isEmpty)
    }

    @Test("a count that differs from the lines is refused too")
    func countMismatch() {
        let run = readMT940(Self.report(lines: Self.lines, totals: [":90C:2EUR1200,00"]))
        #expect(run.error?.contains(":90C: states 2 credit entries") == true, "\(run.error ?? "")")
    }

    @Test("lines whose total overflows are refused at the line, not summed wrapping around")
    func totalOverflow() {
        let huge = ":61:2403050305DR92233720368547758,07NMSCNONREF"
        let run = readMT940(Self.report(lines: [huge, huge], totals: [":90D:2EUR1,00"]))
        #expect(run.error?.contains("is too large") == true, "\(run.error ?? "")")
        #expect(run.errorLocation?.line == 7)
    }

    @Test("a report without :34F: has no currency for its lines")
    func noCurrency() {
        let run = readMT940([":20:942", ":25:1/2", ":13D:2403051530+0100", ":61:2403050305DR1,00NMSCNONREF", "-"])
        #expect(run.error?.contains("no :60F: field") == true, "\(run.error ?? "")")
    }
}
