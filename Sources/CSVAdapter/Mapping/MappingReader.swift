import Foundation
import LedgerCore

/// Walks a mapping's JSON, building the mapping and collecting every problem.
struct MappingReader: JSONFileReading {
    /// The mapping file, for locations (while a value from an included file is read: that file).
    var file: String
    var problems: [CSVError] = []
    /// The commodities the mapping declares, read before any `"currency"` that may name one.
    var commodities = CommodityTable()

    init(file: String) {
        self.file = file
    }

    mutating func problem(_ text: String, at location: SourceLocation) {
        problems.append(CSVError(.invalidMapping(text), at: location))
    }

    mutating func integer(_ value: JSONValue?, _ what: String) -> Int? {
        guard let value else { return nil }
        guard case .number(let text) = value.kind, let number = Int(text), number >= 0 else {
            problem("\(what) is \(value.typeName); expected a whole number, 0 or more", at: value)
            return nil
        }
        return number
    }

    /// The ISO 4217 currency or declared commodity a mapping's `"currency"` names, or `nil` after
    /// a problem that says how to declare it.
    mutating func currency(_ code: String, at value: JSONValue) -> Currency? {
        if let currency = commodities.currency(code: code) { return currency }
        let upper = code.uppercased()
        if Currency.isCommodityCode(upper) {
            problem(
                "\"currency\" \"\(code)\" is not an ISO 4217 code or a declared commodity; expected e.g. EUR, "
                    + "or \(upper) declared with its decimals in \"commodities\" ({\"\(upper)\": 8})", at: value)
        } else {
            problem("\"currency\" \"\(code)\" is not an ISO 4217 code; expected e.g. EUR, USD", at: value)
        }
        return nil
    }

    /// `"commodities": {"BTC": 8, "VWRL": 6}`: codes beyond ISO 4217 with their decimals.
    mutating func readCommodities(_ value: JSONValue, into mapping: inout CSVMapping) {
        guard case .object(let list) = value.kind else {
            problem(
                "\"commodities\" is \(value.typeName); expected an object of codes and decimals, such as {\"BTC\": 8}",
                at: value)
            return
        }
        var table = CommodityTable()
        // Codes ignore case: the first key that declared each, with its line and decimals.
        var seen: [String: (key: String, line: Int, digits: Int)] = [:]
        for member in list {
            let at = SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
            guard let digits = integer(member.value, "\"commodities\" \"\(member.key)\"") else { continue }
            let code = member.key.uppercased()
            if let first = seen[code] {
                if first.digits != digits {
                    problem(
                        "\"commodities\": \"\(member.key)\" repeats \"\(first.key)\" (line \(first.line)) with other "
                            + "decimals (\(digits), not \(first.digits)); expected each code once", at: at)
                }
                continue
            }
            seen[code] = (member.key, member.keyLine, digits)
            do throws(CoreError) {
                try table.declare(Currency.declared(code: member.key, minorDigits: digits, at: at), at: at)
            } catch {
                problem("\"commodities\": " + error.message, at: at)
            }
        }
        commodities = table
        mapping.commodities = table
    }

    /// A string or an array of strings.
    mutating func strings(_ value: JSONValue?, _ what: String) -> [String] {
        guard let value else { return [] }
        if case .string(let text) = value.kind { return [text] }
        guard case .array(let elements) = value.kind else {
            problem("\(what) is \(value.typeName); expected a string or an array of strings", at: value)
            return []
        }
        return elements.compactMap { string($0, what) }
    }

