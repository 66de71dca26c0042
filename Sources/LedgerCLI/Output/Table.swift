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
        var widths = columns.map { $0.title.count }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let isLast = index == cells.count - 1
                switch columns[index].alignment {
                case .left: parts.append(isLast ? cell : cell + padding)
                case .right: parts.append(padding + cell)
                }
            }
            return parts.joined(separator: "  ")
        }
        return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
    }
}
