/// Where a record came from: a file and a 1-based line and column.
///
/// Every draft and every input error carries one, so a message can point at the exact byte a
/// person has to look at. A location with `line == 0` means "the file as a whole" (an empty file,
/// a missing header).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user named it (or a stream's display name).
    public var file: String
    /// The 1-based line, or 0 for the file as a whole.
    public var line: Int
    /// The 1-based column, counted in bytes of the line, or 0 for the whole line.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location naming only the file.
    public static func file(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 0, column: 0)
    }

    /// `FILE:LINE:COLUMN`, the compiler's format (`FILE` alone for the file as a whole).
    public var description: String {
        if line == 0 { return file }
        if column == 0 { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
