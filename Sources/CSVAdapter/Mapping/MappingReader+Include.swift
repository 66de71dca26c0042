import Foundation
import LedgerCore

/// Reading `"include"`: shared pieces of a mapping kept in files of their own (docs/mappings.md,
/// "Include").
///
/// An included file is a mapping's top level, whole or in part. Its keys are taken as they are,
/// except `"name"` and `"include"`; the including mapping's own keys replace them whole (a key
/// given in both is the including mapping's, not a merge). Several includes apply in order, each
/// replacing the keys of those before it.
extension MappingReader {
    /// A top-level value taken from an included file, and that file.
    struct IncludedValue {
        var value: JSONValue
        var file: String
    }

    /// The keys the mapping at `path` includes, with the file each comes from.
    ///
    /// - Parameters:
    ///   - root: the mapping's top-level value.
    ///   - path: its file; relative includes start from its folder.
    ///   - chain: the files including this one, outermost first (to find cycles).
    mutating func includedKeys(of root: JSONValue, at path: String, chain: [String] = [])
        -> [String: IncludedValue]
    {
        guard case .object(let list) = root.kind, let include = list.first(where: { $0.key == "include" })?.value
        else { return [:] }
        let own = URL(fileURLWithPath: path).standardizedFileURL.path
        var result: [String: IncludedValue] = [:]
        for (reference, at) in includeNames(include) {
            guard let target = includedFile(reference, from: path, chain: chain + [own], at: at) else { continue }
            for (key, value) in target { result[key] = value }
        }
        return result
    }

    /// The names in an `"include"`: a string or an array of strings, each with its value.
    private mutating func includeNames(_ value: JSONValue) -> [(String, JSONValue)] {
        let values: [JSONValue]
        if case .array(let list) = value.kind { values = list } else { values = [value] }
        return values.compactMap { item in
            guard let name = string(item, "\"include\""), !name.isEmpty else {
                if case .string = item.kind {
                    problem("\"include\" is empty; expected a mapping's name or path", at: item)
                }
                return nil
            }
            return (name, item)
        }
    }

    /// The keys of one included file (its own includes first), or `nil` after a problem.
    private mutating func includedFile(_ reference: String, from path: String, chain: [String], at: JSONValue)
        -> [String: IncludedValue]?
    {
        // A name is a file beside the including one; a path starts from its folder. `.json` may be left off.
        let relative = reference.lowercased().hasSuffix(".json") ? reference : reference + ".json"
        // Shown as the user wrote the paths (relative stays relative); compared in full, for cycles.
        let folder = (path as NSString).deletingLastPathComponent
        let target =
            relative.hasPrefix("/") || folder.isEmpty
            ? (relative as NSString).standardizingPath
            : ((folder as NSString).appendingPathComponent(relative) as NSString).standardizingPath
        let identity = URL(fileURLWithPath: target).standardizedFileURL.path
        if let start = chain.firstIndex(of: identity) {
            let cycle = (chain[start...] + [identity]).map { ($0 as NSString).lastPathComponent }
            problem(
                "\"include\" \"\(reference)\" makes a cycle (\(cycle.joined(separator: " → "))); "
                    + "expected each file included once along a chain", at: at)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: target) else {
            problem("\"include\" \"\(reference)\" is not found; expected a mapping file at \(target)", at: at)
            return nil
        }
        let bytes = Array(data)
        let root: JSONValue
        do {
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            root = try JSONParser.parse(bytes, range: start..<max(start, bytes.count))
        } catch {
            problem(error.reason, at: SourceLocation(file: target, line: error.line, column: error.column))
            return nil
        }
        let including = file
        file = target
        defer { file = including }
        var result = includedKeys(of: root, at: target, chain: chain)
        for (key, value) in members(root, "the included mapping", known: MappingReader.topLevelKeys)
        where key != "name" && key != "include" {
            result[key] = IncludedValue(value: value, file: target)
        }
        return result
    }
}
