import CamtAdapter
import LedgerCore
import LedgerTestSupport

/// Small camt documents written in tests, so that each test shows the elements it is about.
enum CamtTestDocument {
    /// One `Ntry`.
    static func entry(
        amount: String = "10.00", indicator: String = "DBIT", status: String = "<Sts><Cd>BOOK</Cd></Sts>",
        booking: String = "<BookgDt><Dt>2024-03-01</Dt></BookgDt>", reference: String? = "REF-1", extra: String = ""
    ) -> String {
        var text = "<Ntry><Amt Ccy=\"EUR\">\(amount)</Amt><CdtDbtInd>\(indicator)</CdtDbtInd>\(status)\(booking)"
        if let reference { text += "<AcctSvcrRef>\(reference)</AcctSvcrRef>" }
        return text + "\(extra)</Ntry>\n"
    }

    /// One `Bal`.
    static func balance(_ code: String, _ amount: String, _ indicator: String = "CRDT", day: String = "2024-03-01")
        -> String
    {
        "<Bal><Tp><CdOrPrtry><Cd>\(code)</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">\(amount)</Amt>"
            + "<CdtDbtInd>\(indicator)</CdtDbtInd><Dt><Dt>\(day)</Dt></Dt></Bal>\n"
    }

    /// A camt.053 (or `kind`) document of one statement with these balances and entries.
    static func statement(
        _ body: String, kind: String = "053", version: String = "08", iban: String = "DE12500105170648489890"
    ) -> String {
        let (container, item) =
            switch kind {
            case "052": ("BkToCstmrAcctRpt", "Rpt")
            case "054": ("BkToCstmrDbtCdtNtfctn", "Ntfctn")
            default: ("BkToCstmrStmt", "Stmt")
            }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.\(kind).001.\(version)">
            <\(container)><GrpHdr><MsgId>T-1</MsgId><CreDtTm>2024-03-02T06:00:00</CreDtTm></GrpHdr>
            <\(item)><Id>T-1</Id>
            <Acct><Id><IBAN>\(iban)</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><Nm>Testbank</Nm></FinInstnId></Svcr></Acct>
            \(body)</\(item)>
            </\(container)>
            </Document>

            """
    }

    /// Reads a document.
    static func read(_ text: String, options: AdapterOptions = AdapterOptions()) -> AdapterRun {
        runAdapter(CamtFormat.self, bytes: Array(text.utf8), name: "test.xml", options: options)
    }
}
