import LedgerCore
import LedgerTestSupport
import OFXAdapter

/// Small OFX documents written in tests, so that each test shows the lines it is about.
enum TestDocument {
    static let header = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE


        """

    /// One `STMTTRN`.
    static func transaction(
        amount: String = "-10.00", posted: String = "20240110", fitID: String? = "F1", name: String = "SHOP",
        extra: String = ""
    ) -> String {
        var text = "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>\(posted)\n<TRNAMT>\(amount)\n"
        if let fitID { text += "<FITID>\(fitID)\n" }
        return text + "<NAME>\(name)\n\(extra)</STMTTRN>\n"
    }

    /// A bank statement (`STMTRS`) around transactions.
    static func bankStatement(
        _ transactions: [String], accountID: String = "123456789", type: String = "CHECKING", currency: String = "USD",
        ledgerBalance: String? = nil
    ) -> String {
        var text = """
            <STMTTRNRS>
            <TRNUID>1
            <STATUS>
            <CODE>0
            <SEVERITY>INFO
            </STATUS>
            <STMTRS>
            <CURDEF>\(currency)
            <BANKACCTFROM>
            <BANKID>999999999
            <ACCTID>\(accountID)
            <ACCTTYPE>\(type)
            </BANKACCTFROM>
            <BANKTRANLIST>
            <DTSTART>20240101
            <DTEND>20240131

            """
        text += transactions.joined() + "</BANKTRANLIST>\n"
        if let ledgerBalance { text += "<LEDGERBAL>\n<BALAMT>\(ledgerBalance)\n<DTASOF>20240131\n</LEDGERBAL>\n" }
        return text + "</STMTRS>\n</STMTTRNRS>\n"
    }

    /// A whole OFX 1.02 document with a signon naming `organisation`.
    static func sgml(_ statements: [String], organisation: String = "Test Bank", messageSet: String = "BANKMSGSRSV1")
        -> String
    {
        header + """
            <OFX>
            <SIGNONMSGSRSV1>
            <SONRS>
            <STATUS>
            <CODE>0
            <SEVERITY>INFO
            </STATUS>
            <DTSERVER>20240201
            <LANGUAGE>ENG
            <FI>
            <ORG>\(organisation)
            </FI>
            </SONRS>
            </SIGNONMSGSRSV1>
            <\(messageSet)>

            """ + statements.joined() + "</\(messageSet)>\n</OFX>\n"
    }

    /// Reads a document.
    static func read(_ text: String, name: String = "test.ofx", options: AdapterOptions = AdapterOptions())
        -> AdapterRun
    {
        runAdapter(OFXFormat.self, bytes: Array(text.utf8), name: name, options: options)
    }

    /// The line (1-based) on which `needle` first appears.
    static func line(of needle: String, in text: String) -> Int {
        var line = 1
        var rest = Substring(text)
        while !rest.hasPrefix(needle), let first = rest.first {
            if first == "\n" { line += 1 }
            rest = rest.dropFirst()
        }
        return line
    }
}
