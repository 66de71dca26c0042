import Foundation

/// Items handed from one producing thread to one consuming thread, in order, with at most
/// `capacity` waiting: the bounded queue behind the importer's reading thread and the CSV
/// adapter's tokenizing thread, which keeps memory flat however large the input.
///
/// A thread is woken only when it waits, so while both sides keep busy a hand-over costs a lock,
/// not a system call; a producer waiting for room is woken once half the queue is free, so that
/// it then hands over several items per wake-up. The producer ends with ``finish(_:)``, whose item always arrives last, even
/// after the consumer has cancelled; the consumer pops until it sees that item.
///
/// ```swift
/// let queue = HandOff<Chunk>(capacity: 4)
/// // producer thread:  while let chunk = read() { guard queue.push(chunk) else { break } }
/// //                   queue.finish(.end)
/// // consumer thread:  while case let chunk = queue.pop(), chunk != .end { use(chunk) }
/// ```
///
/// Items cross from one thread to another, so they must be `Sendable`. The queue itself is
/// `@unchecked Sendable` because it is safe by construction: every field that changes is read and
/// written only while holding `condition`'s lock, and the padding tuples are constants.
public final class HandOff<Item: Sendable>: @unchecked Sendable {
    /// Both threads write this object's fields: keep other objects off its cache lines.
    private let leadingPad: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private let condition = NSCondition()
    private let capacity: Int
    private var items: [Item] = []
    private var last: Item?
    private var isCancelled = false
    private var consumerWaits = false
    private var producerWaits = false
    private let trailingPad: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Creates a queue holding at most `capacity` items (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds an item, waiting while the queue is full.
    ///
    /// - Returns: `false`, dropping the item, once the consumer has cancelled: stop producing and
    ///   call ``finish(_:)``.
    public func push(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !isCancelled {
            producerWaits = true
            condition.wait()
        }
        producerWaits = false
        guard !isCancelled else { return false }
        items.append(item)
        if consumerWaits { condition.broadcast() }
        return true
    }

    /// Adds the producer's last item, which arrives after every other, without waiting.
    public func finish(_ item: Item) {
        condition.lock()
        last = item
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for one; after the last item, the last item again.
    public func pop() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if !items.isEmpty {
                consumerWaits = false
                let item = items.removeFirst()
                if producerWaits && items.count <= capacity / 2 { condition.broadcast() }
                return item
            }
            if let last {
                consumerWaits = false
                return last
            }
            consumerWaits = true
            condition.wait()
        }
    }

    /// How many items wait (not counting the last): a producer can tell whether its consumer keeps
    /// up.
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count
    }

    /// Tells the producer to stop: items still waiting are dropped and its next ``push(_:)``
    /// returns `false`. Keep popping until the last item arrives.
    public func cancel() {
        condition.lock()
        isCancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
