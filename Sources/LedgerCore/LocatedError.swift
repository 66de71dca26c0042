/// An error about input that can say where it happened.
///
/// Each module has one error type conforming to this protocol. Its `description` reads like a
/// compiler diagnostic: `jan.ofx:214:9: error: <TRNAMT> "12,3.4" is not an amount; expected ...`.
public protocol LocatedError: Error, CustomStringConvertible, Sendable {
    /// Where the problem is.
    var location: SourceLocation { get }
    /// What was found and what was expected, without the location.
    var message: String { get }
}

extension LocatedError {
    /// `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(location): error: \(message)" }
}
