/// A small deterministic random number generator (SplitMix64), so that one fuzz input always
/// drives the same edits.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator seeded from every byte of `bytes` (FNV-1a).
    public init(hashing bytes: some Collection<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// `count` documents, each 4 to 16 of `examples` picked at random, each followed by one of
    /// `joints` picked at random: inputs for checking that writing or parsing in pieces equals
    /// doing it whole.
    public mutating func concatenations(of examples: [String], joints: [String], count: Int) -> [String] {
        (0..<count).map { _ in
            (0..<Int.random(in: 4...16, using: &self)).map { _ in
                (examples.randomElement(using: &self) ?? "") + (joints.randomElement(using: &self) ?? "\n\n")
            }.joined()
        }
    }
}
