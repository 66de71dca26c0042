import Foundation
import LedgerCLI

#if canImport(Glibc)
    import Glibc

    // glibc pads each growth of a heap by 128 KiB and hands memory freed at its top back to the
    // kernel: rows read on one thread and freed on another made a CSV dry run of a million rows
    // fault in between 5,000 and 56,000 pages, run to run (up to a fifth of its time). With 4 MiB
    // of padding it faults about 1,900, every run; the peak memory stays under 40 MB. Setting the
    // padding stops glibc raising its mmap threshold as it goes (128 KiB at the start), so every
    // CSV block of rows (up to 256 KiB of text) was mapped and unmapped anew, 7,000 to 26,000
    // faults a run: allocations below 4 MiB come from the heap.
    // (`mallopt`, `M_TOP_PAD` (-2) and `M_MMAP_THRESHOLD` (-3) are in <malloc.h>, which the Glibc
    // module doesn't bring in.)
    if let symbol = dlsym(nil, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-2, 4 << 20)
        _ = mallopt(-3, 4 << 20)
    }
#endif

exit(
    Ledgerport.run(
        Array(CommandLine.arguments.dropFirst()), console: .standard(), environment: ProcessInfo.processInfo.environment
    ))
