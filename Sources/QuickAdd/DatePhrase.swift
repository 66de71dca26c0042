import LedgerCore

/// A date phrase found in a sentence: the day it names, the words it spans and their text.
struct DatePhrase: Sendable, Hashable {
    let day: Day
    /// The indices of the sentence's words the phrase takes.
    let indices: Range<Int>
    let text: String

    /// The first date phrase among `tokens`, if any.
    ///
    /// Read, in this order at each word: an ISO day (`2024-03-03`); `today`, `yesterday`; a
    /// weekday (`Friday`, `last Friday`, `on fri`); a month and a day (`March 3`, `Mar 3rd 2024`);
    /// a day and a month (`3 March`, `3rd of March 2024`). A weekday alone is the latest such
    /// day up to today (today included); after `last`, the latest before today. A date without
    /// a year is the latest such day up to today, so a quick add never lands in the future.
    ///
    /// - Throws: ``QuickAddError`` `.notADay` for a phrase that names no calendar day.
    static func first(
        in tokens: [SentenceToken], today: Day, words: QuickAddWords
    ) throws(QuickAddError) -> DatePhrase? {
        for index in tokens.indices {
            if let phrase = try phrase(at: index, in: tokens, today: today, words: words) { return phrase }
        }
        return nil
    }

    // MARK: - Private

    private static func phrase(
        at index: Int, in tokens: [SentenceToken], today: Day, words: QuickAddWords
    ) throws(QuickAddError) -> DatePhrase? {
        let word = tokens[index].lower
        let make = { (day: Day, end: Int) in
            DatePhrase(
                day: day, indices: index..<end,
                text: tokens[index..<end].map(\.text).joined(separator: " "))
        }
        if isISODay(word) {
            guard let day = Day(iso: word) else {
                throw .sentence(.notADay(tokens[index].text), column: tokens[index].column)
            }
            return make(day, index + 1)
        }
        if words.today.contains(word) { return make(today, index + 1) }
        if words.yesterday.contains(word) { return make(today.previous, index + 1) }
        if words.last.contains(word), index + 1 < tokens.count, let weekday = weekday(tokens[index + 1].lower, words) {
            return make(latest(weekday, before: today), index + 2)
        }
        let afterOn = index > 0 && tokens[index - 1].lower == "on"
        if let weekday = words.weekdays[word] ?? (afterOn ? words.weekdayAbbreviations[word] : nil) {
            return make(latest(weekday, before: today.next), index + 1)
        }
        if let month = words.months[word], index + 1 < tokens.count,
            let dayNumber = dayNumber(tokens[index + 1].lower, words)
        {
            let year = index + 2 < tokens.count ? self.year(tokens[index + 2].lower, today: today) : nil
            let end = index + (year == nil ? 2 : 3)
            return make(try day(year: year, month: month, day: dayNumber, today: today, tokens[index..<end]), end)
        }
        if let dayNumber = dayNumber(word, words), index + 1 < tokens.count {
            var next = index + 1
            if words.of.contains(tokens[next].lower), next + 1 < tokens.count { next += 1 }
            guard let month = words.months[tokens[next].lower] else { return nil }
            let year = next + 1 < tokens.count ? self.year(tokens[next + 1].lower, today: today) : nil
            let end = next + (year == nil ? 1 : 2)
            return make(try day(year: year, month: month, day: dayNumber, today: today, tokens[index..<end]), end)
        }
        return nil
    }

    private static func weekday(_ word: String, _ words: QuickAddWords) -> Int? {
        words.weekdays[word] ?? words.weekdayAbbreviations[word]
    }

    /// `YYYY-MM-DD` in shape (the calendar is checked after).
    private static func isISODay(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (0x30...0x39).contains($0.element) }
    }

    /// A day of the month: 1 or 2 digits, with an ordinal suffix or none (`3`, `03`, `3rd`).
    private static func dayNumber(_ word: String, _ words: QuickAddWords) -> Int? {
        var digits = Substring(word)
        if let suffix = words.ordinalSuffixes.first(where: { word.hasSuffix($0) }) {
            digits = digits.dropLast(suffix.count)
        }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCII), let number = Int(digits),
            (1...31).contains(number)
        else { return nil }
        return number
    }

    /// A year written after a date: four digits, from 1970 to next year.
    private static func year(_ word: String, today: Day) -> Int? {
        guard word.utf8.count == 4, word.allSatisfy(\.isASCII), let year = Int(word),
            (1970...today.year + 1).contains(year)
        else { return nil }
        return year
    }

    /// The latest day with `weekday` (0 Monday … 6 Sunday) strictly before `limit`.
    private static func latest(_ weekday: Int, before limit: Day) -> Day {
        // 1970-01-01 was a Thursday (3).
        let limitWeekday = ((limit.daysSinceEpoch + 3) % 7 + 7) % 7
        var back = (limitWeekday - weekday + 7) % 7
        if back == 0 { back = 7 }
        return limit.adding(days: -back) ?? limit
    }

    /// The day of a phrase: in `year` when written, else the latest such day up to today.
    private static func day(
        year: Int?, month: Int, day: Int, today: Day, _ phrase: ArraySlice<SentenceToken>
    ) throws(QuickAddError) -> Day {
        let failure = QuickAddError.sentence(
            .notADay(phrase.map(\.text).joined(separator: " ")), column: phrase.first?.column ?? 1)
        if let year {
            guard let found = Day(year: year, month: month, day: day) else { throw failure }
            return found
        }
        // February 29 is only in leap years: go back to the last one.
        for candidateYear in stride(from: today.year, through: today.year - 8, by: -1) {
            if let found = Day(year: candidateYear, month: month, day: day), found <= today { return found }
        }
        throw failure
    }
}
