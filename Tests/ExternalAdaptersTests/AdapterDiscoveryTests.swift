import ExternalAdapters
import Foundation
import Testing

@Suite("AdapterDiscovery")
struct AdapterDiscoveryTests {
    @Test("the folders are LEDGERPORT_ADAPTER_PATH, then the config folder's adapters, then PATH")
    func order() {
        let discovery = AdapterDiscovery(environment: [
            "LEDGERPORT_ADAPTER_PATH": "/opt/a:/opt/b", "XDG_CONFIG_HOME": "/cfg", "HOME": "/home/me",
            "PATH": "/usr/local/bin:/usr/bin",
        ])
        #expect(
            discovery.searchDirectories == [
                "/opt/a", "/opt/b", "/cfg/ledgerport/adapters", "/usr/local/bin", "/usr/bin",
            ])
    }

    @Test("without XDG_CONFIG_HOME the config folder is HOME/.config")
    func homeConfig() {
        let discovery = AdapterDiscovery(environment: ["HOME": "/home/me/", "PATH": "/bin"])
        #expect(discovery.searchDirectories == ["/home/me/.config/ledgerport/adapters", "/bin"])
        let relative = AdapterDiscovery(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/me"])
        #expect(relative.searchDirectories == ["/home/me/.config/ledgerport/adapters"])
    }

    @Test("empty, dot and relative entries are never searched: not the current directory")
    func relativeSkipped() {
        let discovery = AdapterDiscovery(environment: [
            "LEDGERPORT_ADAPTER_PATH": ":.:adapters", "PATH": ".::bin:./tools:/usr/bin:",
        ])
        #expect(discovery.searchDirectories == ["/usr/bin"])
    }

    @Test("the first file of a NAME wins; later ones are reported hidden")
    func firstWins() throws {
        let scratch = try AdapterFolder()
        let first = try scratch.folder("first")
        let second = try scratch.folder("second")
        let winner = try scratch.file("ledgerport-adapter-wise", in: first)
        let later = try scratch.file("ledgerport-adapter-wise", in: second)
        let other = try scratch.file("ledgerport-adapter-fixed", in: second)
        let found = AdapterDiscovery(environment: ["LEDGERPORT_ADAPTER_PATH": first, "PATH": second]).discover()
        #expect(
            found.adapters == [
                DiscoveredAdapter(name: "wise", path: winner), DiscoveredAdapter(name: "fixed", path: other),
            ])
        #expect(found.hidden == [DiscoveredAdapter(name: "wise", path: later)])
    }

    @Test("only regular executable files with a valid NAME count")
    func onlyExecutables() throws {
        let scratch = try AdapterFolder()
        let folder = try scratch.folder("bin")
        try scratch.file("ledgerport-adapter-plain", in: folder, mode: 0o644)
        try FileManager.default.createDirectory(
            atPath: folder + "/ledgerport-adapter-folder", withIntermediateDirectories: true)
        for invalid in ["Upper", "-dash", "_under", "dot.ted", "sp ace", ""] {
            try scratch.file("ledgerport-adapter-" + invalid, in: folder)
        }
        let good = try scratch.file("ledgerport-adapter-ok_1-2", in: folder)
        let target = try scratch.file("real", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/ledgerport-adapter-linked", withDestinationPath: target)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/ledgerport-adapter-dangling", withDestinationPath: folder + "/missing")
        let found = AdapterDiscovery(environment: ["PATH": folder]).discover()
        #expect(found.adapters.map(\.name) == ["linked", "ok_1-2"])
        #expect(found.adapters.last?.path == good)
    }

    @Test("a folder named twice, with a trailing slash or through a symbolic link, is searched once")
    func sameFolderOnce() throws {
        let scratch = try AdapterFolder()
        let folder = try scratch.folder("usr-bin")
        let adapter = try scratch.file("ledgerport-adapter-wise", in: folder)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/bin", withDestinationPath: folder)
        let found = AdapterDiscovery(environment: ["PATH": "\(folder)/:\(folder):\(scratch.path)/bin"]).discover()
        #expect(found.adapters == [DiscoveredAdapter(name: "wise", path: adapter)])
        #expect(found.hidden.isEmpty)
    }

    @Test("a missing folder is passed over")
    func missingFolder() throws {
        let scratch = try AdapterFolder()
        let folder = try scratch.folder("bin")
        try scratch.file("ledgerport-adapter-wise", in: folder)
        let found = AdapterDiscovery(environment: ["PATH": "/nonexistent/ledgerport:" + folder]).discover()
        #expect(found.adapters.map(\.name) == ["wise"])
    }

    @Test(
        "NAME is [a-z0-9][a-z0-9_-]*",
        arguments: [
            ("wise", true), ("a", true), ("9x_y-z", true), ("", false),
            ("Wise", false), ("-x", false), ("x.y", false), ("é", false),
        ])
    func names(name: String, valid: Bool) {
        #expect(AdapterDiscovery.isValidName(name) == valid)
    }
}
