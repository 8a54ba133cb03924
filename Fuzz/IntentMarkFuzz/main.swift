// The libFuzzer entry point: every input goes through DocumentInvariants (parse → structure →
// lower → write → re-parse); a broken invariant stops the run with its description, which
// libFuzzer reports as a crash and saves the input for. Built by scripts/fuzz with
// `swiftc -sanitize=fuzzer,address -parse-as-library`, never by SwiftPM.
import DocumentInvariants

/// libFuzzer calls this with each input (`count` bytes at `start`); returns 0, or stops the
/// process with the broken invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func intentMarkFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
    if let failure = DocumentInvariants.check(bytes) {
        fatalError("IntentMark invariant broken — \(failure)")
    }
    return 0
}
