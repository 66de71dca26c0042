/// The external adapter protocol (docs/plugins.md): what the host and an adapter agree on.
public enum AdapterContract {
    /// The protocol versions this ledgerport speaks.
    public static let versions = [1]
    /// The environment variable that tells an adapter which version the host runs it under.
    public static let versionVariable = "LEDGERPORT_PROTOCOL"
    /// The prefix of an external adapter's executable: `ledgerport-adapter-NAME`.
    public static let executablePrefix = "ledgerport-adapter-"
}
