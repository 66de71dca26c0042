import AdapterProtocol
import LedgerCore

extension AdapterDescription {
    /// Reads and checks `describe`'s output: one JSON object with `protocols`, `name`, `version`,
    /// `summary` and `extensions` (and optionally `options`), `name` equal to NAME, and a protocol
    /// version in common with ``AdapterContract/versions``.
    ///
    /// - Throws: ``ExternalAdapterError`` saying which field is wrong, what it held and what was
    ///   expected.
    static func decode(_ output: [UInt8], adapter: String, at location: SourceLocation) throws(ExternalAdapterError)
        -> AdapterDescription
    {
        func bad(_ why: String) -> ExternalAdapterError {
            ExternalAdapterError(.badDescription(why), adapter: adapter, at: location)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(output)
        } catch {
            throw bad("output line \(error.line), column \(error.column): \(error.reason)")
        }
        guard case .object(let members) = root.kind else {
            throw bad("found \(root.summary); expected one JSON object")
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        func string(_ key: String) throws(ExternalAdapterError) -> String {
            guard let value = member(key) else { throw bad("\"\(key)\" is missing; expected a string") }
            guard case .string(let text) = value.kind else {
                throw bad("\"\(key)\" must be a string, found \(value.summary)")
            }
            return ProtocolError.displayable(text)
        }
        func strings(_ value: JSONValue, _ key: String) throws(ExternalAdapterError) -> [String] {
            guard case .array(let items) = value.kind else {
                throw bad("\"\(key)\" must be an array of strings, found \(value.summary)")
            }
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item.kind else {
                    throw bad("\"\(key)\" must be an array of strings, found \(item.summary) in it")
                }
                result.append(ProtocolError.displayable(text))
            }
            return result
        }

        guard let protocolsValue = member("protocols") else {
            throw bad("\"protocols\" is missing; expected an array of protocol versions such as [1]")
        }
        guard case .array(let versionValues) = protocolsValue.kind else {
            throw bad("\"protocols\" must be an array of integers, found \(protocolsValue.summary)")
        }
        var protocols: [Int] = []
        for value in versionValues {
            guard case .number(let text) = value.kind, let version = Int(text), version >= 1 else {
                throw bad("\"protocols\" must hold positive integers, found \(value.summary)")
            }
            protocols.append(version)
        }
        let name = try string("name")
        guard name == adapter else {
            throw bad(
                "\"name\" is \(quotedExcerpt(name)); expected \"\(adapter)\", the NAME in "
                    + "\(AdapterContract.executablePrefix)\(adapter)")
        }
        let version = try string("version")
        let summary = try string("summary")
        guard let extensionsValue = member("extensions") else {
            throw bad("\"extensions\" is missing; expected an array of strings such as [\"csv\"]")
        }
        let extensions = try strings(extensionsValue, "extensions").map { $0.lowercased() }
        var options: [AdapterOptionSpec] = []
        if let optionsValue = member("options") {
            guard case .array(let items) = optionsValue.kind else {
                throw bad("\"options\" must be an array of objects, found \(optionsValue.summary)")
            }
            for item in items {
                guard case .object(let fields) = item.kind else {
                    throw bad("\"options\" must be an array of objects, found \(item.summary) in it")
                }
                func field(_ key: String, required: Bool) throws(ExternalAdapterError) -> String {
                    guard let value = fields.first(where: { $0.key == key })?.value else {
                        if required { throw bad("an option's \"\(key)\" is missing; expected a string") }
                        return ""
                    }
                    guard case .string(let text) = value.kind else {
                        throw bad("an option's \"\(key)\" must be a string, found \(value.summary)")
                    }
                    return ProtocolError.displayable(text)
                }
                let optionName = try field("name", required: true)
                guard Self.isOptionName(optionName) else {
                    throw bad(
                        "option name \(quotedExcerpt(optionName)) is not usable; expected lower-case letters, "
                            + "digits and '-'")
                }
                options.append(
                    AdapterOptionSpec(
                        name: optionName, value: try field("value", required: false),
                        summary: try field("summary", required: false)))
            }
        }
        guard protocols.contains(where: { AdapterContract.versions.contains($0) }) else {
            throw ExternalAdapterError(
                .noCommonProtocol(adapter: protocols, host: AdapterContract.versions), adapter: adapter, at: location)
        }
        return AdapterDescription(
            name: name, version: version, summary: summary, extensions: extensions, protocols: protocols,
            options: options)
    }

    /// The description as `describe` prints it, which ``decode(_:adapter:at:)`` reads back.
    var json: JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("protocols", .array(protocols.map { .int(Int64($0)) })), ("name", .string(name)),
            ("version", .string(version)), ("summary", .string(summary)),
            ("extensions", .array(extensions.map { .string($0) })),
        ]
        if !options.isEmpty {
            members.append(
                (
                    "options",
                    .array(
                        options.map { option in
                            .object([
                                ("name", .string(option.name)), ("value", .string(option.value)),
                                ("summary", .string(option.summary)),
                            ])
                        })
                ))
        }
        return .object(members)
    }

    /// `profile`, `date-format`: what becomes `LEDGERPORT_OPTION_PROFILE`.
    static func isOptionName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x61...0x7A).contains(first) else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
