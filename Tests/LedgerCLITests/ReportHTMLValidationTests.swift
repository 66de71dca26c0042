import Foundation
import LedgerTestSupport
import Testing

/// The reconciliation page read by another program: libxml2's HTML parser and XML parser
/// (`xmllint`, Debian's libxml2-utils, installed by scripts/install-deps.sh) find no error in the
/// page, and each chart is a well-formed SVG document of SVG elements only.
@Suite("report reconcile HTML validation")
struct ReportHTMLValidationTests {
    /// The elements newer than libxml2's HTML 4 parser knows: it reports them as invalid tags,
    /// which is the only error it may report.
    static let html5Elements: Set<String> = [
        "section", "header", "footer", "figure", "figcaption", "article", "svg", "g", "path", "line", "circle",
        "rect", "text",
    ]
    static let svgElements: Set<String> = ["svg", "title", "rect", "g", "line", "text", "path", "circle"]

    static func pages() throws -> [(String, String)] {
        let samples = try ExportSamples.ledger()
        #expect(samples.run("report", "reconcile", "--all") == 0, "\(samples.errors)")
        let hostile = try ReportReconcileCommandTests.hostileLedger()
        #expect(hostile.run("report", "reconcile", "Checking") == 0, "\(hostile.errors)")
        return [("samples", samples.output), ("hostile", hostile.output)]
    }

    @Test("xmllint --html finds no error but the HTML 5 and SVG tag names it doesn't know")
    func html() throws {
        guard let xmllint = ExternalTool.find("xmllint") else { return }
        for (name, page) in try Self.pages() {
            let file = try Self.write(page, name: "\(name).html")
            let result = try ExternalTool.run(xmllint, ["--html", "--noout", file])
            #expect(result.status == 0, "\(name): \(result.output)")
            for line in result.output.split(separator: "\n") where line.contains("parser error") {
                let known = Self.html5Elements.contains { line.hasSuffix("Tag \($0) invalid") }
                #expect(known, "\(name): \(line)")
            }
        }
    }

    @Test("the page is well-formed XML too: every element closed, every text escaped")
    func xml() throws {
        guard let xmllint = ExternalTool.find("xmllint") else { return }
        for (name, page) in try Self.pages() {
            let file = try Self.write(page, name: "\(name).xhtml")
            let result = try ExternalTool.run(xmllint, ["--noout", file])
            #expect(result.status == 0 && result.output.isEmpty, "\(name): \(result.output)")
        }
    }

    @Test("each chart is an SVG document in the SVG namespace, of SVG elements only")
    func svg() throws {
        guard let xmllint = ExternalTool.find("xmllint") else { return }
        for (name, page) in try Self.pages() {
            let charts = page.components(separatedBy: "<svg ").dropFirst().map { "<svg " + $0 }
            #expect(!charts.isEmpty, "\(name) has no chart")
            for (index, chart) in charts.enumerated() {
                let end = try #require(chart.range(of: "</svg>"))
                let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + chart[..<end.upperBound] + "\n"
                let file = try Self.write(document, name: "\(name)-\(index).svg")
                let wellFormed = try ExternalTool.run(xmllint, ["--noout", file])
                #expect(
                    wellFormed.status == 0 && wellFormed.output.isEmpty, "\(name) chart \(index): \(wellFormed.output)")
                let root = try ExternalTool.run(
                    xmllint,
                    ["--xpath", "count(/*[local-name()='svg' and namespace-uri()='http://www.w3.org/2000/svg'])", file])
                #expect(root.output.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(root.output)")
                for element in Self.elementNames(in: String(chart[..<end.upperBound])) {
                    #expect(Self.svgElements.contains(element), "\(name) chart \(index): <\(element)>")
                }
            }
        }
    }

    static func write(_ text: String, name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerport-report-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The names of the elements a piece of markup opens.
    static func elementNames(in markup: String) -> Set<String> {
        var names: Set<String> = []
        for piece in markup.split(separator: "<").dropFirst() where !piece.hasPrefix("/") {
            names.insert(String(piece.prefix { $0.isLetter || $0.isNumber }))
        }
        return names
    }
}
