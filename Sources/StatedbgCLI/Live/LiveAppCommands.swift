import Foundation
import StateDebugger
import StateJSON
import StateLive

/// The `app …` commands `statedbg attach` adds to the REPL, which act on the running app, and the
/// news of what arrived from it, printed before each reply.
///
/// The REPL's own commands move the debugger's cursor over the timeline mirrored from the app; `app`
/// commands move the app itself, and each says what it did to the app:
///
/// ```text
/// (statedbg live 7/12) app jump 3
/// the app's state is now step 3
/// ```
final class LiveAppCommands: ReplExtension {
    let client: LiveClient
    let journal: FollowedJournal
    let timeline: Timeline
    private let printer: StepPrinter
    private let arrivals: FollowNews
    private var reportedEnd = false

    static let usage = """
        app commands act on the running app (the others act on the debugger's copy of its timeline):
          app [status]             the app's steps, its current step, whether it is paused
          app jump [STEP]          set the app's state to a step's (default: the cursor's step)
          app undo [n], app redo [n]  travel the app back or forward along its own history
          app dispatch TYPE [PAYLOAD]  dispatch an action to the app, e.g. app dispatch users.addUser {"addUser":{"name":"Ada","age":36}}
          app mark NAME            write a marker into the app's journal
          app pause, app resume    hold the app's dispatching (actions queue), then let it go on
          app snapshot             print the app's current state
        """

    init(client: LiveClient, journal: FollowedJournal, timeline: Timeline, printer: StepPrinter) {
        self.client = client
        self.journal = journal
        self.timeline = timeline
        self.printer = printer
        arrivals = FollowNews(journal: journal, timeline: timeline, prefix: "app")
    }

    /// Takes the steps and notices that arrived since the last look.
    func news() -> String {
        var lines: [String] = []
        for notice in client.takeNotices() {
            switch notice.kind {
            case .paused: lines.append("app: paused by another debugger")
            case .resumed: lines.append("app: resumed by another debugger")
            case .dropped, .closed, .rebased: break
            }
        }
        let arrived = arrivals.news()
        if !arrived.isEmpty { lines.append(arrived) }
        if !reportedEnd, let end = client.endReason {
            reportedEnd = true
            lines.append("app: the connection ended: \(end). The timeline keeps the \(journal.lastStep - journal.baseStep) steps that arrived, in \(journal.path).")
        }
        return lines.joined(separator: "\n")
    }

