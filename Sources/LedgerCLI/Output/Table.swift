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
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
            let isLast = index == cells.count - 1
            switch columns[index].alignment {
            case .left: parts.append(isLast ? cell : cell + padding)
            case .right: parts.append(padding + cell)
            }
        }
        var line = parts.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }
}
