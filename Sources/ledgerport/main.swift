import Foundation
import LedgerCLI

exit(
    Ledgerport.run(
        Array(CommandLine.arguments.dropFirst()), console: .standard(), environment: ProcessInfo.processInfo.environment
    ))
