/// A source that doesn't say something only the user can decide: which account its rows belong
/// to, or which currency its amounts are in.
///
/// An adapter throws it instead of guessing (naming an account after the file, assuming a
/// currency), so that the person is asked once rather than finding one account split in two or
/// amounts in the wrong currency. A command line reports it as bad usage, with the option that
/// supplies the choice.
public struct MissingChoice: LocatedError, Hashable {
    /// What the source leaves open.
    public enum Choice: String, Sendable, Hashable {
        /// The ledger account its rows go to (`--account NAME`).
        case account
        /// The currency of its amounts (`--currency CODE`).
        case currency
    }

    public var location: SourceLocation
    public var choice: Choice
    /// What was read without finding it, for the message (`mapping generic`).
    public var source: String

    /// Creates the error.
    public init(_ choice: Choice, source: String, at location: SourceLocation) {
        self.choice = choice
        self.source = source
        self.location = location
    }

    public var message: String {
        switch choice {
        case .account:
            return "\(location.file) doesn't say which account it belongs to (\(source)); "
                + "expected an account named with --account NAME"
        case .currency:
            return "\(location.file) doesn't say which currency its amounts are in (\(source)); "
                + "expected a currency named with --currency CODE (an ISO 4217 code such as EUR or USD)"
        }
    }
}