    /// A column: a header name, a 1-based index, or `{"column": ..., "optional": true}`.
    mutating func column(_ value: JSONValue?, _ what: String, optional: inout Set<String>) -> ColumnReference? {
        guard let value else { return nil }
        switch value.kind {
        case .string(let name):
            guard !name.trimmingBlanks().isEmpty else {
                problem("\(what) is an empty name; expected a header name", at: value)
                return nil
            }
            return .name(name.trimmingBlanks())
        case .number(let text):
            guard let index = Int(text), index >= 1 else {
                problem("\(what) is \(text); expected a column position from 1", at: value)
                return nil
            }
            return .index(index)
        case .object:
            let fields = members(value, what, known: ["column", "optional"])
            guard let columnValue = fields["column"] else {
                problem("\(what) has no \"column\"; expected a header name or position", at: value)
                return nil
            }
            var ignored: Set<String> = []
            let reference = column(columnValue, what, optional: &ignored)
            if bool(fields["optional"], "\"optional\"") == true, case .name(let name)? = reference {
                optional.insert(name.lowercased())
            }
            return reference
        default:
            problem("\(what) is \(value.typeName); expected a header name or a column position", at: value)
            return nil
        }
    }

    mutating func columns(_ value: JSONValue?, _ what: String, optional: inout Set<String>) -> [ColumnReference] {
        guard let value else { return [] }
        if case .array(let elements) = value.kind {
            return elements.compactMap { column($0, what, optional: &optional) }
        }
        return column(value, what, optional: &optional).map { [$0] } ?? []
    }

    mutating func dateField(_ value: JSONValue?, _ what: String, optional: inout Set<String>) -> DateField? {
        guard let value else { return nil }
        guard case .object = value.kind else {
            return column(value, what, optional: &optional).map { DateField(column: $0, format: .auto) }
        }
        let fields = members(value, what, known: ["column", "format"])
        guard let reference = column(fields["column"], "\(what) \"column\"", optional: &optional) else {
            if fields["column"] == nil { problem("\(what) has no \"column\"", at: value) }
            return nil
        }
        guard let formatText = string(fields["format"], "\(what) \"format\""), formatText != "auto" else {
            return DateField(column: reference, format: .auto)
        }
        guard let format = DateFormat(formatText) else {
            problem(
                "\(what) format \"\(formatText)\" is not a date pattern; expected letters y M d (e.g. dd.MM.yyyy, "
                    + "MM/dd/yyyy, d MMM yyyy, yyyyMMdd) or \"auto\"", at: fields["format"] ?? value)
            return nil
        }
        return DateField(column: reference, format: .fixed(format))
    }

    /// The keys a mapping's top level may have.
    static let topLevelKeys = [
        "$schema", "name", "description", "version", "match", "file", "columns", "amounts", "currency",
        "account", "skip", "footer", "statement", "fee",
        "rules", "set", "extract", "include", "commodities",
    ]

    mutating func mapping(from root: JSONValue, defaultName: String, path: String) -> CSVMapping {
        let included = includedKeys(of: root, at: path)
        let own = members(root, "the mapping", known: MappingReader.topLevelKeys)
        var mapping = CSVMapping(name: string(own["name"], "\"name\"") ?? defaultName, path: path)
        // The commodities first (the mapping's own, else an included file's): every "currency"
        // may name one of them.
        if let value = own["commodities"] {
            file = path
            readCommodities(value, into: &mapping)
        } else if let value = included["commodities"] {
            file = value.file
            readCommodities(value.value, into: &mapping)
        }
        // Included keys first, file by file, each read under its own file's name (for locations);
        // then the mapping's own keys, which replace included ones whole.
        for origin in Set(included.values.map(\.file)).sorted() {
            file = origin
            read(included.filter { $0.value.file == origin && own[$0.key] == nil }.mapValues(\.value), into: &mapping)
        }
        file = path
        read(own, into: &mapping)
        if own["columns"] == nil && included["columns"] == nil {
            problem("the mapping has no \"columns\"; expected at least a date and an amount", at: root)
        }
        // A mapping may leave the currency open (a generic layout used by banks in any country):
        // the import then needs one from the file, the user (`--currency`) or the existing account.
        return mapping
    }

