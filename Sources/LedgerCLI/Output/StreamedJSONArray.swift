/// A JSON array written element by element, as they come.
///
/// The text is the same as ``JSONOutput/rendered(indent:)`` of the whole array (`[]` when empty,
/// else `[`, the elements indented by two spaces and separated by commas, then `]`), so a reader
/// can't tell the difference; one element is held back at a time, for the comma after it.
struct StreamedJSONArray {
    private var output: ChunkedOutput
    private var held: String?

    init(output: ChunkedOutput) {
        self.output = output
    }

    /// Adds an element.
    mutating func append(_ element: JSONOutput) {
        if let held { output.append(held + ",") } else { output.append("[") }
        held = "  " + element.rendered(indent: "  ")
    }

    /// Closes the array and prints what is left.
    mutating func finish() {
        if let held {
            output.append(held)
            output.append("]")
        } else {
            output.append("[]")
        }
        held = nil
        output.flush()
    }
}
