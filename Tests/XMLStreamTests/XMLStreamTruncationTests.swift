import Foundation
import LedgerCore
import Testing
import XMLStream

/// A document cut short is reported as such, with the elements still open, not as libxml2's
/// "Extra content at the end of the document".
@Suite("XMLStreamReader truncation")
struct XMLStreamTruncationTests {
    static let statement = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
          <BkToCstmrStmt>
            <Stmt>
              <Ntry>
                <Amt Ccy="EUR">12.50</Amt>
                <NtryDtls><TxDtls><RmtInf><Ustrd>Gehalt Maerz 2024 Personalnr. 0815</Ustrd></RmtInf></TxDtls></NtryDtls>
              </Ntry>
            </Stmt>
          </BkToCstmrStmt>
        </Document>

        """

    @Test(
        "a document cut inside text, between tags or after an end tag names the innermost open element and the ones around it",
        arguments: [
            ("Gehalt Maerz", "<Ustrd>, in Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RmtInf"),
            ("12.50</Amt>\n", "<Ntry>, in Document/BkToCstmrStmt/Stmt"),
            ("</Stmt>", "<BkToCstmrStmt>, in Document"),
        ])
    func cutShort(cutAfter: String, open: String) throws {
        let range = try #require(Self.statement.range(of: cutAfter))
        let cut = String(Self.statement[..<range.upperBound])
        for blockSize in [7, XMLStreamReader.defaultBlockSize] {
            let read = XMLRead.of(cut, blockSize: blockSize)
            let error = try #require(read.error)
            #expect(error.message.contains("the file ends inside \(open) (truncated?); expected </"), "\(error)")
            #expect(!error.message.contains("Extra content"))
        }
    }

    @Test("a mismatched end tag in a complete file keeps libxml2's message")
    func mismatchNotTruncation() throws {
        let read = XMLRead.of("<a><b>x</c></a>\n")
        let error = try #require(read.error)
        #expect(error.message.contains("Opening and ending tag mismatch"), "\(error)")
    }
}
