/// Three private-use characters (U+E000–U+E0FF) that do not occur in a source, for the marks the
/// preparation adds: the two that delimit an extended-attributes token and the shield that keeps
/// an inline-only line from opening an HTML block or a code fence. Chosen absent from the input,
/// so no text of the user's can be mistaken for one.
struct PrivateUseMarkers {
    var tokenOpen: Unicode.Scalar = "\u{E000}"
    var tokenClose: Unicode.Scalar = "\u{E001}"
    var shield: Unicode.Scalar = "\u{E002}"

    /// The defaults, for a source that needs no marks.
    init() {}

    /// The first three private-use characters of U+E000–U+E0FF absent from `bytes` (UTF-8), in
    /// one linear scan.
    init(absentFrom bytes: UnsafeBufferPointer<UInt8>) {
        // U+E000–U+E0FF are EE 80 80 … EE 83 BF in UTF-8.
        var used = [Bool](repeating: false, count: 256)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0xEE, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x83 {
                used[Int(bytes[index + 1] - 0x80) << 6 | Int(bytes[index + 2] & 0x3F)] = true
            }
            index += 1
        }
        let free = (0..<256).filter { !used[$0] }
        // 256 code points cannot all occur in a document that is also large enough to matter;
        // fall back to the first three regardless.
        let first = free.first ?? 0
        let second = free.dropFirst().first ?? 1
        let third = free.dropFirst(2).first ?? 2
        tokenOpen = Unicode.Scalar(0xE000 + UInt32(first)) ?? "\u{E000}"
        tokenClose = Unicode.Scalar(0xE000 + UInt32(second)) ?? "\u{E001}"
        shield = Unicode.Scalar(0xE000 + UInt32(third)) ?? "\u{E002}"
    }
}
