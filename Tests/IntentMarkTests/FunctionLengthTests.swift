import Foundation
import Testing

/// No function of the library, the command line or the benchmarks is longer than about 60 lines
/// without a reason written beside it: a declaration over ``limit`` lines needs a doc comment that
/// says why ("Longer than 60 lines because …" or "… over 60 lines because …").
///
/// Bodies are measured by counting braces from the declaration's line, ignoring braces in string
/// literals and `//` comments — enough for this code base, which keeps braces out of multi-line
/// string literals.
@Suite("Function length")
struct FunctionLengthTests {
    /// The most lines a declaration may span, from its first line to its closing brace, without
    /// a written reason.
    static let limit = 60

    /// The package's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A function, initializer or subscript spanning more than ``limit`` lines: its file, first
    /// line (1-based) and length, and whether its doc comment gives a reason.
    struct LongDeclaration: CustomStringConvertible {
        var path: String
        var line: Int
        var length: Int
        var hasReason: Bool
        var description: String { "\(path):\(line): \(length) lines" }
    }

    /// Every declaration longer than ``limit`` lines in the Swift files under `folder`.
    static func longDeclarations(under folder: String) throws -> [LongDeclaration] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [LongDeclaration] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let path = String(url.path.dropFirst(root.path.count + 1))
            for (index, line) in lines.enumerated() where isDeclaration(line) {
                guard let length = bodyLength(of: lines, from: index), length > limit else { continue }
                let comment = lines[max(0, index - 10)..<index].joined(separator: "\n")
                let hasReason = comment.contains("onger than 60") || comment.contains("over 60 lines")
                found.append(LongDeclaration(path: path, line: index + 1, length: length, hasReason: hasReason))
            }
        }
        return found
    }

    /// Whether `line` declares a function, initializer or subscript (not in a comment).
    static func isDeclaration(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("//"), !trimmed.hasPrefix("*") else { return false }
        return trimmed.range(of: #"(^|\s)(func\s|init[?!]?\(|init<|subscript[(<])"#, options: .regularExpression) != nil
    }

    /// The number of lines from `start` to the line that closes the first brace opened at or
    /// after it; `nil` when no brace opens within eight lines (a protocol requirement).
    static func bodyLength(of lines: [String], from start: Int) -> Int? {
        var depth = 0
        var opened = false
        for index in start..<lines.count {
            for character in codeOnly(lines[index]) {
                if character == "{" {
                    depth += 1
                    opened = true
                } else if character == "}" {
                    depth -= 1
                }
            }
            if !opened, index - start >= 8 { return nil }
            if opened, depth <= 0 { return index - start + 1 }
        }
        return nil
    }

    /// `line` without its string literals and `//` comment.
    static func codeOnly(_ line: String) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        var escaped = false
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                result.removeLast()
                break
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    @Test("no function of Sources or Benchmarks is longer than about 60 lines without a reason beside it")
    func longFunctionsGiveAReason() throws {
        var declarations: [LongDeclaration] = []
        for folder in ["Sources", "Benchmarks"] { declarations += try Self.longDeclarations(under: folder) }
        let unexplained = declarations.filter { !$0.hasReason }
        #expect(unexplained.isEmpty, "longer than \(Self.limit) lines without a reason: \(unexplained)")
        // The two that give a reason today (the converter's dispatch over every node kind and the
        // parsing flags' dispatch table) are found: the measure reaches the real sources.
        #expect(declarations.count >= 2, "\(declarations)")
    }

    @Test("the measure finds a long function and its reason")
    func theMeasureWorks() {
        let body = (0..<70).map { "    let x\($0) = \"}\" // }" }
        let lines = ["/// Longer than 60 lines because it is a test.", "func long() {"] + body + ["}", "func short() { }"]
        #expect(Self.isDeclaration(lines[1]))
        #expect(!Self.isDeclaration("// func commented() {"))
        #expect(Self.bodyLength(of: lines, from: 1) == 72)
        #expect(Self.bodyLength(of: lines, from: 73) == 1)
        #expect(Self.bodyLength(of: ["func requirement()", "", "", "", "", "", "", "", "", "", "{"], from: 0) == nil)
    }
}
