import LedgerCore
import LedgerTestSupport
import MT940Adapter

/// Reads MT940 text (LF line ends) with the adapter.
func readMT940(_ lines: [String], name: String = "test.sta", options: AdapterOptions = AdapterOptions()) -> AdapterRun {
    runAdapter(
        MT940Format.self, bytes: Array((lines.joined(separator: "\r\n") + "\r\n").utf8), name: name, options: options)
}

/// The event lines of the `.expected` files, with a draft's payee added where it has one (the
/// shared line format leaves the payee out).
func mt940Lines(_ run: AdapterRun) -> String {
    var lines = run.events.map { event -> String in
        let line = EventLines.line(event)
        if case .draft(let draft) = event, let payee = draft.payee { return line + " payee=\"\(payee)\"" }
        return line
    }
    if let error = run.error { lines.append("error \(error)") }
    return lines.joined(separator: "\n") + "\n"
}
