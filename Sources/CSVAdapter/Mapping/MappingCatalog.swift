import Foundation
import LedgerCore

/// The mappings found in a list of folders, in search order: the first folder wins on a name.
///
/// The CLI passes the user's folder (`$XDG_CONFIG_HOME/ledgerport/mappings`) before the bundled
/// `mappings/` folder, so a user's mapping replaces a shipped one of the same name.
///
/// ```swift
/// let catalog = MappingCatalog(directories: [userFolder, bundledFolder])
/// for entry in catalog.entries { print(entry.name, entry.summary) }
/// let mapping = try catalog.mapping(named: "generic")
/// ```
public struct MappingCatalog: Sendable {
    /// One mapping file found in a folder.
    public struct Entry: Sendable {
        /// The mapping's name (its `"name"`, else the file name without `.json`).
        public var name: String
        /// The mapping's one-line description (empty when the file is invalid).
        public var summary: String
        /// The file's path.
        public var path: String
        /// The folder it was found in.
        public var directory: String
        /// Whether an earlier folder has a mapping of the same name, which wins.
        public var isShadowed: Bool
        /// The problems found in the file, each with its line; empty for a valid mapping.
        public var problems: [CSVError]
        /// The mapping, when the file is valid.
        public var mapping: CSVMapping?
    }

    /// The folders searched, in order.
    public let directories: [String]
    /// Every mapping file found, folder by folder, files sorted by name.
    public let entries: [Entry]

    /// Reads every `*.json` file in the folders (a missing folder is skipped).
    public init(directories: [String]) {
        self.directories = directories
        var entries: [Entry] = []
        var seen: Set<String> = []
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files.sorted() where file.lowercased().hasSuffix(".json") {
                let path = (directory as NSString).appendingPathComponent(file)
                let bytes = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
                let (mapping, problems) = CSVMapping.decode(json: bytes, path: path)
                let name = mapping?.name ?? (file as NSString).deletingPathExtension
                entries.append(
                    Entry(
                        name: name, summary: mapping?.summary ?? "", path: path, directory: directory,
                        isShadowed: seen.contains(name), problems: problems, mapping: mapping))
                seen.insert(name)
            }
        }
        self.entries = entries
    }

    /// The valid mappings that are not shadowed, in search order.
    public var mappings: [CSVMapping] {
        entries.filter { !$0.isShadowed }.compactMap(\.mapping)
    }

    /// Finds a mapping by name, or reads it from a path.
    ///
    /// A value containing `/` or ending in `.json` is a path; otherwise the folders are searched
    /// in order for a mapping of that name (file name or `"name"` key).
    ///
    /// - Throws: ``CSVError`` `.mappingNotFound`, or the mapping file's first problem.
    public func mapping(named nameOrPath: String) throws(CSVError) -> CSVMapping {
        if nameOrPath.contains("/") || nameOrPath.lowercased().hasSuffix(".json") {
            if FileManager.default.fileExists(atPath: nameOrPath) {
                return try CSVMapping(contentsOf: nameOrPath)
            }
            if nameOrPath.contains("/") {
                throw CSVError(.mappingNotFound(name: nameOrPath, searched: []), at: .file(nameOrPath))
            }
        }
        let wanted = nameOrPath.lowercased().hasSuffix(".json") ? String(nameOrPath.dropLast(5)) : nameOrPath
        for entry in entries
        where !entry.isShadowed
            && (entry.name == wanted
                || ((entry.path as NSString).lastPathComponent as NSString).deletingPathExtension == wanted)
        {
            if let mapping = entry.mapping { return mapping }
            if let problem = entry.problems.first { throw problem }
        }
        throw CSVError(.mappingNotFound(name: nameOrPath, searched: directories), at: .file(nameOrPath))
    }
}
