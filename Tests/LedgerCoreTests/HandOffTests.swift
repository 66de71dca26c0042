import Foundation
import LedgerCore
import Testing

@Suite("HandOff")
struct HandOffTests {
    /// A producer thread pushing `count` numbers and then -1 as its last item.
    static func produce(_ queue: HandOff<Int>, count: Int, pushed: Counter) {
        Thread {
            for number in 0..<count {
                guard queue.push(number) else { break }
                pushed.add()
            }
            queue.finish(-1)
        }.start()
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var current: Int { lock.withLock { value } }
    }

    @Test("the count is of the items waiting, not the last one")
    func count() {
        let queue = HandOff<Int>(capacity: 4)
        #expect(queue.count == 0)
        #expect(queue.push(1) && queue.push(2))
        #expect(queue.count == 2)
        #expect(queue.pop() == 1)
        #expect(queue.count == 1)
        queue.finish(-1)
        #expect(queue.count == 1)
        #expect(queue.pop() == 2 && queue.pop() == -1)
        #expect(queue.count == 0)
    }

    @Test("items arrive in order, then the last item, again and again")
    func order() {
        let queue = HandOff<Int>(capacity: 3)
        Self.produce(queue, count: 1_000, pushed: Counter())
        var received: [Int] = []
        while case let number = queue.pop(), number != -1 { received.append(number) }
        #expect(received == Array(0..<1_000))
        #expect(queue.pop() == -1)
    }

    @Test("the producer waits while the queue is full")
    func bounded() throws {
        let queue = HandOff<Int>(capacity: 2)
        let pushed = Counter()
        Self.produce(queue, count: 100, pushed: pushed)
        // Wait for the producer to fill the queue (however slow the machine), then give it time
        // to push a third item if it wrongly could.
        let deadline = Date().addingTimeInterval(10)
        while pushed.current < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.current == 2)
        #expect(queue.pop() == 0)
    }

    @Test("after cancel, waiting items are dropped, pushes fail, and the last item still arrives")
    func cancel() {
        let queue = HandOff<Int>(capacity: 2)
        let pushed = Counter()
        Self.produce(queue, count: 1_000_000, pushed: pushed)
        #expect(queue.pop() == 0)
        queue.cancel()
        var after: [Int] = []
        while case let number = queue.pop(), number != -1 { after.append(number) }
        // Waiting items are dropped and later pushes fail: only the last item comes.
        #expect(after.isEmpty)
        #expect(pushed.current < 1_000_000)
    }
}
