import LedgerCore

/// A line of an external adapter's output that breaks the protocol (docs/plugins.md), or an
/// `error` record the adapter sent.
public struct ProtocolError: LocatedError, Hashable {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The line breaks the protocol; the text says what was found and what was expected.
        case invalidLine(line: Int, String)
        /// The output ended without an `end` record.
        case missingEnd(lines: Int)
        /// The adapter reported an error in the input file (an `error` record).
        case reported(String)
    }

    public var location: SourceLocation
    /// The adapter's NAME.
    public var adapter: String
    public var reason: Reason

    /// Creates an error.
    public init(_ reason: Reason, adapter: String, at location: SourceLocation) {
        self.reason = reason
        self.adapter = adapter
        self.location = location
    }

    public var message: String {
        switch reason {
        case .invalidLine(let line, let why): return "adapter \(adapter), output line \(line): \(why)"
        case .missingEnd(let lines):
            return "adapter \(adapter): its output stops after line \(lines) without an \"end\" record; "
                + "expected {\"type\":\"end\",...} as the last line (the output is truncated)"
        case .reported(let text): return text
        }
    }

    /// Text from an adapter made safe to show: control characters (C0, DEL, C1, bidirectional
    /// controls, line separators) become `\u{…}` escapes, so nothing acts on a terminal.
    public static func displayable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            return true
        default: return false
        }
    }
}
