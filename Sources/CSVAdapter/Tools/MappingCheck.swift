import Foundation
import LedgerCore

/// What `ledgerport mappings check FILE` reports: every problem in a mapping file, each at its
/// line and column, and optionally how the mapping reads a sample export.
///
/// ```swift
/// let problems = MappingCheck.problems(inFileAt: "mappings/my-bank.json")
/// for problem in problems { print(problem) }   // my-bank.json:7:5: error: unknown key "colums" ...
/// ```
public enum MappingCheck {
    /// Validates a mapping file.
    ///
    /// Checks the JSON syntax, every key (unknown keys are reported, so typos don't pass
    /// silently), every value's type, date patterns, encodings, delimiters, currencies, and that a
    /// header-less mapping names its columns by position.
    ///
    /// - Parameter path: the mapping file.
    /// - Returns: the problems in file order; empty when the mapping is valid.
    public static func problems(inFileAt path: String) -> [CSVError] {
        guard let data = FileManager.default.contents(atPath: path) else {
            return [CSVError(.invalidMapping("the mapping file can't be read"), at: .file(path))]
        }
        return problems(json: Array(data), path: path)
    }

    /// Validates a mapping's JSON text.
    public static func problems(json bytes: [UInt8], path: String) -> [CSVError] {
        let (mapping, problems) = CSVMapping.decode(json: bytes, path: path)
        guard let mapping else { return problems }
        var found: [CSVError] = []
        if !mapping.hasHeader {
            let named = (HeaderBinding.allReferences(of: mapping) + mapping.ruleColumns).filter {
                if case .name = $0 { return true } else { return false }
            }
            if !named.isEmpty {
                let names = named.map(\.description).joined(separator: ", ")
                found.append(
                    CSVError(
                        .invalidMapping(
                            "the file has no header (\"header\": false) but columns are named (\(names)); "
                                + "expected column positions such as 1, 2, 3"),
                        at: SourceLocation(file: path, line: 1, column: 1)))
            }
        }
        return found
    }

    /// Reads a sample export with a mapping and returns the preview `inspect` would show.
    ///
    /// - Parameters:
    ///   - mappingPath: the mapping file to try.
    ///   - stream: the export.
    /// - Throws: the mapping's first problem, or the export's first error.
    public static func tryMapping(at mappingPath: String, on stream: any ByteStream, rowLimit: Int = 10) throws
        -> CSVInspection
    {
        let options = AdapterOptions(mapping: mappingPath, fileName: stream.name)
        return try CSVInspection.inspect(stream: stream, options: options, rowLimit: rowLimit)
    }
}
