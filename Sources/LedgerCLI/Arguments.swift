import LedgerCore
import LedgerImport

/// One option a command accepts, as declared; help is generated from the same declaration.
struct OptionSpec {
    /// The long name with its dashes: `--account`.
    let name: String
    /// The value's placeholder (`NAME`), or `nil` for a flag that takes no value.
    let value: String?
    /// One line of help.
    let help: String
    /// Whether the option may be given more than once.
    var repeats = false

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, value: nil, help: help) }
    static func value(_ name: String, _ value: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help)
    }
}

/// A command line taken apart against a command's declared options.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of each option, in the order given (one for most options; as many as given
    /// for one that ``OptionSpec/repeats``).
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// The value of `--name`, if given (the last one, for an option that repeats).
    func value(_ name: String) -> String? { values[name] }
    /// Every value of a repeatable `--name`, in the order given; empty when absent.
    func values(_ name: String) -> [String] { allValues[name] ?? [] }
    /// Whether `--name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Splits arguments into options and positionals. `--name=value` and `--name value` both
    /// work; `--` ends the options.
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let known = options.map(\.name) + ["--help"]
                throw UsageError(
                    "unknown option \(name) for `\(command)`"
                        + EditDistance.didYouMean(name, among: known, then: "see `ledgerport \(command) --help`"))
            }
            guard let placeholder = spec.value else {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("\(name) needs a value: \(name) \(placeholder)")
                }
                value = arguments[index]
                index += 1
            }
            if parsed.values[name] != nil, !spec.repeats {
                throw UsageError("\(name) is given twice")
            }
            parsed.values[name] = value
            parsed.allValues[name, default: []].append(value)
        }
        return parsed
    }
}

extension ParsedArguments {
    /// The account name given with `option` (`--account`), or `nil` when it is absent.
    ///
    /// - Throws: ``UsageError`` for an empty or all-whitespace name: it would name no account
    ///   (an import would silently fall back to the file's own name).
    func accountName(_ option: String) throws(UsageError) -> String? {
        guard let name = value(option) else { return nil }
        return try Self.accountName(name, what: option)
    }

    /// Checks an account name given on the command line (an option's value or an `ACCOUNT`).
    ///
    /// - Throws: ``UsageError`` for an empty or all-whitespace name.
    static func accountName(_ name: String, what: String) throws(UsageError) -> String {
        guard name.contains(where: { !$0.isWhitespace }) else {
            throw UsageError("\(what) '\(name)' is empty; expected an account's name, such as Checking")
        }
        return name
    }
}

extension ParsedArguments {
    /// A day option (`YYYY-MM-DD`, read by ``parseDay(_:option:)``), or `nil` when absent.
    func day(_ name: String) throws(UsageError) -> Day? {
        try value(name).map { text throws(UsageError) in try parseDay(text, option: name) }
    }

    /// A whole-number option within a range, or `nil` when absent.
    func count(_ name: String, _ what: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard value(name) != nil else { return nil }
        return try count(name, what, in: range, default: range.lowerBound)
    }

    /// A whole-number option within a range, or its default when absent.
    func count(_ name: String, _ what: String, in range: ClosedRange<Int>, default fallback: Int) throws(UsageError)
        -> Int
    {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(name) \(text) is not \(what); expected a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return number
    }
}

/// The command line can't be understood: exit code 2, with a message saying what was expected.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
