/// A source's withdrawal of a transaction it sent earlier, identified by its stable id.
///
/// OFX sends these as a `STMTTRN` with `CORRECTFITID` and `CORRECTACTION` (OFX 2.2 §11.4.4.1):
/// `DELETE` withdraws the transaction whose FITID is `CORRECTFITID`; `REPLACE` withdraws it and
/// puts the record carrying the correction in its place. An adapter emits the correction, then,
/// for a replacement, the replacing record as an ordinary draft right after it.
///
/// What the store does with it, in order with the drafts around it (in the database transaction
/// of the batch being filled when it arrives, before the drafts that follow it): delete the
/// account's transaction whose external id is ``correctedExternalID``; nothing to do when there is
/// none (applied before, or never imported). Applying events in file order keeps re-imports
/// idempotent, even when a replacement reuses the corrected id.
public struct DraftCorrection: Sendable, Hashable {
    /// The account's name, as declared by an ``AccountReference`` from the same source.
    public var account: String
    /// The external id (OFX `FITID`) of the transaction being withdrawn.
    public var correctedExternalID: String
    /// Whether the draft emitted right after this correction replaces the withdrawn transaction
    /// (`REPLACE`), rather than the transaction simply being withdrawn (`DELETE`).
    public var isReplacement: Bool
    /// Where the correcting record starts in the source.
    public var location: SourceLocation

    /// Creates a correction.
    public init(
        account: String, correctedExternalID: String, isReplacement: Bool = false, location: SourceLocation
    ) {
        self.account = account
        self.correctedExternalID = correctedExternalID
        self.isReplacement = isReplacement
        self.location = location
    }
}
