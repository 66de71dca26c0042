import ExternalAdapters
import Testing

@Suite("AdapterLimits")
struct AdapterLimitsTests {
    @Test("LEDGERPORT_ADAPTER_TIMEOUT sets both time limits; a value that isn't a positive number is ignored")
    func timeoutVariable() {
        let set = AdapterLimits.standard(environment: ["LEDGERPORT_ADAPTER_TIMEOUT": "2.5"])
        #expect(set.quickVerbSeconds == 2.5 && set.idleSeconds == 2.5)
        for ignored in ["0", "-1", "soon", "inf"] {
            #expect(AdapterLimits.standard(environment: ["LEDGERPORT_ADAPTER_TIMEOUT": ignored]) == .standard)
        }
    }
}
