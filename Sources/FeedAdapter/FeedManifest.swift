import Foundation
import LedgerCore

/// A feed's `feed.json` (the first line of the JSON Lines form):
/// `{"format": "financekit-history", "version": 1, "epoch": "<uuid>", "timeZone": "Europe/Paris"}`.
///
/// `epoch` changes when the exporter starts a new history (a reinstall, a reset of the phone):
/// every stored token of an older epoch is then invalid. `timeZone` is an IANA zone name; days
/// of UTC instants are taken there.
public struct FeedManifest: Sendable, Hashable {
    /// The only `format` this reader understands.
    public static let format = "financekit-history"
    /// The only `version` this reader understands.
    public static let version = 1

    /// The history's epoch (opaque text, usually a UUID).
    public var epoch: String
    /// The feed's time zone.
    public var timeZone: TimeZone
    /// Where the manifest is (the file and, in the JSON Lines form, line 1).
    public var location: SourceLocation

    /// Creates a manifest.
    public init(epoch: String, timeZone: TimeZone, location: SourceLocation) {
        self.epoch = epoch
        self.timeZone = timeZone
        self.location = location
    }

    /// Reads a manifest from its JSON bytes.
    ///
    /// - Parameters:
    ///   - bytes: the bytes holding the JSON object.
    ///   - range: the part of `bytes` to read (all of it when `nil`).
    ///   - file: the file's name for errors.
    ///   - firstLine: the line on which `range` starts.
    /// - Throws: ``FeedError`` for bad JSON, another format or version, or an unknown time zone.
    public static func decode(_ bytes: [UInt8], range: Range<Int>? = nil, file: String, firstLine: Int = 1)
        throws(FeedError) -> FeedManifest
    {
        let root = try FeedJSON.parse(bytes, range: range, file: file, firstLine: firstLine)
        let object = try JSONObjectReader(root, path: "$", file: file)
        let format = try object.string("format")
        guard format == FeedManifest.format else {
            throw object.error(.unsupportedFeed("format \"\(format)\" is not \"\(FeedManifest.format)\""), "format")
        }
        let version = try object.integer("version")
        guard version == FeedManifest.version else {
            throw object.error(
                .unsupportedFeed("version \(version) is not supported; this reader reads version 1"), "version")
        }
        let zoneName = try object.string("timeZone")
        guard let zone = TimeZone(identifier: zoneName) else {
            throw object.error(
                .invalidValue(found: "\"\(zoneName)\"", expected: "an IANA time zone such as Europe/Paris"), "timeZone")
        }
        return FeedManifest(
            epoch: try object.nonEmptyString("epoch"), timeZone: zone, location: object.location(of: root))
    }
}
