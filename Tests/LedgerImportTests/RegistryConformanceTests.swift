import Foundation
import LedgerCore
import LedgerImport
import LedgerTestSupport
import Testing

/// The shared adapter suite (`checkSourceAdapter`, at full strength through `checkFormatAdapter`),
/// the one every adapter passes, built in or external, run for every adapter in the registry on
/// every sample and fixture that adapter reads, so that a new adapter is covered as soon as it
/// is registered and has a sample.
@Suite("conformance of every registered adapter")
struct RegistryConformanceTests {
    /// A file an adapter reads: the adapter detection picks for it, else the one whose file
    /// extensions name it (for fixtures too broken to detect).
    struct Sample: CustomStringConvertible, Sendable {
        let path: String
        let adapterID: String
        var description: String { "\(adapterID): \(path)" }
    }

    /// The folders searched, under the repository's root. (`samples/feed/` is a feed folder for
    /// `sync`, not a file for an adapter.)
    static let folders = [
        "samples", "samples/csv", "samples/ofx", "Tests/Fixtures/CSV", "Tests/Fixtures/CSV/malformed",
        "Tests/Fixtures/OFX", "samples/camt", "Tests/Fixtures/camt",
        "samples/qif", "Tests/Fixtures/QIF", "samples/mt940", "Tests/Fixtures/MT940",
    ]

    static let samples: [Sample] = {
        let root = Fixture.repositoryRoot
        var samples: [Sample] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where !name.hasSuffix(".expected") {
                let file = url.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
                    let data = try? Data(contentsOf: file)
                else { continue }
                let head = Array(data.prefix(8192))
                let ext = file.pathExtension.lowercased()
                let adapter =
                    FormatRegistry.detect(head: head, fileName: name)?.adapter
                    ?? FormatRegistry.adapters.first { $0.fileExtensions.contains(ext) }
                if let adapter { samples.append(Sample(path: "\(folder)/\(name)", adapterID: adapter.id)) }
            }
        }
        return samples
    }()

    /// The options an import would use: the shipped mappings and the fixtures' own, and a
    /// currency for the files that state none (as an existing USD account gives one), so that a
    /// generic CSV is read to its end rather than stopped at its header.
    static func options(for sample: Sample) -> AdapterOptions {
        let root = Fixture.repositoryRoot
        var options = AdapterOptions(
            mappingDirectories: [
                root.appendingPathComponent("mappings").path, Fixture.url("CSV/mappings").path,
            ], fileName: sample.path, accountCurrency: .USD)
        // The commodity fixtures' unit, as a ledger that declares it passes it.
        options.commodities = CommodityTable([try! Currency.declared(code: "BTC", minorDigits: 8, at: .file("BTC"))])
        return options
    }

    @Test(
        "each bundled sample is read whole, with drafts: the suite's truncations start from a full read",
        arguments: samples.filter { $0.path.hasPrefix("samples/") })
    func samplesReadWhole(sample: Sample) throws {
        let adapter = try #require(FormatRegistry.formats.first { $0.id == sample.adapterID })
        let bytes = Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent(sample.path)))
        let run = read(adapter, bytes: bytes, name: sample.path, options: Self.options(for: sample))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(!run.drafts.isEmpty)
    }

    @Test("every registered adapter has at least one sample or fixture to be checked with")
    func everyAdapterHasSamples() {
        for adapter in FormatRegistry.adapters {
            #expect(
                Self.samples.contains { $0.adapterID == adapter.id },
                "no file in \(Self.folders) is read by \(adapter.id): add a sample so the shared suite covers it")
        }
    }

    @Test("each sample passes the shared suite with the adapter that reads it", arguments: samples)
    func conformance(sample: Sample) throws {
        let adapter = try #require(FormatRegistry.formats.first { $0.id == sample.adapterID })
        let bytes = Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent(sample.path)))
        let problems = check(adapter, bytes: bytes, name: sample.path, options: Self.options(for: sample))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Opens the existential for one plain read.
    private func read<Adapter: FormatAdapter>(
        _ adapter: Adapter.Type, bytes: [UInt8], name: String, options: AdapterOptions
    ) -> AdapterRun {
        runAdapter(adapter, bytes: bytes, name: name, options: options)
    }

    /// Opens the existential: the suite is generic over the adapter's type.
    private func check<Adapter: FormatAdapter>(
        _ adapter: Adapter.Type, bytes: [UInt8], name: String, options: AdapterOptions
    ) -> [String] {
        checkFormatAdapter(adapter, bytes: bytes, name: name, options: options)
    }
}
