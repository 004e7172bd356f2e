import StateJSON
import StateJournal

/// A version 5 journal of 20 steps whose call sites are named by number after their first use, in two
/// forms: ``whole``, from the header on, and ``joined``, as a live server that started its history again
/// sends it to a client that attaches then (or as a rolled-over file starts): the header of a
/// continuation at step 11, whose `sites` name the sites written before it, then the lines after it.
///
/// The state holds 2,000 bytes of text, so that its steps are patches and not keyframes (a keyframe
/// empties the site list); the sites alternate as ``site(_:)`` says.
public struct SiteNumberedStream {
    /// The journal whole, from its header.
    public let whole: [UInt8]
    /// The continuation header at step 11 and the lines of steps 11 to 20.
    public let joined: [UInt8]

    /// The call site step `step` was dispatched from.
    public static func site(_ step: Int) -> String { step % 3 == 0 ? "App/B.swift:2" : "App/A.swift:1" }

    /// Builds both forms.
    public init() {
        let text = String(repeating: "x", count: 2000)
        let header = JournalHeader(tool: "test", app: "notes", stateType: "S", actionType: "A", schema: .null, schemaHash: "",
                                   created: "", initialState: ["text": .string(text), "n": 0], hash: 0)
        let builder = JournalBuilder(header: header)
        var whole: [UInt8] = []
        builder.writeHeader(into: &whole)
        var joined: [UInt8] = []
        for step in 1...20 {
            if step == 11 {
                var next = builder.header
                next.firstStep = 11
                next.initialState = builder.lastState
                builder.continuation(after: next, policy: builder.policy).writeHeader(into: &joined)
            }
            let start = whole.count
            builder.appendStep(action: JournalAction(type: "notes.set", label: "notes.set(n: \(step))", payload: ["set": ["n": .integer(Int64(step))]],
                                                     site: Self.site(step)),
                               state: ["text": .string(text), "n": .integer(Int64(step))], time: 0, into: &whole)
            if step >= 11 { joined += whole[start...] }
        }
        self.whole = whole
        self.joined = joined
    }
}
