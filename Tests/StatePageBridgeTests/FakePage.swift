import StateJSON
import StateSync

/// A page as the bridge sees it: it collects the messages delivered to it, parsed, and says it has each
/// batch at once, or, while it holds them, not until ``release()``.
final class FakePage: Sendable {
    private struct Received {
        var messages: [JSONObject] = []
        var batches: [Int] = []
        var holding = false
        var held: [@Sendable () -> Void] = []
    }

    private let received = Locked(Received())

    /// A page that takes each batch at once, or, with `holding`, holds them.
    init(holding: Bool = false) {
        received.withLock { $0.holding = holding }
    }

    /// The bridge's `deliver`.
    func deliver(_ messages: [String], _ delivered: @escaping @Sendable () -> Void) {
        let objects = messages.map { text -> JSONObject in
            guard case .object(let object)? = try? JSONValue(parsing: text) else { return ["unreadable": .string(text)] }
            return object
        }
        let holding = received.withLock { received -> Bool in
            received.messages += objects
            received.batches.append(messages.reduce(0) { $0 + $1.utf8.count })
            if received.holding { received.held.append(delivered) }
            return received.holding
        }
        received.wakeWaiters()
        if !holding { delivered() }
    }

    /// Says it has the batches held, and takes the later ones at once.
    func release() {
        let held = received.withLock { received -> [@Sendable () -> Void] in
            received.holding = false
            defer { received.held = [] }
            return received.held
        }
        for delivered in held { delivered() }
    }

    /// Every message so far.
    var messages: [JSONObject] { received.withLock { $0.messages } }

    /// The size in bytes of each batch delivered.
    var batches: [Int] { received.withLock { $0.batches } }

    /// The journal lines delivered so far, parsed, in order.
    var journalLines: [JSONObject] { Self.journalLines(in: messages) }

    /// The step numbers of the step lines delivered so far, in order.
    var steps: [Int] { Self.steps(in: messages) }

    /// The journal lines among `messages`, parsed, in order.
    static func journalLines(in messages: [JSONObject]) -> [JSONObject] {
        messages.flatMap { message -> [JSONObject] in
            guard message["type"] == "lines", case .array(let lines)? = message["lines"] else { return [] }
            return lines.compactMap { line in
                guard let text = line.stringValue, case .object(let object)? = try? JSONValue(parsing: text) else { return nil }
                return object
            }
        }
    }

    /// The step numbers of the step lines among `messages`, in order.
    static func steps(in messages: [JSONObject]) -> [Int] {
        journalLines(in: messages).compactMap { $0["step"]?.int64Value.map(Int.init) }
    }

    /// Waits until the step numbers delivered meet `condition`, 10 seconds at most; whether they did.
    @discardableResult
    func waitForSteps(_ condition: @escaping ([Int]) -> Bool) -> Bool {
        wait { condition(Self.steps(in: $0)) }
    }

    /// The reply object to the request with `id`, once it came (within 10 seconds).
    func reply(_ id: JSONValue) -> JSONObject? {
        var found: JSONObject?
        _ = wait { messages in
            found = messages.lazy.filter { $0["type"] == "reply" }.compactMap { message -> JSONObject? in
                guard case .object(let reply)? = message["reply"], reply["reply"] == id else { return nil }
                return reply
            }.first
            return found != nil
        }
        return found
    }

    /// Waits until `condition` holds for the messages so far, 10 seconds at most; whether it did.
    @discardableResult
    func wait(_ condition: ([JSONObject]) -> Bool) -> Bool {
        received.withLock(when: { condition($0.messages) }, timeout: .seconds(10)) { _, ready in ready }
    }
}
