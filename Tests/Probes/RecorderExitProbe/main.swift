// A program that records and ends without closing its recorder, so a test can check that steps still
// queued reach the file at normal process exit. Not a product: only the recorder's tests run it.
//
// USAGE: recorder-exit-probe PATH STEPS (return | exit)
import Foundation
import StateRecorder

let arguments = CommandLine.arguments
guard arguments.count == 4, let steps = Int(arguments[2]), ["return", "exit"].contains(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: recorder-exit-probe PATH STEPS (return | exit)\n".utf8))
    exit(64)
}
var options = RecorderOptions()
// Nothing reaches the file before close() under this policy: only the exit flush can write the steps.
options.durability = .onClose
let recorder = try Recorder<Int, String>(journal: arguments[1], app: "probe", initialState: 0, options: options)
for step in 1...max(1, steps) {
    recorder.record("increment", state: step, site: nil)
}
if arguments[3] == "exit" { exit(0) }
