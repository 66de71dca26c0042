import ExternalAdapters
import LedgerCore

/// `ledgerport adapters untrust NAME`: removes an external adapter's pin, so that it no longer runs.
struct AdaptersUntrustCommand: Command {
    static let name = "adapters untrust"
    static let abstract = "Stop trusting an external adapter: remove its pin (the file stays)."
    static let arguments = "NAME"
    static let discussion = """
        Exit status: 0 when the pin was removed, 2 for a NAME that has no pin.
        """
    static let opensLedger = false
    static let options: [OptionSpec] = []

    let adapterName: String

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("adapters untrust needs exactly one NAME") }
        adapterName = arguments.positionals[0]
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try AdapterTrustStore(environment: context.environment)
        guard let removed = try store.untrust(name: adapterName) else {
            let pinned = try store.pins().map(\.name)
            throw UsageError(
                "adapter \(adapterName) is not trusted, so there is nothing to untrust"
                    + (pinned.isEmpty ? "" : "; trusted: \(pinned.joined(separator: ", "))"))
        }
        context.console.print("untrusted \(removed.name) \(removed.version) (\(removed.path)); it no longer runs")
        return 0
    }
}
