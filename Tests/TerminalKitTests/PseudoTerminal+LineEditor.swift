import Dispatch
import Foundation
import StateSync
import TerminalKit
import TestSupport

extension PseudoTerminal {
    /// A LineEditor reading lines on the slave side until end of input, on its own thread.
    final class EditorRun: Sendable {
        let results = Locked<[LineEditor.Result]>([])
        let finished = DispatchSemaphore(value: 0)
    }

    /// Starts a LineEditor on the slave, prompting `[0]> `, `[1]> `, … until it reads end of input.
    func startEditor(completer: (@Sendable (String, Int) -> [String])? = nil) -> EditorRun {
        let run = EditorRun()
        let slave = slave
        Thread {
            let editor = LineEditor(input: slave, output: slave, completer: completer)
            var index = 0
            while true {
                let result = editor.readLine(prompt: "[\(index)]> ")
                run.results.withLock { $0.append(result) }
                if result == .endOfFile { break }
                index += 1
            }
            run.finished.signal()
        }.start()
        return run
    }

    /// Waits for the editor thread, collects its last output and returns what it read. If the thread is
    /// stuck, hangs up the master so its read fails and it ends.
    func wait(for run: EditorRun) -> [LineEditor.Result] {
        if run.finished.wait(timeout: .now() + 10) == .timedOut {
            hangUp()
            run.finished.wait()
        } else {
            drain()
        }
        return run.results.withLock { $0 }
    }
}
