import IntentModel

/// A linear pre-scan of the input for the shapes ``ParsingLimits`` bounds.
struct InputShape {
    /// The most container markers opening one line.
    var nestingDepth = 0
    /// The sum over lines of the nesting depth open across them.
    var nestingWork = 0
    /// The most `[` in one chunk between blank lines.
    var bracketsPerBlock = 0

    init(scanning bytes: UnsafeBufferPointer<UInt8>) {
        var openDepth = 0
        var brackets = 0
        var index = 0
        let count = bytes.count
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while index < count {
            // One line: [index, end).
            var end = index
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            var position = index
            var indentation = 0
            while position < end, isSpace(bytes[position]) {
                position += 1
                indentation += 1
            }
            if position == end {
                // Blank: nesting stays open; the chunk of text ends.
                nestingWork &+= openDepth
                brackets = 0
            } else {
                var depth = 0
                scan: while position < end {
                    let byte = bytes[position]
                    switch byte {
                    case UInt8(ascii: ">"):
                        depth += 1
                        position += 1
                    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
                        guard position + 1 >= end || isSpace(bytes[position + 1]) else { break scan }
                        depth += 1
                        position += 1
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        var digits = position
                        while digits < end, digits - position < 10, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
                        guard digits < end, bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"),
                            digits + 1 >= end || isSpace(bytes[digits + 1])
                        else { break scan }
                        depth += 1
                        position = digits + 1
                    default:
                        break scan
                    }
                    while position < end, isSpace(bytes[position]) { position += 1 }
                }
                nestingDepth = max(nestingDepth, depth)
                if depth > 0 {
                    openDepth = depth
                } else if indentation < 2 {
                    openDepth = 0
                }
                nestingWork &+= max(depth, openDepth)
                while position < end {
                    if bytes[position] == UInt8(ascii: "[") { brackets += 1 }
                    position += 1
                }
                bracketsPerBlock = max(bracketsPerBlock, brackets)
            }
            // Past the line ending (LF, CR or CRLF).
            index = end
            if index < count, bytes[index] == 0x0D { index += 1 }
            if index < count, bytes[index] == 0x0A { index += 1 }
        }
    }

    /// Throws when a shape exceeds its limit.
    func check(against limits: ParsingLimits) throws {
        if nestingDepth > limits.maximumNestingDepth {
            throw IntentMarkError.limitExceeded(
                limit: "maximumNestingDepth", maximum: limits.maximumNestingDepth, found: nestingDepth)
        }
        if nestingWork > limits.maximumNestingWork {
            throw IntentMarkError.limitExceeded(
                limit: "maximumNestingWork", maximum: limits.maximumNestingWork, found: nestingWork)
        }
        if bracketsPerBlock > limits.maximumBracketsPerBlock {
            throw IntentMarkError.limitExceeded(
                limit: "maximumBracketsPerBlock", maximum: limits.maximumBracketsPerBlock, found: bracketsPerBlock)
        }
    }
}
