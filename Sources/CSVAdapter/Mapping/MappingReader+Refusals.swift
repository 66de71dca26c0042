import LedgerCore

extension MappingReader {
    /// `"match"` `"refuse"`: `[{"header": [names], "looksLike": "...", "instead": "..."}]`.
    mutating func refusals(_ value: JSONValue?) -> [HeaderRefusal] {
        guard let value else { return [] }
        guard case .array(let elements) = value.kind else {
            problem(
                "\"refuse\" is \(value.typeName); expected an array of {\"header\", \"looksLike\", \"instead\"}",
                at: value)
            return []
        }
        var result: [HeaderRefusal] = []
        for element in elements {
            let fields = members(element, "a \"refuse\" entry", known: ["header", "looksLike", "instead"])
            let header = strings(fields["header"], "\"refuse\" \"header\"")
            let looksLike = string(fields["looksLike"], "\"looksLike\"") ?? ""
            let instead = string(fields["instead"], "\"instead\"") ?? ""
            guard !header.isEmpty, !looksLike.isEmpty, !instead.isEmpty else {
                problem(
                    "a \"refuse\" entry needs \"header\" (the column names that give the file away), "
                        + "\"looksLike\" (what the file is) and \"instead\" (what to do)", at: element)
                continue
            }
            result.append(HeaderRefusal(header: header, looksLike: looksLike, instead: instead))
        }
        return result
    }
}
