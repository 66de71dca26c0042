import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// `:86:` information to the account owner: German/Polish subfields, Dutch keywords, plain text.
@Suite("MT940 :86: information")
struct MT940InformationTests {
    static func draft(_ information: [String]) throws -> Draft {
        let run = readMT940(
            [":20:T", ":25:10050000/0123456789", ":28C:1/1", ":60F:C240101EUR0,", ":61:2401020102D1,00NTRFNONREF"]
                + information + [":62F:D240102EUR1,00", "-"])
        return try #require(run.drafts.first, "\(run.error ?? "no draft")")
    }

    @Test("SEPA keywords cut across ?2x subfields are joined before the purpose is split by them")
    func sepaAcrossSubfields() throws {
        let draft = try Self.draft([
            ":86:116?00ONLINE-UEBERWEISUNG?20EREF+RE-2024-117 KREF+SAM?21MEL-0304 SVWZ+Rechnung 117 ?22vom 15.0",
            "2.2024 ABWA+Hausverwaltung?32Wohnungsbaugenossenschaft Mü?33nchen-Süd eG",
        ])
        #expect(draft.description == "Rechnung 117 vom 15.02.2024")
        #expect(draft.payee == "Wohnungsbaugenossenschaft München-Süd eG")
        #expect(draft.memo == "ONLINE-UEBERWEISUNG; EREF+RE-2024-117; KREF+SAMMEL-0304; ABWA+Hausverwaltung")
    }

    @Test("a purpose without SEPA keywords joins its subfields with a space")
    func legacyPurpose() throws {
        let draft = try Self.draft([":86:805?00ENTGELTABSCHLUSS?20Kontoführung?21Abrechnung 02/2024"])
        #expect(draft.description == "Kontoführung Abrechnung 02/2024")
        #expect(draft.payee == nil)
    }

    @Test("the booking text describes a booking without a purpose")
    func bookingTextOnly() throws {
        let draft = try Self.draft([":86:835?00ABSCHLUSS"])
        #expect(draft.description == "ABSCHLUSS")
    }

    @Test("the mandate reference and the counterparty's account stay in the memo")
    func references() throws {
        let draft = try Self.draft([
            ":86:105?00LASTSCHRIFT?20EREF+E1?21MREF+M-0815?22SVWZ+Strom?30BYLADEM1001?31DE02120300000000202051?32Stadtwerke"
        ])
        #expect(draft.memo == "LASTSCHRIFT; EREF+E1; MREF+M-0815; account DE02120300000000202051 BYLADEM1001")
    }

    @Test("Polish subfields with ^ and < read like German ones", arguments: ["^", "<", "~"])
    func polishSeparators(separator: String) throws {
        let s = separator
        let draft = try Self.draft([
            ":86:020\(s)00PRZELEW\(s)20Faktura 1\(s)21/2024\(s)32Firma Testowa\(s)38PL10105000997603123456789123"
        ])
        #expect(draft.description == "Faktura 1 /2024")
        #expect(draft.payee == "Firma Testowa")
        #expect(draft.memo == "PRZELEW; account PL10105000997603123456789123")
    }

    @Test("the Dutch /TRTP/ layout gives REMI as description and NAME as payee, cut lines joined")
    func dutch() throws {
        let draft = try Self.draft([
            ":86:/TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/NAM",
            "E/J. DE VRIES/REMI/Factuur 17/EREF/E-1/",
        ])
        #expect(draft.description == "Factuur 17")
        #expect(draft.payee == "J. DE VRIES")
        #expect(draft.memo == "SEPA OVERBOEKING; EREF+E-1; account NL44RABO0123456789 RABONL2U")
    }

    @Test("ING's /CNTP/ and /REMI/USTD// give the name and the free text")
    func ing() throws {
        let draft = try Self.draft([
            ":86:/EREF/X-1//CNTP/NL08RABO0123456789/RABONL2U/Energie BV///REMI/USTD//Termijn maart/"
        ])
        #expect(draft.description == "Termijn maart")
        #expect(draft.payee == "Energie BV")
        #expect(draft.memo == "EREF+X-1; account NL08RABO0123456789")
    }

    @Test("plain text joins lines cut at 65 characters without a space and shorter ones with one")
    func plainText() throws {
        let full = String(repeating: "A", count: 61)  // 65 with the tag
        let draft = try Self.draft([":86:\(full)", "BC DEF", "GHI"])
        #expect(draft.description == full + "BC DEF GHI")
        #expect(draft.payee == nil)
    }

    /// Fields in ASCII take a faster reader than fields with a byte above ASCII; a letter in the
    /// ignored `?10` subfield sends the same field the general way, which must read it alike.
    @Test(
        "a subfield field reads the same in ASCII as when a letter above ASCII sends it the general way",
        arguments: [
            "105?10_?00LASTSCHRIFT?20EREF+E2E-1 MREF+M-0?21815 SVWZ+Strom Jan?22uar?30BYLADEM1001"
                + "?31DE02120300000000202051?32Stadtwerke Musterst?33adt GmbH",
            "166?10_?20Rechnung 4711 vom 01.02.?21 2024 danke ?22 ?32  Max  Beispiel ?30 BANK ",
            "020^10_^00PRZELEW^20Faktura 1^21/2024^31   ^38PL10105000997603123456789123^32Firma",
            "835?10_?00ABSCHLUSS?00 ZWEI ?31   ?30BYLADEM1001",
            "?10_?20Miete EREF+?21 KREF+K1?22SVWZ+?23ABWA+ Hausverwaltung",
            "?10_?20SVWZ+Test BIC+GENODEF1?21IBAN+DE02?22EREF+A?23EREF+B?60Zusatz",
            "?10_?20Zahlung aus Vertrag 123456789?21012 Restbetrag?32Beispiel Versand AG",
        ])
    func asciiReadsAsGeneral(information: String) throws {
        let ascii = try Self.draft([":86:" + information.replacingOccurrences(of: "_", with: "X")])
        let general = try Self.draft([":86:" + information.replacingOccurrences(of: "_", with: "Ä")])
        #expect(ascii.description == general.description)
        #expect(ascii.payee == general.payee)
        #expect(ascii.memo == general.memo)
        #expect(!ascii.description.isEmpty)
    }

    @Test("Windows-1252 and UTF-8 text read as the same letters")
    func encodings() throws {
        let head = ":20:T\r\n:25:1/2\r\n:60F:C240101EUR0,\r\n:61:2401020102D1,00NTRFNONREF\r\n:86:?20Gebühr März\r\n"
        let tail = ":62F:D240102EUR1,00\r\n-\r\n"
        var latin = Array(head.utf8)
        latin.replaceSubrange(latin.firstIndex(of: 0xC3)!..<(latin.firstIndex(of: 0xC3)! + 2), with: [0xFC])
        latin.replaceSubrange(latin.firstIndex(of: 0xC3)!..<(latin.firstIndex(of: 0xC3)! + 2), with: [0xE4])
        let utf8Run = runAdapter(MT940Format.self, bytes: Array((head + tail).utf8))
        let latinRun = runAdapter(MT940Format.self, bytes: latin + Array(tail.utf8))
        #expect(utf8Run.drafts.first?.description == "Gebühr März")
        #expect(latinRun.drafts.first?.description == "Gebühr März")
    }
}