    /// Reads the top-level keys given (the mapping's own, or those of one included file).
    private mutating func read(_ top: [String: JSONValue], into mapping: inout CSVMapping) {
        if let summary = string(top["description"], "\"description\"") { mapping.summary = summary }
        if let version = top["version"], integer(version, "\"version\"") != 1 {
            problem("\"version\" must be 1, the only version this reader knows", at: version)
        }
        if let match = top["match"] {
            let fields = members(match, "\"match\"", known: ["header", "refuse"])
            mapping.signature = strings(fields["header"], "\"match\" \"header\"")
            mapping.refusals = refusals(fields["refuse"])
        }
        if let file = top["file"] { readFile(file, into: &mapping) }
        if let columns = top["columns"] { readColumns(columns, into: &mapping) }
        if let amounts = top["amounts"] { readAmounts(amounts, into: &mapping) }
        if let code = string(top["currency"], "\"currency\"") {
            if let value = top["currency"] { mapping.currency = currency(code, at: value) }
        }
        if let account = top["account"] { readAccount(account, into: &mapping) }
        if let skip = top["skip"] { readSkip(skip, into: &mapping) }
        if let footer = top["footer"] {
            let fields = members(footer, "\"footer\"", known: ["startsWith", "afterBlankLine"])
            mapping.footer.startsWith = strings(fields["startsWith"], "\"footer\" \"startsWith\"")
            mapping.footer.afterBlankLine = bool(fields["afterBlankLine"], "\"footer\" \"afterBlankLine\"") ?? false
        }
        if let statement = top["statement"] { readStatementLines(statement, into: &mapping) }
        if let fee = top["fee"] { mapping.fee = feeRule(fee, optional: &mapping.optionalColumns) }
        if let rules = top["rules"] { readRules(rules, into: &mapping) }
        if let set = top["set"] { mapping.settings = settings(set, "\"set\"") }
        if let extract = top["extract"] { readExtractions(extract, into: &mapping) }
    }

    private mutating func readFile(_ value: JSONValue, into mapping: inout CSVMapping) {
        let fields = members(value, "\"file\"", known: ["encoding", "delimiter", "quote", "header", "skipLines"])
        if let name = string(fields["encoding"], "\"encoding\""), name != "auto" {
            mapping.encoding = CSVEncoding(name: name)
            if mapping.encoding == nil, let value = fields["encoding"] {
                let known = CSVEncoding.allCases.map(\.rawValue).joined(separator: ", ")
                problem("\"encoding\" \"\(name)\" is not known; expected one of \(known) or auto", at: value)
            }
        }
        if let name = string(fields["delimiter"], "\"delimiter\""), name != "auto" {
            mapping.delimiter = CSVDialect.byte(named: name)
            if mapping.delimiter == nil, let value = fields["delimiter"] {
                problem(
                    "\"delimiter\" \"\(name)\" is not one character; expected , ; | tab or auto", at: value)
            }
        }
        if let quoteValue = fields["quote"] {
            if case .null = quoteValue.kind {
                mapping.quote = nil
            } else if let text = string(quoteValue, "\"quote\"") {
                if text.isEmpty {
                    mapping.quote = nil
                } else if let byte = CSVDialect.byte(named: text) {
                    mapping.quote = byte
                } else {
                    problem(
                        "\"quote\" \"\(text)\" is not one character; expected \"\\\"\" or \"'\"",
                        at: quoteValue)
                }
            }
        }
        mapping.hasHeader = bool(fields["header"], "\"header\"") ?? true
        mapping.skipLines = integer(fields["skipLines"], "\"skipLines\"") ?? 0
    }

