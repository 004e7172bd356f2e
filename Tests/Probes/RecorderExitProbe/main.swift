// A program that records and ends without closing its recorder, so a test can check that steps still
// queued reach the file at normal process exit; and, with `full-disk`, an app that goes on running
// while its journal runs out of room (the test runs it under a file size limit). Not a product: only
// the recorder's tests run it.
//
// USAGE: recorder-exit-probe PATH STEPS (return | exit | full-disk)
import Foundation
import StateRecorder
import StateSync

let arguments = CommandLine.arguments
guard arguments.count == 4, let steps = Int(arguments[2]), ["return", "exit", "full-disk"].contains(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: recorder-exit-probe PATH STEPS (return | exit | full-disk)\n".utf8))
    exit(64)
}
var options = RecorderOptions()
if arguments[3] == "full-disk" {
    // A test runner's worker thread may block SIGXFSZ, and a child inherits the mask: unblocked, the
    // signal does what the shell that started the probe left it to do (its default, ending the
    // process, unless `trap '' XFSZ` ignored it), as in an app.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGXFSZ)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    // Every step is handed to the OS before it is acknowledged; the writes fail once the limit is hit.
    options.durability = .everyStep(sync: false)
    let errors = Locked<[String]>([])
    let recorder = try Recorder<Int, String>(journal: arguments[1], app: "probe", initialState: 0, options: options,
                                             onError: { message in errors.withLock { $0.append(message) } })
    var state = 0
    for _ in 1...max(1, steps) {
        state += 1
        recorder.record("increment", state: state, site: nil)
    }
    try? recorder.close()
    let reported = errors.withLock { $0 }
    // What the test reads: the app reached its last state, how many errors it was told, the first one.
    print("state \(state)")
    print("errors \(reported.count)")
    print("acknowledged \(recorder.acknowledgedStep)")
    if let first = reported.first { print("error \(first)") }
    exit(0)
}
// Nothing reaches the file before close() under this policy: only the exit flush can write the steps.
options.durability = .onClose
let recorder = try Recorder<Int, String>(journal: arguments[1], app: "probe", initialState: 0, options: options)
for step in 1...max(1, steps) {
    recorder.record("increment", state: step, site: nil)
}
if arguments[3] == "exit" { exit(0) }
