import ExternalAdapters
import Foundation
import LedgerCore
import Testing

@Suite("AdapterTrust")
struct AdapterTrustTests {
    let wise = DiscoveredAdapter(name: "wise", path: "/opt/ledgerport-adapter-wise")

    func pin(path: String = "/opt/ledgerport-adapter-wise", sha256: String = "aaa") -> AdapterPin {
        AdapterPin(name: "wise", path: path, sha256: sha256, version: "1.0.0", trustedAt: "2026-12-01T19:00:00Z")
    }

    @Test("the same path and digest is trusted; no pin is not trusted")
    func trustedAndNot() {
        #expect(AdapterTrust(of: wise, sha256: "aaa", pins: [pin()]) == .trusted)
        #expect(AdapterTrust(of: wise, sha256: "aaa", pins: []) == .notTrusted)
        #expect(
            AdapterTrust(of: wise, sha256: "aaa", pins: []).refusal(name: "wise", path: wise.path)
                == "adapter wise (/opt/ledgerport-adapter-wise) is not trusted: read it, then run `ledgerport adapters trust wise`"
        )
        #expect(AdapterTrust.trusted.refusal(name: "wise", path: wise.path) == nil)
    }

    @Test("another digest is changed, and the message names both digests")
    func changed() throws {
        let trust = AdapterTrust(of: wise, sha256: "bbb", pins: [pin()])
        #expect(trust == .changed(pinned: "aaa", now: "bbb"))
        let message = try #require(trust.refusal(name: "wise", path: wise.path))
        #expect(message.hasPrefix("adapter wise changed since you trusted it (sha256 was aaa, now bbb): "))
        #expect(message.hasSuffix("`ledgerport adapters trust wise`"))
        #expect(!trust.isTrusted)
    }

    @Test("another path is moved, even with the same digest")
    func moved() {
        let trust = AdapterTrust(of: wise, sha256: "aaa", pins: [pin(path: "/elsewhere/ledgerport-adapter-wise")])
        #expect(trust == .moved(pinnedPath: "/elsewhere/ledgerport-adapter-wise"))
        #expect(trust.label == "moved")
        #expect(!trust.isTrusted)
    }

    @Test("a file's digest is LedgerCore's SHA-256 of its bytes")
    func digest() throws {
        let scratch = try AdapterFolder()
        let path = try scratch.file("abc", "abc", mode: 0o644)
        #expect(
            try AdapterTrust.sha256(ofFileAt: path)
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let large = try scratch.file("large", String(repeating: "x", count: 200_000), mode: 0o644)
        var expected = SHA256()
        expected.update(Array(repeating: UInt8(ascii: "x"), count: 200_000))
        #expect(try AdapterTrust.sha256(ofFileAt: large) == expected.hexDigest())
        #expect(throws: AdapterTrustError.self) { try AdapterTrust.sha256(ofFileAt: scratch.path + "/missing") }
    }
}

@Suite("AdapterTrustStore")
struct AdapterTrustStoreTests {
    func pin(_ name: String, sha256: String = "aaa") -> AdapterPin {
        AdapterPin(
            name: name, path: "/opt/ledgerport-adapter-\(name)", sha256: sha256, version: "1.0.0",
            trustedAt: "2026-12-01T19:00:00Z")
    }

    @Test("the trust file is XDG_CONFIG_HOME/ledgerport/trusted-adapters.json, else under HOME/.config")
    func location() throws {
        #expect(
            try AdapterTrustStore(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/h"]).path
                == "/cfg/ledgerport/trusted-adapters.json")
        #expect(
            try AdapterTrustStore(environment: ["HOME": "/h"]).path == "/h/.config/ledgerport/trusted-adapters.json")
        #expect(throws: AdapterTrustError.self) { try AdapterTrustStore(environment: ["HOME": "relative"]) }
    }

    @Test("pins round-trip, one per NAME, in a file of mode 0600 written without leftovers")
    func roundTrip() throws {
        let scratch = try AdapterFolder()
        let store = AdapterTrustStore(path: scratch.path + "/config/ledgerport/trusted-adapters.json")
        #expect(try store.pins() == [])
        #expect(try store.trust(pin("wise")) == nil)
        try store.trust(pin("fixed"))
        #expect(try store.trust(pin("wise", sha256: "bbb")) == pin("wise"))
        #expect(try store.pins() == [pin("fixed"), pin("wise", sha256: "bbb")])
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = (store.path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["trusted-adapters.json"])
        #expect(try store.untrust(name: "wise") == pin("wise", sha256: "bbb"))
        #expect(try store.untrust(name: "wise") == nil)
        #expect(try store.pins() == [pin("fixed")])
    }

    @Test("the file lists each pin's name, path, sha256, version and trustedAt")
    func fileFormat() throws {
        let scratch = try AdapterFolder()
        let store = AdapterTrustStore(path: scratch.path + "/trusted-adapters.json")
        try store.trust(pin("wise"))
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]])
        #expect(
            parsed == [
                [
                    "name": "wise", "path": "/opt/ledgerport-adapter-wise", "sha256": "aaa", "version": "1.0.0",
                    "trustedAt": "2026-12-01T19:00:00Z",
                ]
            ])
    }

    @Test("a damaged trust file is an error located in it")
    func damaged() throws {
        let scratch = try AdapterFolder()
        let path = try scratch.file("trusted-adapters.json", "[{\"name\": \"wise\", \"path\": 3}]", mode: 0o600)
        let error = try #require(throws: AdapterTrustError.self) { try AdapterTrustStore(path: path).pins() }
        #expect(error.description.hasPrefix("\(path):1:"))
        #expect(error.message.contains("\"path\" is the number 3, not a string"))
        try scratch.file("trusted-adapters.json", "{", mode: 0o600)
        #expect(throws: AdapterTrustError.self) { try AdapterTrustStore(path: path).pins() }
    }
}
