// The libFuzzer entry point for stored documents: every input is read as the JSON form of a
// document and as a style sheet, and what reads goes through validation and every writer
// (JSONDocumentInvariants). Built by scripts/fuzz, never by SwiftPM.
import DocumentInvariants

/// libFuzzer calls this with each input (`count` bytes at `start`); returns 0, or stops the
/// process with the broken invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonDocumentFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
    if let failure = JSONDocumentInvariants.check(bytes) {
        fatalError("IntentMark invariant broken — \(failure)")
    }
    return 0
}