    private mutating func readColumns(_ value: JSONValue, into mapping: inout CSVMapping) {
        let fields = members(
            value, "\"columns\"",
            known: [
                "date", "transactionDate", "description", "descriptionSeparator", "memo", "id", "amount", "balance",
                "currency", "status", "account",
            ])
        var optional: Set<String> = []
        if let date = dateField(fields["date"], "\"date\"", optional: &optional) {
            mapping.date = date
        } else if fields["date"] == nil {
            problem("\"columns\" has no \"date\"; expected the column holding the booking day", at: value)
        }
        mapping.transactionDate = dateField(fields["transactionDate"], "\"transactionDate\"", optional: &optional)
        mapping.description = columns(fields["description"], "\"description\"", optional: &optional)
        mapping.descriptionSeparator = string(fields["descriptionSeparator"], "\"descriptionSeparator\"") ?? " "
        mapping.memo = columns(fields["memo"], "\"memo\"", optional: &optional)
        mapping.externalID = column(fields["id"], "\"id\"", optional: &optional)
        mapping.balance = column(fields["balance"], "\"balance\"", optional: &optional)
        mapping.currencyColumn = column(fields["currency"], "\"currency\"", optional: &optional)
        mapping.accountColumn = column(fields["account"], "\"account\"", optional: &optional)
        if let status = fields["status"] {
            let parts = members(status, "\"status\"", known: ["column", "pending"])
            if let reference = column(parts["column"], "\"status\" \"column\"", optional: &optional) {
                let pending = strings(parts["pending"], "\"status\" \"pending\"")
                mapping.status = StatusRule(column: reference, pendingValues: pending.isEmpty ? ["pending"] : pending)
            }
        }
        if let amount = fields["amount"] {
            if let shape = amountShape(amount, optional: &optional) { mapping.amount = shape }
        } else {
            problem("\"columns\" has no \"amount\"; expected a column or {\"debit\", \"credit\"}", at: value)
        }
        mapping.optionalColumns = optional
    }

    private mutating func amountShape(_ value: JSONValue, optional: inout Set<String>) -> AmountShape? {
        guard case .object = value.kind else {
            return column(value, "\"amount\"", optional: &optional).map { .signed($0) }
        }
        let fields = members(value, "\"amount\"", known: ["column", "debit", "credit", "indicator"])
        if fields["debit"] != nil || fields["credit"] != nil {
            guard let debit = column(fields["debit"], "\"amount\" \"debit\"", optional: &optional),
                let credit = column(fields["credit"], "\"amount\" \"credit\"", optional: &optional)
            else {
                problem("\"amount\" needs both \"debit\" and \"credit\" columns", at: value)
                return nil
            }
            return .debitCredit(debit: debit, credit: credit)
        }
        guard let amount = column(fields["column"], "\"amount\" \"column\"", optional: &optional) else {
            problem("\"amount\" has no \"column\"; expected a column, or \"debit\" and \"credit\"", at: value)
            return nil
        }
        guard let indicator = fields["indicator"] else { return .signed(amount) }
        if case .object = indicator.kind {
            let parts = members(indicator, "\"indicator\"", known: ["column", "debit", "credit"])
            guard let reference = column(parts["column"], "\"indicator\" \"column\"", optional: &optional) else {
                problem("\"indicator\" has no \"column\"", at: indicator)
                return nil
            }
            let debit = strings(parts["debit"], "\"indicator\" \"debit\"")
            let credit = strings(parts["credit"], "\"indicator\" \"credit\"")
            let both = Set(debit.map { $0.lowercased() }).intersection(credit.map { $0.lowercased() })
            if !both.isEmpty {
                let words = both.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                problem(
                    "\(words) is both a debit and a credit word; expected each word in one list", at: indicator
                )
            }
            return .indicator(
                amount: amount, column: reference, debitWords: debit.isEmpty ? AmountShape.defaultDebitWords : debit,
                creditWords: credit.isEmpty ? AmountShape.defaultCreditWords : credit)
        }
        guard let reference = column(indicator, "\"indicator\"", optional: &optional) else { return nil }
        return .indicator(
            amount: amount, column: reference, debitWords: AmountShape.defaultDebitWords,
            creditWords: AmountShape.defaultCreditWords)
    }

