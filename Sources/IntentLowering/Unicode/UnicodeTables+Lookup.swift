extension UnicodeTables {
    /// Whether `value` lies in one of `table`'s ranges (inclusive `first, last` pairs in ascending
    /// order): a binary search, O(log ranges).
    static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
        var low = 0
        var high = table.count / 2
        while low < high {
            let middle = (low + high) / 2
            if value < table[2 * middle] {
                high = middle
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether `scalar` takes two terminal cells by Unicode's East Asian Width (W, F) or has
    /// emoji presentation by default.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value, in: wide) }

    /// The direction of `scalar` if it is a strong bidirectional character (Bidi_Class L, or R
    /// and AL), else `nil`.
    static func strongDirection(of scalar: Unicode.Scalar) -> StrongDirection? {
        let value = scalar.value
        // Basic Latin letters first: most text decides on its first character.
        if value < 0x80 {
            return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A ? .leftToRight : nil
        }
        if contains(value, in: rightToLeft) { return .rightToLeft }
        if contains(value, in: leftToRight) { return .leftToRight }
        return nil
    }

    /// A strong bidirectional class.
    enum StrongDirection {
        /// Bidi_Class L.
        case leftToRight
        /// Bidi_Class R or AL.
        case rightToLeft
    }
}
