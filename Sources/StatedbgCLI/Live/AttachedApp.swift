import Foundation
import StateDebugger
import StateJSON
import StateLive

/// The running app `statedbg attach` or `statedbg listen` is connected to: the connection, the journal
/// mirroring its steps, and the news of what arrived from it, printed before each reply.
///
/// The `app …` commands (``ReplAppStatus``, ``ReplAppJump``, …) act on the app through it; the REPL's
/// other commands move the debugger's cursor over the mirrored timeline. Each `app` command says what it
/// did to the app:
///
/// ```text
/// (statedbg live 7/12) app jump 3
/// the app's state is now step 3
/// ```
final class AttachedApp: ReplNewsSource {
    let client: LiveClient
    let journal: FollowedJournal
    let timeline: Timeline
    let printer: StepPrinter
    /// Where a long command (`app journal`) says how far it got: standard error.
    let progress: (String) -> Void
    private let arrivals: FollowNews
    private var reportedEnd = false
    /// Whether a skipped trap has said how to attach a debugger: once per session, not at every step.
    private var toldHowToAttach = false
    /// The breakpoint numbers of the traps the app met (stopped or skipped) since ``takeTrapsMet()``,
    /// one per step that met one.
    private var trapsMet: [Int] = []

    /// The app behind `client`, once the steps it had when the debugger attached are in the mirror
    /// (see ``attachedStep``): those are the timeline the session starts with, not news.
    init(client: LiveClient, journal: FollowedJournal, timeline: Timeline, printer: StepPrinter,
         progress: @escaping (String) -> Void = { _ in }) {
        self.client = client
        self.journal = journal
        self.timeline = timeline
        self.printer = printer
        self.progress = progress
        Self.waitForSteps(of: client, in: journal, through: Self.attachedStep(client))
        timeline.followSource()
        arrivals = FollowNews(journal: journal, timeline: timeline, prefix: "app")
    }

    /// The line `statedbg attach` opens with: the app, where it listens (`at /run/…/4242.sock`), its
    /// steps so far, and which of dispatch, verify, skip, minimize and in-app travel work on its recording
    /// in this session (``StateDebugger/RecordingAbilities``, with in-app travel as the app's greeting says).
    ///
    /// ```text
    /// attached to counter (pid 4242) at /run/user/1000/statedbg/4242.sock: 3 steps so far; dispatch, verify, skip, minimize and in-app travel work; 'app help' lists the commands that act on the app
    /// ```
    func greeting(place: String, session: Session) -> String {
        let hello = client.greeting
        let abilities = session.abilities(appTravels: hello.abilities.travel).summary(includingTravel: true)
        let steps = journal.lastStep
        return "attached to \(hello.app) (pid \(hello.pid)) \(place): \(steps) step\(steps == 1 ? "" : "s") so far; \(abilities); 'app help' lists the commands that act on the app"
    }