    private mutating func readAmounts(_ value: JSONValue, into mapping: inout CSVMapping) {
        let fields = members(value, "\"amounts\"", known: ["decimalSeparator", "thousandsSeparator", "invert"])
        var decimal = UInt8(ascii: ".")
        if let text = string(fields["decimalSeparator"], "\"decimalSeparator\"") {
            if text == "." || text == "," {
                decimal = UInt8(ascii: text == "." ? "." : ",")
            } else if let location = fields["decimalSeparator"]?.location(in: file) {
                problem("\"decimalSeparator\" \"\(text)\" is not supported; expected \".\" or \",\"", at: location)
            }
        }
        if let grouping = string(fields["thousandsSeparator"], "\"thousandsSeparator\"") {
            if grouping.utf8.contains(decimal), let location = fields["thousandsSeparator"]?.location(in: file) {
                problem(
                    "\"thousandsSeparator\" includes the decimal separator; expected other characters", at: location)
            }
            mapping.amountSyntax = AmountSyntax(decimalSeparator: decimal, grouping: grouping)
        } else {
            mapping.amountSyntax = AmountSyntax(decimalSeparator: decimal)
        }
        mapping.invertSign = bool(fields["invert"], "\"invert\"") ?? false
    }

    private mutating func readAccount(_ value: JSONValue, into mapping: inout CSVMapping) {
        let fields = members(value, "\"account\"", known: ["name", "kind", "institution", "perCurrency"])
        mapping.accountPerCurrency = bool(fields["perCurrency"], "\"account\" \"perCurrency\"") ?? false
        mapping.accountName = string(fields["name"], "\"account\" \"name\"")
        mapping.institution = string(fields["institution"], "\"account\" \"institution\"")
        if let kind = string(fields["kind"], "\"account\" \"kind\"") {
            if let parsed = AccountKind(rawValue: kind) {
                mapping.accountKind = parsed
            } else if let location = fields["kind"]?.location(in: file) {
                problem("\"kind\" \"\(kind)\" is not known; expected \"asset\" or \"liability\"", at: location)
            }
        }
    }

    private mutating func readSkip(_ value: JSONValue, into mapping: inout CSVMapping) {
        guard case .array(let rules) = value.kind else {
            problem("\"skip\" is \(value.typeName); expected an array of rules", at: value)
            return
        }
        var ignored: Set<String> = []
        for ruleValue in rules {
            let fields = members(
                ruleValue, "a \"skip\" rule", known: ["column", "equals", "startsWith", "contains", "isEmpty"])
            var rule = SkipRule(column: column(fields["column"], "\"skip\" \"column\"", optional: &ignored))
            rule.equals = strings(fields["equals"], "\"equals\"")
            rule.startsWith = strings(fields["startsWith"], "\"startsWith\"")
            rule.contains = strings(fields["contains"], "\"contains\"")
            rule.isEmpty = bool(fields["isEmpty"], "\"isEmpty\"") ?? false
            if rule.equals.isEmpty && rule.startsWith.isEmpty && rule.contains.isEmpty && !rule.isEmpty {
                problem(
                    "a \"skip\" rule tests nothing; expected \"equals\", \"startsWith\", \"contains\" or \"isEmpty\"",
                    at: ruleValue)
            }
            mapping.skipRules.append(rule)
        }
    }

    private mutating func readStatementLines(_ value: JSONValue, into mapping: inout CSVMapping) {
        guard case .array(let lines) = value.kind else {
            problem(
                "\"statement\" is \(value.typeName); expected an array of {\"label\", \"role\"}", at: value)
            return
        }
        for line in lines {
            let fields = members(line, "a \"statement\" line", known: ["label", "role", "amounts", "currency"])
            guard let label = string(fields["label"], "\"label\""), let roleName = string(fields["role"], "\"role\"")
            else {
                problem("a \"statement\" line needs \"label\" and \"role\"", at: line)
                continue
            }
            guard let role = StatementLineRule.Role(rawValue: roleName) else {
                let known = StatementLineRule.Role.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                problem(
                    "\"role\" \"\(roleName)\" is not known; expected one of \(known)",
                    at: fields["role"] ?? line)
                continue
            }
            var rule = StatementLineRule(label: label, role: role)
            readStatementAmount(fields, of: line, into: &rule)
            mapping.statementLines.append(rule)
        }
    }
}
