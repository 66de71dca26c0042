import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter
