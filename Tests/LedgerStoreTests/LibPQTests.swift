import LedgerCore
import Testing

@testable import LedgerStore

@Suite("LibPQ: libpq opened on first use")
struct LibPQTests {
    @Test("a library that can't be opened is a store error naming it, dlopen's reason and the package to install")
    func missingLibrary() {
        let name = "libpq-ledgerport-missing.so.5"
        do {
            _ = try LibPQ(named: name)
            Issue.record("opened a library that does not exist")
        } catch {
            #expect(error.location.file == name)
            #expect(error.message.contains(name), "\(error.message)")
            #expect(error.message.contains("dlopen failed"), "\(error.message)")
            #expect(error.message.contains("cannot open shared object file"), "\(error.message)")
            #expect(error.message.contains("libpq5"), "\(error.message)")
            #expect(error.sqlState == nil)
        }
    }

    @Test("a library without libpq's functions is a store error naming the first one missing")
    func libraryWithoutFunctions() {
        do {
            _ = try LibPQ(named: "libc.so.6")
            Issue.record("found libpq's functions in the C library")
        } catch {
            #expect(error.location.file == "libc.so.6")
            #expect(error.message.contains("dlsym failed"), "\(error.message)")
            #expect(error.message.contains("PQconnectdb"), "\(error.message)")
            #expect(error.message.contains("libpq5"), "\(error.message)")
        }
    }

    @Test("the process's libpq opens once and reads a connection string")
    func sharedLibrary() throws {
        try PostgresConnection.loadLibrary()
        let libpq = try LibPQ.shared()
        #expect(try PostgresConnection.shownTarget(of: "host=/tmp dbname=books") == "dbname=books host=/tmp")
        var message: UnsafeMutablePointer<CChar>?
        let options = libpq.conninfoParse("dbname=books", &message)
        #expect(options != nil)
        #expect(message == nil)
        libpq.conninfoFree(options)
    }
}
