import LedgerCore

/// What stops an export before it writes: a journal name a tool would refuse, a commodity it
/// can't name, an unreadable `export.json`.
public struct ExportError: LocatedError, Sendable {
    /// Why.
    public enum Reason: Sendable, Hashable {
        /// A journal account name the format's tool would not read, and why.
        case badAccountName(name: String, format: ExportFormat, why: String)
        /// A commodity code the format can't write.
        case badCommodity(code: String, format: ExportFormat, why: String)
        /// `export.json` isn't what was expected.
        case badConfiguration(String)
    }

    public var location: SourceLocation
    public var reason: Reason

    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    public var message: String {
        switch reason {
        case .badAccountName(let name, let format, let why):
            return "journal account \"\(name)\" can't be written for \(format.rawValue): \(why)"
        case .badCommodity(let code, let format, let why):
            return "commodity \(code) can't be written for \(format.rawValue): \(why)"
        case .badConfiguration(let why):
            return why
        }
    }
}
