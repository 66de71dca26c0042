import Foundation
import LedgerCore

extension CSVMapping {
    /// Reads a mapping from a JSON file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the file's path: errors name it, and it gives the default name.
    /// - Throws: the first ``CSVError`` `.invalidMapping`, located at its line and column.
    public init(json bytes: [UInt8], path: String) throws(CSVError) {
        let (mapping, problems) = CSVMapping.decode(json: bytes, path: path)
        guard let mapping, problems.isEmpty else {
            throw problems.first ?? CSVError(.invalidMapping("the mapping can't be read"), at: .file(path))
        }
        self = mapping
    }

    /// Reads a mapping file from disk.
    ///
    /// - Throws: ``CSVError`` when the file can't be read or is not a valid mapping.
    public init(contentsOf path: String) throws(CSVError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CSVError(.invalidMapping("the mapping file can't be read"), at: .file(path))
        }
        try self.init(json: Array(data), path: path)
    }

    /// Reads a mapping and lists every problem found, each with its line and column.
    ///
    /// - Returns: the mapping when there is no problem, and the problems in file order.
    static func decode(json bytes: [UInt8], path: String) -> (CSVMapping?, [CSVError]) {
        let root: JSONValue
        do {
            // A mapping saved by a Windows editor may start with a UTF-8 byte-order mark.
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            root = try JSONParser.parse(bytes, range: start..<max(start, bytes.count))
        } catch {
            let location = SourceLocation(file: path, line: error.line, column: error.column)
            return (nil, [CSVError(.invalidMapping(error.reason), at: location)])
        }
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var reader = MappingReader(file: path)
        let mapping = reader.mapping(from: root, defaultName: base, path: path)
        // The mapping's own problems first, then those in the files it includes, each in file order.
        let problems = reader.problems.sorted {
            ($0.location.file != path ? 1 : 0, $0.location.file, $0.location.line, $0.location.column)
                < ($1.location.file != path ? 1 : 0, $1.location.file, $1.location.line, $1.location.column)
        }
        return (problems.isEmpty ? mapping : nil, problems)
    }
}
