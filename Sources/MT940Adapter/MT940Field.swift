import LedgerCore

/// One field of a message: its tag and its value, the lines after the tag line joined with LF.
struct MT940Field {
    /// What the field is.
    var tag: MT940Tag
    /// The value's bytes: the rest of the tag line, then each continuation line after a LF.
    var value: [UInt8]
    /// Where the value starts.
    var location: SourceLocation

    /// The tag as messages name it (`:61:`).
    var label: String { tag.label }

    /// The value's first line.
    var firstLine: ArraySlice<UInt8> { value.prefix { $0 != 0x0A } }

    /// A location `offset` bytes into the first line of the value.
    func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + offset)
    }
}
