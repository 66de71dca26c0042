import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// OFX dates and datetimes (`DTPOSTED`, `DTUSER`, `DTASOF`), read through the public adapter.
@Suite("OFXDateTime")
struct OFXDateTimeTests {
    static let days: [(String, String)] = [
        ("20240115", "2024-01-15"),
        ("20240115000000.000[-12]", "2024-01-15"),  // midnight at the westernmost offset
        ("20240115000000.000[-12:BIT]", "2024-01-15"),
        ("20240115235959.999[+14]", "2024-01-15"),  // last second at the easternmost offset
        ("20240115235959[+14:LINT]", "2024-01-15"),
        ("20240115233000[5.75:NPT]", "2024-01-15"),  // fractional offset, late evening
        ("20240115001500[5.75]", "2024-01-15"),  // fractional offset, just after midnight
        ("20240131213000.000[-5:EST]", "2024-01-31"),  // evening in New York is the next day in UTC
        ("20240229235959", "2024-02-29"),  // no zone: as written
        ("20240301000000[0:GMT]", "2024-03-01"),
        ("20240301000000[-3.5:NST]", "2024-03-01"),
        ("20240301000000[-0330]", "2024-03-01"),
        ("202403010000", "2024-03-01"),  // HHMM without seconds
        ("20241231235960", "2024-12-31"),  // a leap second
        ("  20240115  ", "2024-01-15"),
        ("20240115120000.000[-:EST]", "2024-01-15"),  // a name and no offset
        ("20240131233000.000[-:EST]", "2024-01-31"),  // late evening stays on its day
        ("20240201003000.000[:GMT]", "2024-02-01"),
        ("20240115235959[+]", "2024-01-15"),  // a sign alone
        ("20240115000000[-]", "2024-01-15"),
        ("20240115220000[:XYZ]", "2024-01-15"),  // a name no table knows: still the written day
        ("20240115220000[ -:pst]", "2024-01-15"),
    ]

    @Test("the booking day is the calendar day in the file's stated zone, never shifted", arguments: days)
    func bookingDay(text: String, day: String) {
        let run = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(posted: text)])]))
        #expect(run.error == nil)
        #expect(run.drafts.first?.bookingDay.description == day)
    }

    @Test("DTUSER becomes the transaction day and DTPOSTED the booking day")
    func transactionDay() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([
                    TestDocument.transaction(
                        posted: "20240302120000[-8:PST]", extra: "<DTUSER>20240301230000[-8:PST]\n")
                ])
            ]))
        #expect(run.drafts.first?.bookingDay.description == "2024-03-02")
        #expect(run.drafts.first?.transactionDay?.description == "2024-03-01")
    }

    static let badDates = [
        "20240230", "20230229", "20241301", "20240001", "2024011", "2024-01-15", "20240115250000", "20240115126000",
        "20240115120061", "20240115120000[+99]", "20240115120000[-5:EST", "20240115120000[x]", "20240115.5", "",
        "2024011512", "20240115120000.[-5]", "20240115120000[-:E$T]", "20240115120000[+-]", "20240115120000[:EST:]",
        "20240115120000[]", "20240115120000[:]", "20240115120000[-:]",
    ]

    @Test("a date that is not a real day or time is an error at the element, never a guess", arguments: badDates)
    func badDate(text: String) {
        let document = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(posted: text)])])
        let run = TestDocument.read(document)
        #expect(run.drafts.isEmpty)
        let line = TestDocument.line(of: "<DTPOSTED>", in: document)
        #expect(run.error?.hasPrefix("test.ofx:\(line):1: error: <DTPOSTED> \"") == true, "\(run.error ?? "no error")")
        #expect(run.error?.contains("is not a date") == true)
    }

    @Test("February 30 is refused with the compiler-style message")
    func februaryThirtieth() {
        let document = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(posted: "20240230")])])
        let line = TestDocument.line(of: "<DTPOSTED>", in: document)
        #expect(
            TestDocument.read(document, name: "jan.ofx").error
                == "jan.ofx:\(line):1: error: <DTPOSTED> \"20240230\" is not a date; expected YYYYMMDD, optionally HHMMSS, .XXX and [offset:TZ], naming a real day"
        )
    }
}
