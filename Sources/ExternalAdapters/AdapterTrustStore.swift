import Foundation
import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The trust file, `$XDG_CONFIG_HOME/ledgerport/trusted-adapters.json`: the pinned adapters.
///
/// The file is a JSON array of ``AdapterPin`` objects (`name`, `path`, `sha256`, `version`,
/// `trustedAt`, and `description`: what `describe` printed, as a string), one per NAME. It is replaced whole on every change (written to a temporary file
/// beside it, then renamed over it), with mode 0600, so a crash leaves the old file or the new
/// one, never half of one. A missing file means nothing is trusted.
public struct AdapterTrustStore: Sendable {
    /// The trust file's path.
    public let path: String

    /// The trust file at a path.
    public init(path: String) {
        self.path = path
    }

    /// The trust file the environment names: `$XDG_CONFIG_HOME/ledgerport/trusted-adapters.json`
    /// (`$HOME/.config/...` when `XDG_CONFIG_HOME` is unset).
    ///
    /// - Throws: ``AdapterTrustError`` `.noConfigFolder` when neither names an absolute folder.
    public init(environment: [String: String]) throws(AdapterTrustError) {
        guard let folder = ConfigFolder(environment: environment).path else {
            throw AdapterTrustError(.noConfigFolder, at: .file("trusted-adapters.json"))
        }
        path = folder + "/trusted-adapters.json"
    }

    /// The pins, in the file's order; none when the file doesn't exist.
    ///
    /// - Throws: ``AdapterTrustError`` when the file can't be read or isn't an array of pins.
    public func pins() throws(AdapterTrustError) -> [AdapterPin] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AdapterTrustError(.io("can't read \(path)"), at: .file(path))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(data))
        } catch {
            throw AdapterTrustError(
                .damagedTrustFile(error.reason), at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        guard case .array(let items) = value.kind else {
            throw AdapterTrustError(.damagedTrustFile("found \(value.summary)"), at: value.location(in: path))
        }
        var pins: [AdapterPin] = []
        for item in items { pins.append(try pin(item)) }
        return pins
    }

    /// Pins an adapter, replacing any earlier pin of its NAME.
    ///
    /// - Returns: the earlier pin of that NAME, if there was one.
    @discardableResult
    public func trust(_ pin: AdapterPin) throws(AdapterTrustError) -> AdapterPin? {
        var pins = try pins()
        let earlier = pins.first { $0.name == pin.name }
        pins.removeAll { $0.name == pin.name }
        pins.append(pin)
        try write(pins)
        return earlier
    }

    /// Removes an adapter's pin.
    ///
    /// - Returns: the pin removed, or `nil` when the NAME had none (the file is left as it was).
    @discardableResult
    public func untrust(name: String) throws(AdapterTrustError) -> AdapterPin? {
        var pins = try pins()
        guard let earlier = pins.first(where: { $0.name == name }) else { return nil }
        pins.removeAll { $0.name == name }
        try write(pins)
        return earlier
    }

    /// Replaces the file with these pins: a temporary file (mode 0600) beside it, renamed over it.
    ///
    /// - Throws: ``AdapterTrustError`` `.io` when the folder or a file can't be made or written.
    public func write(_ pins: [AdapterPin]) throws(AdapterTrustError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AdapterTrustError(
                .io("can't create the folder \(folder): \(error.localizedDescription)"), at: .file(path))
        }
        let json = JSONOutput.array(pins.map(Self.json)).rendered() + "\n"
        let temporary = folder + "/.trusted-adapters.json.\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AdapterTrustError(.io("can't create \(temporary): \(Self.systemError())"), at: .file(path))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        var written = true
        do { try handle.write(contentsOf: Data(json.utf8)) } catch { written = false }
        let synced = fsync(descriptor) == 0
        let reason = Self.systemError()
        close(descriptor)
        guard written, synced, rename(temporary, path) == 0 else {
            let failure = written && synced ? Self.systemError() : reason
            unlink(temporary)
            throw AdapterTrustError(.io("can't write \(path): \(failure)"), at: .file(path))
        }
    }

    // MARK: - Private

    private static func json(_ pin: AdapterPin) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(pin.name)), ("path", .string(pin.path)), ("sha256", .string(pin.sha256)),
            ("version", .string(pin.version)), ("trustedAt", .string(pin.trustedAt)),
        ]
        // The description as `describe` prints it, in a string: read back through the same check.
        if let description = pin.description { members.append(("description", .string(description.json.rendered()))) }
        return .object(members)
    }

    /// One pin from the file, every field a string.
    private func pin(_ value: JSONValue) throws(AdapterTrustError) -> AdapterPin {
        guard case .object(let members) = value.kind else {
            throw AdapterTrustError(
                .damagedTrustFile("an entry is \(value.summary), not an object"), at: value.location(in: path))
        }
        func text(_ key: String) throws(AdapterTrustError) -> String {
            guard let member = members.first(where: { $0.key == key }) else {
                throw AdapterTrustError(.damagedTrustFile("an entry has no \"\(key)\""), at: value.location(in: path))
            }
            guard case .string(let text) = member.value.kind else {
                throw AdapterTrustError(
                    .damagedTrustFile("\"\(key)\" is \(member.value.summary), not a string"),
                    at: member.value.location(in: path))
            }
            return text
        }
        let name = try text("name")
        // A description that doesn't read back is only lost: the adapter is described again.
        let description = members.first { $0.key == "description" }.flatMap { member -> AdapterDescription? in
            guard case .string(let text) = member.value.kind else { return nil }
            return try? AdapterDescription.decode(Array(text.utf8), adapter: name, at: .file(path))
        }
        return AdapterPin(
            name: name, path: try text("path"), sha256: try text("sha256"), version: try text("version"),
            trustedAt: try text("trustedAt"), description: description)
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
