/// A field's text made of literal text and other fields: `%2 – %4`, `%{Payee} (%{Reference})`.
///
/// `%N` is the N-th field (from 1), `%{Name}` the field under that header name, `%%` a literal
/// `%`. A template without `%` is a constant.
struct FieldTemplate: Sendable {
    enum Part: Sendable {
        case text(String)
        case field(ColumnReference)
    }

    var parts: [Part]

    /// Reads a template.
    ///
    /// - Returns: the template, or what is wrong and at which character (from 0).
    static func parse(_ source: String) -> Result<FieldTemplate, TemplateProblem> {
        var parts: [Part] = []
        var literal = ""
        var characters = Array(source)[...]
        var offset = 0
        while let character = characters.popFirst() {
            offset += 1
            guard character == "%" else {
                literal.append(character)
                continue
            }
            switch characters.first {
            case "%":
                characters.removeFirst()
                offset += 1
                literal.append("%")
            case "{":
                characters.removeFirst()
                guard let close = characters.firstIndex(of: "}") else {
                    return .failure(TemplateProblem(offset: offset - 1, text: "\"%{\" has no closing \"}\""))
                }
                let name = String(characters[..<close]).trimmingSpaces()
                guard !name.isEmpty else {
                    return .failure(TemplateProblem(offset: offset - 1, text: "\"%{}\" names no column"))
                }
                offset += characters.distance(from: characters.startIndex, to: close) + 2
                characters = characters[characters.index(after: close)...]
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.field(.name(name)))
            case let next? where next.isASCII && next.isNumber:
                var digits = ""
                while let digit = characters.first, digit.isASCII, digit.isNumber {
                    digits.append(digit)
                    characters.removeFirst()
                }
                guard let index = Int(digits), index >= 1 else {
                    return .failure(
                        TemplateProblem(offset: offset - 1, text: "\"%\(digits)\" is no column; columns count from 1"))
                }
                offset += digits.count
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.field(.index(index)))
            default:
                return .failure(
                    TemplateProblem(
                        offset: offset - 1,
                        text: "\"%\" is not followed by a column; expected %1, %{Name} or %% for a literal %"))
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return .success(FieldTemplate(parts: parts))
    }

    /// The columns the template reads.
    var columns: [ColumnReference] {
        parts.compactMap { part in
            if case .field(let reference) = part { return reference }
            return nil
        }
    }
}

/// What is wrong with a template, and where in it.
struct TemplateProblem: Error {
    /// The character (from 0) where the problem starts.
    var offset: Int
    var text: String
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
