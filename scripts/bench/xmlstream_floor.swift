// The shared XML reader alone (XMLInputFilter + XMLStreamReader, a handler that only counts), or with
// "adapter" CamtFormat with an emit that counts: the floors in docs/performance.md's camt section.
// Built outside SwiftPM against a release build's objects:
//   R=.build/release; swiftc -O -I $R/Modules -I /usr/include/libxml2 \
//     -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap scripts/bench/xmlstream_floor.swift \
//     $R/XMLStream.build/*.o $R/LedgerCore.build/*.o $R/CamtAdapter.build/*.o -lxml2 -o /tmp/xmlstream_floor
//   /tmp/xmlstream_floor stream|adapter FILE.xml
import CamtAdapter
import Foundation
import LedgerCore
import XMLStream

final class Counter: XMLEventHandler {
    var elements = 0
    var textBytes = 0
    func startElement(_ tag: XMLStartTag) throws { elements += 1 }
    func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws { textBytes += bytes.count }
    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {}
}

final class FileStream: ByteStream {
    let name: String
    private let file: UnsafeMutablePointer<FILE>
    init(path: String) { name = path; file = fopen(path, "rb")! }
    func nextChunk() throws -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if read == 0 { return nil }
        chunk.removeSubrange(read...)
        return chunk
    }
}

let path = CommandLine.arguments[2]
let clock = ContinuousClock()
let start = clock.now
if CommandLine.arguments[1] == "stream" {
    let stream = FileStream(path: path)
    let counter = Counter()
    let reader = XMLStreamReader(handler: counter, fileName: path)
    var filter: XMLInputFilter?
    while let chunk = try stream.nextChunk() {
        if filter == nil { filter = XMLInputFilter(head: chunk[...], fileName: path, lineOffset: 0) }
        try reader.feed(try filter!.filter(chunk, isFinal: false))
    }
    try reader.feed(try filter!.filter([], isFinal: true))
    _ = try reader.finish()
    print("stream: \(counter.elements) elements, \(counter.textBytes) text bytes in \(clock.now - start)")
} else {
    var drafts = 0
    try CamtFormat(options: AdapterOptions(fileName: path)).drafts(from: FileStream(path: path)) { event in
        if case .draft = event { drafts += 1 }
    }
    print("adapter: \(drafts) drafts in \(clock.now - start)")
}
