/// Receives what ``XMLStreamReader`` reads, in document order.
///
/// Each call happens while libxml2 is parsing: the byte buffers handed over are valid only for
/// the call. An error thrown from any method stops the parser, and ``XMLStreamReader`` rethrows
/// it unchanged from the `feed` or `finish` call that was running.
///
/// Columns are libxml2's: characters on a line of ASCII markup and text. libxml2 2.9 counts some
/// non-ASCII text and end-tag names in bytes, so after such text on the same line a column can be
/// a few past the character count.
public protocol XMLEventHandler: AnyObject {
    /// Whether the handler has read all it wants (an OFX reader after `</OFX>`). Once it is
    /// `true`, the reader hands libxml2 nothing more and ignores what follows, errors included.
    var hasFinishedDocument: Bool { get }

    /// Whether the handler trims the text it reads, so that white space directly after a tag
    /// may go undelivered. When `true`, a ``text(_:line:column:)`` call whose bytes are all
    /// space, tab, line feed or carriage return is left out when it follows a start or end tag
    /// directly (or another call so left out); the text after it is delivered as usual. In
    /// files written one element per line, that is the line break after every tag. Read once,
    /// when the reader is created.
    var skipsBlankTextAfterTags: Bool { get }

    /// A start tag (or the start of an empty-element tag `<a/>`).
    ///
    /// - Parameter tag: the element's name, attributes and position; valid only for the call.
    /// - Throws: anything; it stops the reader.
    func startElement(_ tag: XMLStartTag) throws

    /// A run of character data, with entity and character references already decoded, in UTF-8.
    ///
    /// libxml2 may split one run of text into several calls (at a reference, at a chunk
    /// boundary); a handler that needs the whole text collects it until the next tag.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text, valid only for the call.
    ///   - line: the 1-based line where the run starts, counted from the file's start.
    ///   - column: the 1-based column where the run starts (the byte after the previous tag's
    ///     `>`; after a comment or processing instruction, the column just past that tag).
    /// - Throws: anything; it stops the reader.
    func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws

    /// An end tag (or the end of an empty-element tag `<a/>`).
    ///
    /// - Parameters:
    ///   - name: the element's local name in UTF-8, valid only for the call.
    ///   - line: the 1-based line of the tag's `<`.
    ///   - column: the 1-based column of the tag's `<` (for `<a/>`, the start tag's `<`).
    /// - Throws: anything; it stops the reader.
    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws
}

extension XMLEventHandler {
    /// Handlers that read to the end of the input need not say so.
    public var hasFinishedDocument: Bool { false }

    /// Handlers get all text unless they say otherwise.
    public var skipsBlankTextAfterTags: Bool { false }
}
