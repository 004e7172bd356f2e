import StateJournal
import StateRecorder

/// Which of the debugger's reducer-driven commands work for a recording — dispatch, verify, skip,
/// minimize and in-app travel — and why not where they do not, from the recording's actions
/// (``ReplayCoverage``), its header and the registered app: what the REPL's opening line and `info`,
/// `statedbg attach`'s greeting and `statedbg examples` say.
///
/// ```swift
/// let abilities = RecordingAbilities(source: source, app: registry.app(for: source.info.app),
///                                    coverage: try ReplayCoverage.survey(source))
/// print(abilities.summary())
/// ```
/// ```text
/// dispatch does not work: the app registers no Codable action type, so no action can be decoded; verify, skip and minimize do not work: none of the 6 steps can be replayed, since the actions AddItem (5 steps: 1, 2, 3, 4, 5) and RemoveItem (1 step: 6) were recorded without Codable
/// ```
package struct RecordingAbilities: Sendable, Equatable {
    /// A command that runs the app's reducer or acts on the app.
    package enum Ability: String, Sendable, CaseIterable {
        /// The REPL's `dispatch` (and `app dispatch` when attached).
        case dispatch
        /// `replay --verify`, StateTesting's `assertReplay` and exported tests.
        case verify
        /// The REPL's `skip`.
        case skip
        /// `minimize`.
        case minimize
        /// `app jump`, `app undo` and `app redo` on an attached app.
        case travel = "in-app travel"
    }

    /// Whether an ability works, with the reason where it does not, or only in part.
    package enum Verdict: Sendable, Equatable {
        /// It works.
        case works
        /// It works with a limit, which the text says.
        case partly(String)
        /// It does not work, for the reason the text gives.
        case doesNotWork(String)
    }

    /// Each ability's verdict, in ``Ability`` order.
    package var verdicts: [(ability: Ability, verdict: Verdict)]

    package static func == (lhs: RecordingAbilities, rhs: RecordingAbilities) -> Bool {
        lhs.verdicts.elementsEqual(rhs.verdicts) { $0.ability == $1.ability && $0.verdict == $1.verdict }
    }

    /// The verdict on one ability.
    package func verdict(_ ability: Ability) -> Verdict {
        verdicts.first { $0.ability == ability }?.verdict ?? .works
    }

    /// The abilities for `source`.
    ///
    /// - Parameters:
    ///   - app: The registered app that replays the recording; `nil` when none is (snapshot mode).
    ///   - coverage: The recording's actions surveyed; `nil` when they could not be read, in which case
    ///     only the app and the header decide.
    ///   - appTravels: For an attached app, whether its recorder can set the app's state (it was given
    ///     `setState:`, or its store's dispatch for a travelling reducer); `nil` for a recording on file,
    ///     which has no app to travel.
    package init(source: any RecordingSource, app: (any RegisteredApp)?, coverage: ReplayCoverage?, appTravels: Bool? = nil) {
        let travel: Verdict = switch appTravels {
        case true?: .works
        case false?: .doesNotWork("the app gave its Recorder no setState: and no travelling reducer's dispatch, so it cannot set the app's state")
        case nil: .doesNotWork("it needs the running app (statedbg attach)")
        }
        guard let app else {
            let reason = Verdict.doesNotWork("no app \"\(source.info.app)\" is registered in this statedbg (snapshot mode)")
            verdicts = [(.dispatch, reason), (.verify, reason), (.skip, reason), (.minimize, reason), (.travel, travel)]
            return
        }
        let exposing = app as? any StateTypeExposing
        let stateDecodable = exposing?.stateIsDecodable ?? (source.info.header.stateCoding == .codable)
        let stateType = app.stateTypeName
        let steps = coverage?.steps ?? (source.lastStep - source.baseStep)

        var dispatch = Verdict.works
        if exposing?.codableActionTypeNames?.isEmpty == true {
            dispatch = .doesNotWork("the app registers no Codable action type, so no action can be decoded")
        } else if !stateDecodable {
            dispatch = .partly("only at the initial state, since \(stateType) is not Decodable")
        }

        var verify = Verdict.works
        var minimize = Verdict.works
        var skip = Verdict.works
        if let coverage {
            let notCodable = coverage.notReplayed.map {
                ($0.groups.count == 1 ? "the action \($0.list) was" : "the actions \($0.list) were") + " recorded without Codable"
            }
            if coverage.replaysNothing {
                let reason = Verdict.doesNotWork("none of the \(steps) step\(steps == 1 ? "" : "s") can be replayed, since "
                    + (notCodable ?? "every step replaces the state from outside the reducer"))
                verify = reason
                minimize = reason
                skip = reason
            } else if let first = coverage.firstTakenAsRecorded, !stateDecodable {
                // One reason for the three. (A step that cannot be replayed is passed only while the
                // state is still the app's initial one.)
                let limit = Verdict.partly("the replay stops at a step that cannot be replayed (the first is step \(first)), since "
                    + "\(stateType) is not Decodable and no replay continues from a recorded state")
                verify = limit
                minimize = limit
                skip = limit
            } else if let notCodable {
                // One reason for the three, so that the opening line names the actions once.
                let them = coverage.notReplayed?.stepCount == 1 ? "it" : "them"
                let limit = Verdict.partly("\(coverage.replayable) of \(steps) steps replay: \(notCodable), so the replay takes what the recording holds for \(them)")
                verify = limit
                minimize = limit
                skip = limit
            }
            if steps == 0 {
                // An attached app's recording grows: say it has none yet, not that it has none.
                let empty = Verdict.doesNotWork(appTravels == nil ? "the recording has no steps" : "the app has recorded no step yet")
                minimize = empty
                skip = empty
            }
        }
        if !stateDecodable, case .works = skip {
            skip = .partly("only of the first step, since \(stateType) is not Decodable")
        }
        verdicts = [(.dispatch, dispatch), (.verify, verify), (.skip, skip), (.minimize, minimize), (.travel, travel)]
    }

    /// What `app`'s registration allows whatever it records, as `statedbg examples` says it; `nil` when
    /// nothing in the registration keeps dispatch, verify, skip or minimize from working (what a
    /// recording holds may still: an action recorded without `Codable`).
    package static func limits(of app: any RegisteredApp) -> String? {
        guard let exposing = app as? any StateTypeExposing else { return nil }
        if exposing.codableActionTypeNames?.isEmpty == true {
            return "dispatch, verify, skip and minimize do not work: it registers no Codable action type, so nothing it records can be replayed"
        }
        if !exposing.stateIsDecodable {
            return "its state type is not Decodable, so dispatch works only at the initial state, and a replay stops at a step that cannot be replayed"
        }
        return nil
    }

    /// One clause per verdict, abilities with the same verdict named together, in ``Ability`` order:
    /// `dispatch, verify, skip and minimize work` when all do. In-app travel is left out unless
    /// `includingTravel`.
    package func summary(includingTravel: Bool = false) -> String {
        var groups: [(abilities: [Ability], verdict: Verdict)] = []
        for (ability, verdict) in verdicts where includingTravel || ability != .travel {
            if let index = groups.firstIndex(where: { $0.verdict == verdict }) {
                groups[index].abilities.append(ability)
            } else {
                groups.append(([ability], verdict))
            }
        }
        return groups.map { abilities, verdict in
            let names = Self.list(abilities.map(\.rawValue))
            let plural = abilities.count > 1
            switch verdict {
            case .works: return "\(names) work\(plural ? "" : "s")"
            case .partly(let limit): return "\(names) work\(plural ? "" : "s") in part: \(limit)"
            case .doesNotWork(let reason): return "\(names) do\(plural ? "" : "es") not work: \(reason)"
            }
        }.joined(separator: "; ")
    }

    /// One line per ability, as `info` prints them: `verify: in part: 4 of 6 steps replay; …`.
    package var lines: [String] {
        verdicts.map { ability, verdict in
            switch verdict {
            case .works: "\(ability.rawValue): works"
            case .partly(let limit): "\(ability.rawValue): in part: \(limit)"
            case .doesNotWork(let reason): "\(ability.rawValue): does not work: \(reason)"
            }
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
