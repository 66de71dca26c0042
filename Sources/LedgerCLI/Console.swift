import Foundation

/// Where the CLI writes: results to `output`, diagnostics and progress to `errors`.
///
/// Tests capture both in memory; `main.swift` passes the process's stdout and stderr.
public final class Console {
    private let writeOutput: (String) -> Void
    private let writeErrors: (String) -> Void
    /// Writes result bytes as they are, when the output takes bytes (stdout); else they go
    /// through `writeOutput` as text.
    private let writeOutputBytes: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// Whether `errors` is a terminal (progress lines are drawn only then).
    public let errorsIsTerminal: Bool
    /// Reads a line the person types (an answer to a question), `nil` at the end of input.
    private let readInput: () -> String?
    /// Whether the input is a terminal, so a question can be asked (`add` confirms only then).
    public let inputIsTerminal: Bool

    /// Creates a console from two writers (and a writer of result bytes, where the output takes
    /// bytes as they are).
    public init(
        output: @escaping (String) -> Void, errors: @escaping (String) -> Void, errorsIsTerminal: Bool = false,
        outputBytes: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil, input: @escaping () -> String? = { nil },
        inputIsTerminal: Bool = false
    ) {
        self.writeOutput = output
        self.writeErrors = errors
        self.errorsIsTerminal = errorsIsTerminal
        self.writeOutputBytes = outputBytes
        self.readInput = input
        self.inputIsTerminal = inputIsTerminal
    }

    /// The process's stdout and stderr.
    public static func standard() -> Console {
        Console(
            output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            errors: { text in FileHandle.standardError.write(Data(text.utf8)) },
            errorsIsTerminal: isatty(2) == 1,
            outputBytes: { bytes in FileHandle.standardOutput.write(Data(buffer: bytes)) },
            input: { readLine() }, inputIsTerminal: isatty(0) == 1)
    }

    /// Writes a line of results, its control characters made visible (``TerminalText``): the line
    /// may quote a file's text. (JSON text has none left to change: ``JSONText`` escapes them.)
    func print(_ line: String = "") { writeOutput(TerminalText.visible(line) + "\n") }

    /// Writes results exactly as given, as bytes: UTF-8 text for machines that has no control
    /// character left to make visible (the adapter protocol's JSON Lines, escaped by their writer).
    func printVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let writeOutputBytes {
            writeOutputBytes(bytes)
        } else {
            writeOutput(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Writes a diagnostic line, `ledgerport: MESSAGE`, its control characters made visible: an
    /// error may quote a field, a mapping's name or an account's name from a file.
    func error(_ message: String) { writeErrors("ledgerport: " + TerminalText.visible(message) + "\n") }

    /// Asks the person a question on the diagnostics stream (results stay clean for a pipe) and
    /// reads the answer's line; `nil` at the end of input.
    func ask(_ question: String) -> String? {
        writeErrors(TerminalText.visible(question))
        return readInput()
    }

    /// Writes the program's own text to the diagnostics stream as it is (progress lines, which
    /// hold escape sequences of their own and no text from files).
    func progress(_ text: String) { writeErrors(text) }
}

@available(*, unavailable)
extension Console: Sendable {}
