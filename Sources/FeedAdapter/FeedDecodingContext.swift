import Foundation
import LedgerCore

/// What decoding a feed's JSON needs beyond the JSON itself: the file's name for errors and the
/// feed's time zone for turning instants into days.
struct FeedDecodingContext {
    /// The file's name as errors show it.
    var file: String
    /// The feed's time zone (`feed.json`'s `timeZone`).
    var timeZone: TimeZone

    /// Reads a required ISO 8601 date field and its day.
    func date(_ object: JSONObjectReader, _ key: String) throws(FeedError) -> (FeedDate, Day) {
        let text = try object.string(key)
        return try resolve(text, object, key)
    }

    /// Reads an optional ISO 8601 date field and its day.
    func optionalDate(_ object: JSONObjectReader, _ key: String) throws(FeedError) -> (FeedDate, Day)? {
        guard let text = try object.optionalString(key) else { return nil }
        return try resolve(text, object, key)
    }

    private func resolve(_ text: String, _ object: JSONObjectReader, _ key: String) throws(FeedError) -> (FeedDate, Day)
    {
        guard let date = FeedDate(iso8601: text), let day = date.day(in: timeZone) else {
            throw object.error(.notADate(found: text), key)
        }
        return (date, day)
    }
}
