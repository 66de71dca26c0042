import LedgerCore

/// A JSON array written element by element, as they come.
///
/// The text is the same as ``JSONOutput/rendered(indent:)`` of the whole array (`[]` when empty,
/// else `[`, the elements indented by two spaces and separated by commas, then `]`), so a reader
/// can't tell the difference; one element is held back at a time, for the comma after it.
struct StreamedJSONArray {
    private var output: ChunkedOutput
    /// The last element's text, written when the next one (or the end) says what follows it.
    private var held = ""
    private var count = 0

    init(output: ChunkedOutput) {
        self.output = output
        // JSON text has no control character left to make visible (``JSONText`` escapes each one
        // that ``TerminalText`` would show), so it is printed as it is, without a second scan.
        self.output.isVerbatim = true
    }

    /// Adds an element.
    mutating func append(_ element: JSONOutput) {
        if count == 0 {
            output.append("[")
        } else {
            output.appendLine { [held] line in
                line += held
                line += ","
            }
        }
        held.removeAll(keepingCapacity: true)
        held += "  "
        element.write(to: &held, indent: "  ")
        count += 1
    }

    /// Adds an element that `write` appends itself, already indented by two spaces (as
    /// ``append(_:)`` would indent it), so that no JSON value is built.
    mutating func append(writing write: (inout String) -> Void) {
        if count == 0 {
            output.append("[")
        } else {
            output.appendLine { [held] line in
                line += held
                line += ","
            }
        }
        held.removeAll(keepingCapacity: true)
        write(&held)
        count += 1
    }

    /// Closes the array and prints what is left.
    mutating func finish() {
        if count == 0 {
            output.append("[]")
        } else {
            output.append(held)
            output.append("]")
        }
        held = ""
        count = 0
        output.flush()
    }
}
