import LedgerCore

/// Lines of results written to the console in chunks of a bounded size, as they come.
///
/// A listing of a million rows is neither one string (as ``Table/rendered()`` and
/// ``JSONOutput/rendered(indent:)`` build) nor a million writes: lines are gathered until about
/// ``chunkSize`` bytes, then printed together, so memory holds one chunk whatever the count.
struct ChunkedOutput {
    /// About how many bytes of text are gathered before they are printed.
    static let chunkSize = 64 * 1024

    private let console: Console
    private var chunk = ""
    private var isEmpty = true
    /// Whether the text is printed as it is (``Console/printVerbatim(_:)``) rather than with its
    /// control characters made visible: for JSON, whose writer escaped every one of them already.
    var isVerbatim = false

    init(console: Console) {
        self.console = console
        chunk.reserveCapacity(Self.chunkSize + 1024)
    }

    /// Adds a line (without its line feed); prints the chunk once it is full.
    mutating func append(_ line: String) {
        appendLine { $0 += line }
    }

    /// Adds a line that `write` appends to the chunk itself (without its line feed), so that no
    /// string is built apart; prints the chunk once it is full.
    mutating func appendLine(_ write: (inout String) -> Void) {
        if !isEmpty { chunk += "\n" }
        write(&chunk)
        isEmpty = false
        if chunk.utf8.count >= Self.chunkSize { flush() }
    }

    /// Prints what is gathered.
    mutating func flush() {
        guard !isEmpty else { return }
        if isVerbatim {
            // The line feed `print` adds, and the same bytes it would write: nothing to make visible.
            chunk += "\n"
            chunk.withUTF8 { console.printVerbatim($0) }
        } else {
            console.print(chunk)
        }
        chunk.removeAll(keepingCapacity: true)
        isEmpty = true
    }
}
