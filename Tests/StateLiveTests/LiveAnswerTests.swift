import StateJSON
import StateLive
import Testing

/// Replies as types: each answer's members as the protocol article lists them, read back as they were
/// written, and a reply lacking one refused with its name.
@Suite struct LiveAnswerTests {
    private func line(_ answer: some LiveAnswer) -> String {
        String(decoding: LiveReply(id: 1, answer: answer).line, as: UTF8.self)
    }

    @Test func answersWriteTheMembersOfTheProtocolArticle() {
        #expect(line(LiveTravel(step: 12)) == #"{"reply":1,"message":"the app's state is now step 12","ok":true,"step":12}"# + "\n")
        #expect(line(LiveDispatched(label: "counter.increase", queued: false, lastStep: 13))
            == #"{"reply":1,"label":"counter.increase","lastStep":13,"message":"the app dispatched counter.increase; its last step is 13","ok":true,"queued":false}"# + "\n")
        #expect(line(LivePauseChange.paused) == #"{"reply":1,"message":"the app's dispatching is paused; its actions queue until resume","ok":true,"paused":true}"# + "\n")
        #expect(line(LivePauseChange.resumed(queued: 1)) == #"{"reply":1,"message":"the app dispatches again; 1 queued action ran","ok":true,"paused":false,"queued":1}"# + "\n")
        #expect(line(LiveSnapshot(step: 6, state: ["counter": 1])) == #"{"reply":1,"ok":true,"state":{"counter":1},"step":6}"# + "\n")
        #expect(line(LiveSubscription(from: 1, firstStep: 1, lastStep: 0)) == #"{"reply":1,"firstStep":1,"from":1,"lastStep":0,"ok":true}"# + "\n")
        let greeting = LiveGreeting(app: "counter", pid: 4242, lastStep: 0, currentStep: 0, paused: false,
                                    abilities: LiveAbilities(travel: true, dispatch: true, pause: true))
        #expect(line(greeting) == #"{"reply":1,"app":"counter","canDispatch":true,"canPause":true,"canTravel":true,"commands":["hello","subscribe","unsubscribe","jump","undo","redo","dispatch","mark","pause","resume","snapshot","status"],"currentStep":0,"lastStep":0,"maxLineBytes":1048576,"name":"statedbg-live","ok":true,"paused":false,"pid":4242,"version":1}"# + "\n")
    }

    @Test func everyAnswerReadsBackAsItWasWritten() throws {
        let greeting = LiveGreeting(app: "counter", pid: 7, lastStep: 9, currentStep: 4, paused: true,
                                    abilities: LiveAbilities(travel: true, dispatch: false, pause: true))
        #expect(try LiveReply(id: 1, answer: greeting).answer(to: .hello(client: nil)) == greeting)
        let status = LiveStatus(lastStep: 9, currentStep: 4, paused: true, clients: 2)
        #expect(try LiveReply(id: 1, answer: status).answer(to: .status) == status)
        #expect(try LiveReply(id: 1, answer: LivePauseChange.resumed(queued: 3)).answer(to: .resume) == .resumed(queued: 3))
        #expect(try LiveReply(id: 1, answer: LivePauseChange.paused).answer(to: .pause) == .paused)
        #expect(try LiveReply(id: 1, answer: LiveMessage("marked")).answer(to: .mark(name: "x")) == LiveMessage("marked"))
    }

    @Test func aReplyLackingAMemberIsRefusedNamingIt() {
        #expect(throws: LiveProtocolError.badReply(command: "status", member: "clients", expected: "an integer")) {
            try LiveReply(id: 1, fields: ["lastStep": 1, "currentStep": 1, "paused": false]).answer(to: .status)
        }
        #expect(LiveProtocolError.badReply(command: "status", member: "clients", expected: "an integer").description
            == #"The app's reply to status has no "clients" that is an integer."#)
    }

    @Test func noticesReadAsEvents() throws {
        #expect(LiveNotice(.dropped(reason: "wrong or missing token")) == LiveNotice(.dropped, fields: ["reason": "wrong or missing token"]))
        #expect(LiveNotice(.resumed, fields: ["queued": 2]).event == .resumed(queued: 2))
        #expect(LiveNotice(.closed, fields: ["reason": "bye"]).event == .closed(reason: "bye"))
        #expect(LiveNotice(.closed).event == .closed(reason: "the app gave no reason"))
    }
}
