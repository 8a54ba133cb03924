import Foundation
import Synchronization
import Testing

@testable import MarkdownParsing

/// Workers started before their work: each runs the work once when it is handed over, and none
/// runs it after a cancel (a parse that is not cut after all).
@Suite("Early workers")
struct EarlyWorkersTests {
    @Test("Started workers each run the work once, after a wait longer than their spin")
    func startedWorkersRunTheWork() {
        for count in [0, 1, 3] {
            let runs = Atomic(0)
            let workers = EarlyWorkers(count: count)
            // Past the spin: the workers poll until the work comes.
            usleep(UInt32(EarlyWorkers.spinNanoseconds / 1000) + 2_000)
            workers.start { runs.add(1, ordering: .relaxed) }
            workers.wait()
            #expect(runs.load(ordering: .relaxed) == count)
            // A cancel after the start changes nothing.
            workers.cancel()
        }
    }

    @Test("Cancelled workers return without running anything")
    func cancelledWorkersReturn() {
        let runs = Atomic(0)
        let workers = EarlyWorkers(count: 2)
        workers.cancel()
        workers.start { runs.add(1, ordering: .relaxed) }
        workers.wait()
        #expect(runs.load(ordering: .relaxed) == 0)
    }
}