    /// Takes the steps and notices that arrived since the last look.
    func news() -> String {
        var lines: [String] = []
        for event in client.takeNotices() {
            switch event {
            case .paused: lines.append("app: paused by another debugger")
            case .resumed: lines.append("app: resumed by another debugger")
            case .trap(let number, let step, let condition, let stopped):
                lines.append(Self.trapNews(number: number, step: step, condition: condition, stopped: stopped, pid: client.greeting.pid,
                                           sayingHowToAttach: !toldHowToAttach))
                if !stopped { toldHowToAttach = true }
                trapsMet.append(number)
            case .dropped, .closed, .rebased, .dialed: break
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

    /// The breakpoint numbers of the traps the app met since the last call, for the session to count as
    /// hits: a trap's notice is taken with the news, by the REPL before each command or by an `app`
    /// command waiting for its steps.
    func takeTrapsMet() -> [Int] {
        defer { trapsMet = [] }
        return trapsMet
    }

    /// The news of a trap the app met: it stopped in the debugger attached to it, or no debugger was
    /// attached, so it ran on; how to attach one is said the first time.
    static func trapNews(number: Int, step: Int, condition: String, stopped: Bool, pid: Int, sayingHowToAttach: Bool = true) -> String {
        if stopped {
            return "app: breakpoint \(number) (\(condition)) trapped at step \(step): the debugger attached to the app (pid \(pid)) stopped it on its dispatching thread"
        }
        guard sayingHowToAttach else {
            return "app: breakpoint \(number) (\(condition)) was met at step \(step); the trap was skipped (no debugger is attached)"
        }
        return "app: breakpoint \(number) (\(condition)) was met at step \(step), but the trap was skipped because no debugger is attached to the app (pid \(pid)); attach one (Xcode: Debug > Attach to Process, lldb -p \(pid), gdb -p \(pid)) to stop there"
    }

    /// Sets trap `trap` in the app, or says why the app cannot take it.
    func setTrap(_ trap: LiveTrap) throws(CommandFailure) -> String {
        guard client.greeting.commands.contains("trap") else {
            throw CommandFailure(.usage, "This app's statedbg is older and takes no traps; --trap needs an app built with a statedbg that has them.")
        }
        return try send(.trap(trap)).message
    }

    /// One line: the app, whether it is paused, its steps, the debuggers attached.
    func status() throws(CommandFailure) -> String {
        let status = try send(.status)
        let greeting = client.greeting
        return "app \(greeting.app) (pid \(greeting.pid)) at \(client.endpoint): \(status.paused ? "paused" : "running"), at step \(status.currentStep) of \(status.lastStep); \(status.clients) debugger(s) attached; the timeline here has \(journal.lastStep) step\(journal.lastStep == 1 ? "" : "s")"
    }

    /// Sends an app command, waits for the steps it made to arrive, and says what the app did.
    func act<Answer: LiveOutcome>(_ call: LiveCall<Answer>) throws(CommandFailure) -> String {
        let answer = try send(call)
        var text = answer.message
        if let last = answer.stepsThrough {
            waitForSteps(through: last)
        } else {
            // A travel is an event line, a mark too: give them a moment to arrive.
            waitForSteps(through: journal.lastStep, orMoreLines: true)
        }
        let news = news()
        if !news.isEmpty { text = news + "\n" + text }
        return text
    }

    /// Sends a command and returns the app's answer; a refusal or a lost connection is a failure.
    func send<Answer>(_ call: LiveCall<Answer>) throws(CommandFailure) -> Answer {
        do {
            return try client.call(call)
        } catch {
            switch error {
            case .channel(let failure): throw CommandFailure(.ioError, failure.description)
            case .refused, .unreadable: throw CommandFailure(.dataError, error.description)
            }
        }
    }

    /// Waits for the mirror to reach `step` (see ``waitForSteps(of:in:through:orMoreLines:)``).
    func waitForSteps(through step: Int, orMoreLines: Bool = false) {
        Self.waitForSteps(of: client, in: journal, through: step, orMoreLines: orMoreLines)
    }

    /// Waits for the mirror to reach `step`. The app replies before its writer thread has sent the
    /// step's journal line, which follows soon after; a busy machine can take a while, so this waits up
    /// to 10 seconds, and no longer than lines can come (the connection lasts and the app's recorder is
    /// open). With `orMoreLines` (a travel or a mark, whose event line the reply does not announce) it
    /// gives any new line 400 ms to arrive.
    private static func waitForSteps(of client: LiveClient, in journal: FollowedJournal, through step: Int,
                                     orMoreLines: Bool = false) {
        let (steps, events) = (journal.lastStep, journal.events.count)
        let clock = ContinuousClock()
        let deadline = clock.now + (orMoreLines ? .milliseconds(400) : .seconds(10))
        while true {
            let grew = journal.lastStep != steps || journal.events.count != events
            if journal.lastStep >= step && (!orMoreLines || grew) { return }
            // Read before the last look at the mirror, which holds every line that came before the end.
            let ended = client.hasNoMoreLines
            if ended || clock.now >= deadline {
                _ = try? journal.refresh()
                return
            }
            usleep(10_000)
            _ = try? journal.refresh()
        }
    }

    /// The step the app stood at when the debugger attached: where the debugger's cursor starts, as a
    /// debugger attaching to a process stands where the process is. After an undo or a jump the app is
    /// at an earlier step than its last; otherwise at the last step it had when the subscription began.
    var attachedStep: Int { Self.attachedStep(client) }

    private static func attachedStep(_ client: LiveClient) -> Int {
        let greeting = client.greeting
        return greeting.currentStep == greeting.lastStep ? max(greeting.lastStep, client.subscription.lastStep) : greeting.currentStep
    }

    /// The command for `app dispatch`'s argument: `TYPE [PAYLOAD]`, `{"type": …, "payload": …}`, or an
    /// enum action's Codable form `{"CASE": {…}}`, whose case names the type. The app reads the
    /// payload's short forms (``LiveCommand/dispatch(type:payload:)``).
    static func dispatchCommand(_ argument: String) throws(CommandFailure) -> LiveCall<LiveDispatched> {
        let usage = #"Write app dispatch TYPE [PAYLOAD] (e.g. app dispatch users.addUser {"name":"Ada","age":36}), app dispatch {"type":TYPE,"payload":PAYLOAD} or app dispatch {"CASE":{…}}"#
        let text = argument.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("{") {
            let value: JSONValue
            do {
                value = try JSONValue(parsing: text)
            } catch {
                throw CommandFailure(.usage, "The action \(text) is not valid JSON (\(String(describing: error).withoutFinalPeriod)). \(usage).")
            }
            guard case .object(let object) = value else { throw CommandFailure(.usage, "\(usage).") }
            if let type = object["type"]?.stringValue, object.keys.allSatisfy({ $0 == "type" || $0 == "payload" }) {
                return .dispatch(type: type, payload: object["payload"] ?? .null)
            }
            guard object.count == 1, let caseName = object.keys.first else {
                throw CommandFailure(.usage, "The object \(text) names no action: it has neither a \"type\" member nor a single case. \(usage).")
            }
            return .dispatch(type: caseName, payload: value)
        }
        let parts = text.split(separator: " ", maxSplits: 1)
        guard let type = parts.first.map(String.init), !type.isEmpty else {
            throw CommandFailure(.usage, "app dispatch needs an action. \(usage).")
        }
        guard parts.count == 2 else { return .dispatch(type: type, payload: .null) }
        let payloadText = parts[1].trimmingCharacters(in: .whitespaces)
        do {
            return .dispatch(type: type, payload: try JSONValue(parsing: payloadText))
        } catch {
            throw CommandFailure(.usage, "The payload \(payloadText) for \(type) is not valid JSON (\(String(describing: error).withoutFinalPeriod)); write strings in double quotes, e.g. \"Ada\".")
        }
    }
}
