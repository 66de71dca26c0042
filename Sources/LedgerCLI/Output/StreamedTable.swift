/// A ``Table`` written row by row: sized on its first rows, then each row printed as it comes.
///
/// Column widths need rows to measure, and a streamed listing can't hold them all. The table holds
/// its first ``sizingRows`` rows (a bounded look-ahead), sizes each column to the widest cell
/// among them, prints them, and prints every later row at once with the same widths. A later cell
/// wider than its column is never cut: it is printed whole and pushes the rest of its row right.
/// A listing of up to ``sizingRows`` rows is laid out exactly as a ``Table`` would.
struct StreamedTable {
    /// How many rows size the columns.
    static let sizingRows = 1000

    private let columns: [(title: String, alignment: Table.Alignment)]
    private var output: ChunkedOutput
    private var sizing: [[String]] = []
    private var widths: [Int]?

    init(_ columns: [(String, Table.Alignment)], output: ChunkedOutput) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
        self.output = output
    }

    /// Adds a row; each cell's control characters are made visible as in ``Table/append(_:)``.
    mutating func append(_ row: [String]) {
        precondition(row.count == columns.count, "a row has one cell per column")
        let cells = row.map(TerminalText.visibleCell)
        if let widths {
            output.appendLine { Table.appendLine(cells, widths: widths, columns: columns, to: &$0) }
            return
        }
        sizing.append(cells)
        if sizing.count == Self.sizingRows { printSizingRows() }
    }

    /// Prints what is left: the header and rows of a table shorter than ``sizingRows``.
    mutating func finish() {
        if widths == nil { printSizingRows() }
        output.flush()
    }

    // MARK: - Private

    private mutating func printSizingRows() {
        let widths = Table.widths(of: columns, rows: sizing)
        self.widths = widths
        output.append(Table.line(columns.map(\.title), widths: widths, columns: columns))
        for row in sizing { output.append(Table.line(row, widths: widths, columns: columns)) }
        sizing = []
    }
}
