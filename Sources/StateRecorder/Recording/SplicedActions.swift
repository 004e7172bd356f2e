/// The journal bytes of the last few (action, call site) pairs a writer saw, site member spliced in.
///
/// An app dispatches the same few actions from the same few places, so most steps find their action
/// member here and the writer copies it into the line once, instead of looking the site up and
/// splicing it in again.
struct SplicedActions {
    private var actions: [EncodedAction] = []
    private var sites: [CallSite] = []
    private var spliced: [[UInt8]] = []
    private var next = 0

    /// How many pairs are remembered; the oldest goes first.
    static var capacity: Int { 8 }

    /// The bytes of `action` with `site` in it, made by `make` when not remembered.
    mutating func bytes(of action: EncodedAction, at site: CallSite, orMake make: () -> [UInt8]) -> [UInt8] {
        for index in actions.indices
        where actions[index] === action && sites[index].line == site.line && sites[index].fileID == site.fileID {
            return spliced[index]
        }
        let made = make()
        if actions.count < Self.capacity {
            actions.append(action)
            sites.append(site)
            spliced.append(made)
        } else {
            actions[next] = action
            sites[next] = site
            spliced[next] = made
            next = (next + 1) % Self.capacity
        }
        return made
    }
}
