/// A plain text table for people: a header row, aligned columns, numbers right-aligned.
struct Table {
    enum Alignment {
        case left
        case right
    }

    let columns: [(title: String, alignment: Alignment)]
    private(set) var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    /// Adds a row; each cell's control characters, line breaks and tabs included, are made
    /// visible (``TerminalText/visibleCell(_:)``), so that a cell stays on its row and in its column.
    mutating func append(_ row: [String]) {
        precondition(row.count == columns.count, "a row has one cell per column")
        rows.append(row.map(TerminalText.visibleCell))
    }

    /// The table as lines of text (no trailing spaces).
    func rendered() -> String {
        let widths = Self.widths(of: columns, rows: rows)
        return
            ([Self.line(columns.map(\.title), widths: widths, columns: columns)]
            + rows.map { Self.line($0, widths: widths, columns: columns) }).joined(separator: "\n")
    }

    /// Each column's width: its widest cell, the title included.
    static func widths(of columns: [(title: String, alignment: Alignment)], rows: some Sequence<[String]>) -> [Int] {
        var widths = columns.map { $0.title.count }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return widths
    }

    /// One row as a line: cells padded to their column's width (a wider cell is kept whole and
    /// pushes the rest of its row right), two spaces apart, no trailing spaces.
    static func line(_ cells: [String], widths: [Int], columns: [(title: String, alignment: Alignment)]) -> String {
        var line = ""
        appendLine(cells, widths: widths, columns: columns, to: &line)
        return line
    }

    /// Appends ``line(_:widths:columns:)`` to a text, building no string apart.
    static func appendLine(
        _ cells: [String], widths: [Int], columns: [(title: String, alignment: Alignment)], to text: inout String
    ) {
        let start = text.utf8.count
        for (index, cell) in cells.enumerated() {
            if index > 0 { text += "  " }
            let padding = max(0, widths[index] - cell.count)
            switch columns[index].alignment {
            case .left:
                text += cell
                if index < cells.count - 1 { appendBlanks(padding, to: &text) }
            case .right:
                appendBlanks(padding, to: &text)
                text += cell
            }
        }
        while text.utf8.count > start, text.last == " " { text.removeLast() }
    }

    /// Runs of spaces to pad with, built once.
    private static let blanks = (0...64).map { String(repeating: " ", count: $0) }

    private static func appendBlanks(_ count: Int, to text: inout String) {
        text += count < blanks.count ? blanks[count] : String(repeating: " ", count: count)
    }
}
