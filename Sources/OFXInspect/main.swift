// ofx-inspect: reads one OFX file with OFXFormat, without a database.
//
//     OFXInspect FILE [--account NAME]    the reading as JSON (OFXFormat.readingJSON)
//         [--commodity CODE=DIGITS]...    with commodities the ledger would declare (BTC=8)
//     OFXInspect --count FILE             counts drafts and balances only (the benchmark)
//
// Exit codes: 0 read, 1 bad input (the error on stderr in the compiler's format), 2 bad usage.
import Foundation
import LedgerCore
import OFXAdapter

/// A file read in chunks of 256 KiB through `fread`.
final class FileStream: ByteStream {
    let name: String
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "rb") else { return nil }
        self.name = path
        self.file = file
    }

    deinit { fclose(file) }

    func nextChunk() throws -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if read == 0 { return nil }
        chunk.removeSubrange(read...)
        return chunk
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var countOnly = false
var account: String?
if let index = arguments.firstIndex(of: "--count") {
    countOnly = true
    arguments.remove(at: index)
}
if let index = arguments.firstIndex(of: "--account"), index + 1 < arguments.count {
    account = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
var commodities = CommodityTable()
while let index = arguments.firstIndex(of: "--commodity"), index + 1 < arguments.count {
    let parts = arguments[index + 1].split(separator: "=")
    guard parts.count == 2, let digits = Int(parts[1]),
        let commodity = try? Currency.declared(code: parts[0], minorDigits: digits, at: .file("--commodity")),
        (try? commodities.declare(commodity, at: .file("--commodity"))) != nil
    else {
        FileHandle.standardError.write(Data("--commodity \(arguments[index + 1]): expected CODE=DIGITS\n".utf8))
        exit(2)
    }
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1 else {
    FileHandle.standardError.write(
        Data("usage: OFXInspect [--count] [--account NAME] [--commodity CODE=DIGITS]... FILE\n".utf8))
    exit(2)
}
guard let stream = FileStream(path: arguments[0]) else {
    FileHandle.standardError.write(Data("\(arguments[0]): error: cannot open the file\n".utf8))
    exit(1)
}
let options = AdapterOptions(account: account, fileName: arguments[0], commodities: commodities)
do {
    if countOnly {
        var drafts = 0
        var balances = 0
        var net: Int64 = 0
        try OFXFormat(options: options).drafts(from: stream) { event in
            switch event {
            case .draft(let draft):
                drafts += 1
                net &+= draft.signedMinorUnits
            case .balance: balances += 1
            default: break
            }
        }
        print("drafts \(drafts) balances \(balances) net \(net)")
    } else {
        print(try OFXFormat.readingJSON(from: stream, options: options), terminator: "")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
