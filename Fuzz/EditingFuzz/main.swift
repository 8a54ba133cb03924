// The libFuzzer entry point for the editing layer: every input (options byte, Markdown) seeds a
// random session — incremental edits, replacements and their undo, contexts and proposals — whose
// invariants EditingInvariants checks. Built by scripts/fuzz, never by SwiftPM.
import DocumentInvariants

/// libFuzzer calls this with each input (`count` bytes at `start`); returns 0, or stops the
/// process with the broken invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func editingFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
    if let failure = EditingInvariants.check(bytes) {
        fatalError("IntentMark invariant broken — \(failure)")
    }
    return 0
}
