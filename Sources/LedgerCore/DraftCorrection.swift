/// A source's correction of a transaction it sent earlier, identified by its stable id.
///
/// OFX sends these as a `STMTTRN` with `CORRECTFITID` and `CORRECTACTION` (OFX 2.2 §11.4.4.1):
/// `DELETE` withdraws the transaction whose FITID is `CORRECTFITID`; `REPLACE` withdraws it and
/// puts the record carrying the correction in its place. The store applies a correction in the
/// same database transaction as the drafts around it:
///
/// - `.delete`: delete the account's transaction whose external id is ``correctedExternalID``
///   (nothing to do when there is none: the correction may already have been applied);
/// - `.replace(draft)`: the same delete, then insert `draft` under the usual identity rules.
///
/// Both are idempotent, so importing the same file twice leaves the same ledger.
public struct DraftCorrection: Sendable, Hashable {
    /// What to do with the corrected transaction.
    public enum Action: Sendable, Hashable {
        /// Remove it.
        case delete
        /// Remove it and store this draft instead.
        case replace(by: Draft)
    }

    /// The account's name, as declared by an ``AccountReference`` from the same source.
    public var account: String
    /// The external id (OFX `FITID`) of the transaction being corrected.
    public var correctedExternalID: String
    /// Delete, or replace by a new draft.
    public var action: Action
    /// Where the correcting record starts in the source.
    public var location: SourceLocation

    /// Creates a correction.
    public init(account: String, correctedExternalID: String, action: Action, location: SourceLocation) {
        self.account = account
        self.correctedExternalID = correctedExternalID
        self.action = action
        self.location = location
    }
}
