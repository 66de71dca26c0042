import LedgerCore

/// One field of a message: its tag and its value, the lines after the tag line joined with LF.
struct MT940Field {
    /// What the field is.
    var tag: MT940Tag
    /// The tag as written (`:61:`), for messages.
    var label: String
    /// The value's bytes: the rest of the tag line, then each continuation line after a LF.
    var value: [UInt8]
    /// Where the value starts.
    var location: SourceLocation

    /// The value's lines.
    var lines: [ArraySlice<UInt8>] {
        value.split(separator: 0x0A, omittingEmptySubsequences: false)
    }

    /// A location `offset` bytes into the first line of the value.
    func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + offset)
    }
}
