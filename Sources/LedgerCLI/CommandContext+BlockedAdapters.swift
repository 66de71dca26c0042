import ExternalAdapters

extension CommandContext {
    /// Before detection picks an adapter for a file: a note on stderr for each external adapter
    /// that was trusted once but may not run now (changed or moved), since it is not asked about
    /// the file and another adapter may read it instead.
    ///
    /// A damaged trust file says nothing here: the adapters' listing warns of it.
    func noteBlockedAdapters(notAskedAbout file: String) {
        guard let catalog = try? adapterCatalog() else { return }
        for external in catalog.externals where !external.isShadowed {
            guard let note = external.trust.note(name: external.name, path: external.path, file: file) else { continue }
            console.error("note: " + note)
        }
    }
}
