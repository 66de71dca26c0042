import Foundation

/// A scratch folder for adapter executables, removed when the test ends.
final class AdapterFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-adapters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    /// Makes a subfolder and returns its path.
    func folder(_ name: String) throws -> String {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// Writes a file (executable unless told otherwise) and returns its path.
    @discardableResult
    func file(_ name: String, in folder: String? = nil, _ text: String = "#!/bin/sh\necho hi\n", mode: Int = 0o755)
        throws -> String
    {
        let path = (folder ?? self.path) + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }
}
