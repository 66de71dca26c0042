/// A rules file, or a rules test file, that can't be used: located at the value at fault.
///
/// ```
/// rules.json:12:7: error: "description" /[REWE/i doesn't compile: …; expected a regular expression
/// ```
public struct RuleError: LocatedError, Hashable {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// The file can't be read.
        case unreadable(String)
        /// The file is not a valid rules (or rules test) file: what was found and what was expected.
        case invalid(String)
    }

    public var location: SourceLocation
    public var reason: Reason

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    public var message: String {
        switch reason {
        case .unreadable(let why): return "the rules file can't be read: \(why)"
        case .invalid(let text): return text
        }
    }
}
