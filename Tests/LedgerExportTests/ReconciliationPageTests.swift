import Foundation
import LedgerCore
import Testing

@testable import LedgerExport

@Suite("reconciliation page")
struct ReconciliationPageTests {
    @Test("text from a bank file is escaped everywhere: no tag, no broken attribute")
    func escaping() {
        let page = ReconciliationPage.html(ReconciliationFixtures.march())
        #expect(!page.contains("<script"), "a description opened a script tag")
        #expect(page.contains("&lt;script&gt;alert(&quot;gym&quot;)&lt;/script&gt; Fitness"))
        #expect(page.contains("Café &#39;Le Zinc&#39; &amp; Co"))
        #expect(page.contains("Checking &lt;Main&gt;"))
    }

    @Test("the page needs nothing beside it: no script, no link, no URL fetched")
    func selfContained() {
        let page = ReconciliationPage.html(ReconciliationFixtures.march())
        for needle in ["<script", "<link", "src=", "url(", "@import", "http://", "https://"] {
            let hits = page.components(separatedBy: needle).count - 1
            // The SVG's namespace is a name, not a fetch.
            let allowed = needle == "http://" ? page.components(separatedBy: "http://www.w3.org/2000/svg").count - 1 : 0
            #expect(hits == allowed, "\(needle) appears \(hits) times")
        }
    }

    @Test("the summary counts the checkpoints and adds the discrepancies' sizes")
    func summary() {
        let page = ReconciliationPage.html(ReconciliationFixtures.march())
        #expect(page.contains("<dt>Period</dt><dd>2024-02-29 to 2024-03-31</dd>"))
        #expect(
            page.contains("1 reconciled</span>, <span class=\"discrepancy\">1 with a discrepancy</span>, 1 baseline"))
        #expect(page.contains("<dt>Unexplained</dt><dd>45.00 USD"))
    }

    @Test("a discrepancy lists the day the balances part and its candidates with their rows and sources")
    func candidates() {
        let page = ReconciliationPage.html(ReconciliationFixtures.march())
        #expect(page.contains("The balances first part on <strong class=\"parting\">2024-03-19</strong>"))
        #expect(page.contains("<span class=\"kind\">duplicate</span>, explains +45.00"))
        #expect(page.contains("<td class=\"source\">/bank/march.csv:10:1</td>"))
        #expect(page.contains("<tr class=\"pending\"><td>2024-03-30</td><td class=\"amount\">-12.99</td>"))
    }

    @Test("the same report gives the same bytes")
    func stable() {
        #expect(
            ReconciliationPage.html(ReconciliationFixtures.march())
                == ReconciliationPage.html(ReconciliationFixtures.march()))
    }

    @Test("an account with nothing in the period still gives a whole page")
    func empty() {
        let account = AccountReconciliation(
            name: "Empty", currency: ReconciliationFixtures.usd, period: nil, openingBalance: nil, balances: [],
            checkpoints: [])
        let page = ReconciliationPage.html(ReconciliationReport(accounts: [account]))
        #expect(page.contains("No booked row or checkpoint in the period."))
        #expect(page.contains("No checkpoint in the period."))
        #expect(page.hasSuffix("</html>\n"))
    }
}
