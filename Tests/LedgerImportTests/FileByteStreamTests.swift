import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

@Suite("FileByteStream")
struct FileByteStreamTests {
    @Test("importing a FIFO stops at once with an error naming it, whether the format is sniffed or given")
    func fifoImport() throws {
        let scratch = try ScratchFolder()
        let fifo = scratch.url.appendingPathComponent("statement.csv").path
        try makeFIFO(at: fifo)
        let csv = FormatRegistry.adapter(id: "csv")
        for format in [nil, csv] {
            let ledger = try Ledger(path: ":memory:")
            let run = runWithDeadline(seconds: 5, releasing: [fifo]) {
                BatchImporter().importFile(at: fifo, format: format, options: options(), into: ledger)
            }
            #expect(!run.hung, "opening the FIFO blocked until a writer came")
            let report = try run.result.get()
            #expect(report.status == .stopped)
            #expect(report.failure != nil && report.failure?.record == nil)
            #expect(report.failure?.location == .file(fifo))
            #expect(report.failure?.reason.contains("it is a FIFO (a named pipe), not a regular file") == true)
        }
    }

    @Test("a device is refused by name, a folder as a folder")
    func specialFiles() throws {
        #expect {
            try FileByteStream(path: "/dev/null")
        } throws: { error in
            "\(error)".contains("can't read /dev/null: it is a character device, not a regular file")
        }
        let scratch = try ScratchFolder()
        #expect {
            try FileByteStream(path: scratch.url.path)
        } throws: { error in
            "\(error)".contains("it is a folder")
        }
    }

    @Test("a symbolic link to a regular file is read through")
    func linkToFile() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.write("a.csv", "Date,Description,Amount\n")
        let link = scratch.url.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let stream = try FileByteStream(path: link)
        #expect(try stream.nextChunk() == Array("Date,Description,Amount\n".utf8))
        #expect(try stream.nextChunk() == nil)
    }
}