    func execute(_ line: String) -> ReplReply? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.first == "app" else { return nil }
        words.removeFirst()
        let verb = words.first ?? "status"
        let rest = words.dropFirst()
        do throws(LiveAppCommandError) {
            switch verb {
            case "status": return ReplReply(text: try status())
            case "jump":
                let step = try rest.first.map { (text) throws(LiveAppCommandError) in try number(text, "app jump [STEP]") } ?? timeline.step
                return try act(.jump(step: step))
            case "undo": return try act(.undo(count: try rest.first.map { (text) throws(LiveAppCommandError) in try number(text, "app undo [n]") } ?? 1))
            case "redo": return try act(.redo(count: try rest.first.map { (text) throws(LiveAppCommandError) in try number(text, "app redo [n]") } ?? 1))
            case "dispatch": return try act(try dispatchCommand(line))
            case "mark":
                guard !rest.isEmpty else { throw LiveAppCommandError("usage: app mark NAME") }
                return try act(.mark(name: rest.joined(separator: " ")))
            case "pause": return try act(.pause)
            case "resume": return try act(.resume)
            case "snapshot":
                let reply = try send(.snapshot)
                let step = reply.fields["step"]?.int64Value.map(String.init) ?? "?"
                return ReplReply(text: "the app's state (step \(step)):\n" + printer.dump(reply.fields["state"] ?? .null))
            case "help": return ReplReply(text: Self.usage)
            default:
                throw LiveAppCommandError("unknown app command '\(verb)'; app commands: status, jump, undo, redo, dispatch, mark, pause, resume, snapshot (see 'app help').")
            }
        } catch {
            return ReplReply(error: error.message)
        }
    }

    private func status() throws(LiveAppCommandError) -> String {
        let reply = try send(.status)
        func int(_ key: String) -> String { reply.fields[key]?.int64Value.map(String.init) ?? "?" }
        let paused = reply.fields["paused"]?.boolValue == true ? "paused" : "running"
        let app = client.greeting["app"]?.stringValue ?? "?"
        let pid = client.greeting["pid"]?.int64Value.map(String.init) ?? "?"
        return "app \(app) (pid \(pid)) at \(client.endpoint): \(paused), at step \(int("currentStep")) of \(int("lastStep")); \(int("clients")) debugger(s) attached; the timeline here has \(journal.lastStep) steps"
    }

    /// Sends an app command, waits for the steps it made to arrive, and says what the app did.
    private func act(_ command: LiveCommand) throws(LiveAppCommandError) -> ReplReply {
        let reply = try send(command)
        var text = reply.fields["message"]?.stringValue ?? "done"
        if let last = reply.fields["lastStep"]?.int64Value {
            waitForSteps(through: Int(last))
        } else {
            // A travel is an event line, a mark too: give them a moment to arrive.
            waitForSteps(through: journal.lastStep, orMoreLines: true)
        }
        let news = news()
        if !news.isEmpty { text = news + "\n" + text }
        return ReplReply(text: text)
    }

    private func send(_ command: LiveCommand) throws(LiveAppCommandError) -> LiveReply {
        let reply: LiveReply
        do {
            reply = try client.request(command)
        } catch {
            throw LiveAppCommandError(error.description)
        }
        if let error = reply.error { throw LiveAppCommandError("the app refused: \(error)") }
        return reply
    }

    /// Waits up to 400 ms for the mirror to reach `step` (and, with `orMoreLines`, to take any new
    /// line: a travel or marker event).
    private func waitForSteps(through step: Int, orMoreLines: Bool = false) {
        let (steps, events) = (journal.lastStep, journal.events.count)
        for _ in 0..<40 {
            let grew = journal.lastStep != steps || journal.events.count != events
            if journal.lastStep >= step && (!orMoreLines || grew) { return }
            usleep(10_000)
            _ = try? journal.refresh()
        }
    }

    /// `app dispatch TYPE [PAYLOAD]` or `app dispatch {"type": …, "payload": …}`.
    private func dispatchCommand(_ line: String) throws(LiveAppCommandError) -> LiveCommand {
        guard let range = line.range(of: "dispatch") else { throw LiveAppCommandError("usage: app dispatch TYPE [PAYLOAD]") }
        let argument = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        let usage = #"usage: app dispatch TYPE [PAYLOAD] or app dispatch {"type": TYPE, "payload": PAYLOAD}"#
        if argument.hasPrefix("{") {
            guard case .object(let object)? = try? JSONValue(parsing: argument), let type = object["type"]?.stringValue else {
                throw LiveAppCommandError("\(usage); the argument is not such an object.")
            }
            return .dispatch(type: type, payload: object["payload"] ?? .null)
        }
        let parts = argument.split(separator: " ", maxSplits: 1)
        guard let type = parts.first.map(String.init), !type.isEmpty else { throw LiveAppCommandError(usage) }
        guard parts.count == 2 else { return .dispatch(type: type, payload: .null) }
        do {
            return .dispatch(type: type, payload: try JSONValue(parsing: String(parts[1])))
        } catch {
            throw LiveAppCommandError("the payload is not JSON: \(error)")
        }
    }

    private func number(_ text: String, _ usage: String) throws(LiveAppCommandError) -> Int {
        guard let value = Int(text), value >= 0 else { throw LiveAppCommandError("usage: \(usage); '\(text)' is not a number.") }
        return value
    }
}

/// Why an `app` command failed: the REPL prints it as `error: …`.
struct LiveAppCommandError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
