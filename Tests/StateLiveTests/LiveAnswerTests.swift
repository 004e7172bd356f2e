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
        #expect(line(greeting) == #"{"reply":1,"app":"counter","canDispatch":true,"canPause":true,"canTravel":true,"commands":["hello","subscribe","unsubscribe","jump","undo","redo","dispatch","mark","pause","resume","snapshot","status","journal","read","trap","untrap"],"currentStep":0,"lastStep":0,"maxLineBytes":1048576,"name":"statedbg-live","ok":true,"paused":false,"pid":4242,"version":1}"# + "\n")
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
        var proved = greeting
        proved.proof = "9c1e"
        #expect(try LiveReply(id: 1, answer: proved).answer(to: .hello(client: nil)) == proved)
        let parts = LiveJournalParts(parts: [.init(path: "/data/users.jsonl", bytes: 1024), .init(path: "/data/users.2.jsonl", bytes: 7)])
        #expect(try LiveReply(id: 1, answer: parts).answer(to: .journal) == parts)
        let chunk = LiveJournalChunk(part: 1, offset: 8, bytes: Array("{\"step\":1}\n".utf8) + [0, 255])
        #expect(try LiveReply(id: 1, answer: chunk).answer(to: .read(part: 1, offset: 8)) == chunk)
    }

    @Test func aReplyLackingAMemberIsRefusedNamingIt() {
        #expect(throws: LiveProtocolError.badReply(command: "status", member: "clients", expected: "an integer")) {
            try LiveReply(id: 1, fields: ["lastStep": 1, "currentStep": 1, "paused": false]).answer(to: .status)
        }
        #expect(LiveProtocolError.badReply(command: "status", member: "clients", expected: "an integer").description
            == #"The app's reply to status has no "clients" that is an integer."#)
    }

    @Test func aChunkWhoseDataIsNotItsBytesIsRefused() {
        #expect(throws: LiveProtocolError.badReply(command: "read", member: "data", expected: "Base64 of 3 bytes")) {
            try LiveReply(id: 1, fields: ["part": 0, "offset": 0, "bytes": 3, "data": "eyI="]).answer(to: .read(part: 0, offset: 0))
        }
        #expect(String(decoding: LiveReply(id: 4, answer: LiveJournalChunk(part: 0, offset: 0, bytes: Array("{\"format\":\"statedbg-journal\"}\n".utf8))).line, as: UTF8.self)
            == #"{"reply":4,"bytes":30,"data":"eyJmb3JtYXQiOiJzdGF0ZWRiZy1qb3VybmFsIn0K","offset":0,"ok":true,"part":0}"# + "\n")
    }

    @Test func noticesReadAsEvents() throws {
        #expect(LiveNotice(.dropped(reason: "wrong or missing token")) == LiveNotice(.dropped, fields: ["reason": "wrong or missing token"]))
        #expect(LiveNotice(.resumed, fields: ["queued": 2]).event == .resumed(queued: 2))
        #expect(LiveNotice(.closed, fields: ["reason": "bye"]).event == .closed(reason: "bye"))
        #expect(LiveNotice(.closed).event == .closed(reason: "the app gave no reason"))
        #expect(String(decoding: LiveNotice(.dialed(challenge: "5a0f")).line, as: UTF8.self) == #"{"live":"dialed","challenge":"5a0f"}"# + "\n")
    }
}
