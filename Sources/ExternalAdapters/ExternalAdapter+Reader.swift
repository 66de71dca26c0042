import LedgerCore

/// Reads one file through an external adapter's `extract`.
struct ExternalDraftReader: DraftReader {
    let adapter: ExternalAdapter
    let options: AdapterOptions

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        throw ExternalAdapterError(.cannotStart("not implemented yet"), adapter: adapter.name, at: .file(input.name))
    }
}
