extension AdapterLimits {
    /// The environment variable that overrides the time limits, in seconds.
    public static let timeoutVariable = "LEDGERPORT_ADAPTER_TIMEOUT"

    /// The standard limits, with both time limits (``quickVerbSeconds`` and ``idleSeconds``) set
    /// to `LEDGERPORT_ADAPTER_TIMEOUT` when the host's environment gives a positive number of
    /// seconds (a value that isn't one is ignored).
    ///
    /// - Parameter environment: the host's environment.
    public static func standard(environment: [String: String]) -> AdapterLimits {
        var limits = AdapterLimits.standard
        if let text = environment[timeoutVariable], let seconds = Double(text), seconds.isFinite, seconds > 0 {
            limits.quickVerbSeconds = seconds
            limits.idleSeconds = seconds
        }
        return limits
    }
}
