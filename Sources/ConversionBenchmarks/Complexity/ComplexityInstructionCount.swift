import Foundation
import IntentModel
import MarkdownParsing

/// How each output's *instruction count* grows with its input: the complexity sweep's measure that
/// does not depend on the machine's speed, its load or its caches.
///
/// Each (shape, size) is measured in one child process of the benchmark executable run under
/// Valgrind's callgrind tool (`valgrind --tool=callgrind`): the child makes the shape's Markdown,
/// parses it (not counted) and produces every output once through
/// ``ComplexityInstructionCount/measure(_:_:)``, whose symbol callgrind toggles collection on and
/// dumps after, so each output's count is that of its own call alone — the instructions executed
/// by this process's code, the Swift runtime, Foundation and libc, the same on any machine that
/// runs the same build. The growth exponent between two sizes is log₂ of the count ratio per
/// doubling of the input (1 linear, 2 quadratic); unlike wall-clock time, a working set that
/// leaves the cache does not raise it.
///
/// The instructions of libcmark-gfm's own parse (``libraryParseSymbols``) are subtracted from each
/// count: only the `editing` output parses inside its call, and the parser's growth on hostile
/// shapes is bounded by ``ParsingLimits`` (and tested against them), not by this sweep, which
/// measures IntentMark's code. ``Point/libraryParseInstructions`` keeps what was subtracted.
///
/// Counts of the same build and inputs are reproducible to a few instructions, so a CI check can
/// fail on an exponent above a bound without flaking.
package struct ComplexityInstructionCount: Sendable {
    /// One output on one shape: its instruction count per input size.
    package struct Result: Sendable, Codable {
        package var shape: String
        package var output: String
        /// (input bytes, instructions) per size, in order.
        package var points: [Point]
        /// The largest exponent over consecutive sizes, or `nil` with fewer than two sizes.
        package var exponent: Double? {
            var result: Double? = nil
            for (small, large) in zip(points, points.dropFirst()) where small.instructions > 0 {
                let value =
                    log2(Double(large.instructions) / Double(small.instructions))
                    / log2(Double(large.bytes) / Double(small.bytes))
                result = max(result ?? value, value)
            }
            return result
        }
    }

    /// One size.
    package struct Point: Sendable, Codable {
        /// The input's size in UTF-8 bytes.
        package var bytes: Int
        /// The output's instructions, libcmark-gfm's parse excluded.
        package var instructions: Int
        /// The instructions of libcmark-gfm's parse inside the output's call, which
        /// ``instructions`` excludes (0 for every output but `editing`).
        package var libraryParseInstructions: Int
    }

    /// A failure to count.
    package enum Failure: Error, CustomStringConvertible {
        /// `valgrind` could not be started (not installed: `apt-get install valgrind`).
        case valgrindUnavailable(String)
        /// The child exited with a status other than 0; its standard error.
        case childFailed(status: Int32, standardError: String)
        /// The child ran but callgrind wrote fewer counts than outputs (one per measured call).
        case missingCounts(expected: Int, found: Int)

        package var description: String {
            switch self {
            case .valgrindUnavailable(let reason): "valgrind could not be started (\(reason)); install it: apt-get install valgrind"
            case .childFailed(let status, let standardError): "the counting child exited with \(status): \(standardError)"
            case .missingCounts(let expected, let found): "callgrind wrote \(found) counts, \(expected) expected"
            }
        }
    }

    /// The flag that makes the benchmark executable a counting child: `FLAG SHAPE BYTES OUTPUTS`.
    package static let childFlag = "--complexity-child"

    /// The input sizes, in bytes, in increasing order.
    package var sizes: [Int]
    package var shapes = ComplexityShape.all
    package var outputs = ComplexityOutput.all
    /// The benchmark executable (default: this process's own).
    package var executable: URL

    /// A count over `sizes` with every shape and output.
    package init(sizes: [Int], executable: URL? = nil) {
        self.sizes = sizes
        self.executable =
            executable ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
    }

    /// Counts every output on every shape at every size.
    /// - Parameter progress: Called with a line per (shape, size).
    /// - Returns: One result per shape and output, in order.
    /// - Throws: ``Failure`` when valgrind is missing or a child fails.
    package func run(progress: @Sendable (String) -> Void) throws -> [Result] {
        // Counts do not depend on the load, so the children run on every core.
        let jobs = shapes.flatMap { shape in sizes.map { (shape, $0) } }
        let counts = CountTable(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (shape, bytes) = jobs[index]
            let result = Swift.Result { try count(shape: shape, bytes: bytes) }
            counts.set(index, result)
            if case .success(let values) = result {
                progress(
                    "\(shape.name) \(values.first?.bytes ?? 0) B: "
                        + zip(outputs, values).map { output, point in
                            "\(output.name) \(point.instructions)"
                                + (point.libraryParseInstructions > 0
                                    ? " (+ \(point.libraryParseInstructions) in libcmark-gfm's parse)" : "")
                        }.joined(separator: ", "))
            }
        }
        var results: [Result] = []
        for (shapeIndex, shape) in shapes.enumerated() {
            var active = outputs.map { Result(shape: shape.name, output: $0.name, points: []) }
            for sizeIndex in sizes.indices {
                let values = try counts.get(shapeIndex * sizes.count + sizeIndex).get()
                for index in active.indices { active[index].points.append(values[index]) }
            }
            results += active
        }
        return results
    }

    /// The children's results, written from several threads.
    final class CountTable: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Swift.Result<[Point], any Error>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Swift.Result<[Point], any Error>) { lock.withLock { values[index] = value } }
        func get(_ index: Int) -> Swift.Result<[Point], any Error> {
            lock.withLock { values[index] ?? .failure(Failure.missingCounts(expected: 1, found: 0)) }
        }
    }

    /// The instruction count of each output on `shape` at `bytes`, in ``outputs``' order.
    func count(shape: ComplexityShape, bytes: Int) throws -> [Point] {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "intentmark-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "valgrind", "--tool=callgrind", "--collect-atstart=no",
            "--toggle-collect=\(Self.measuredSymbol)", "--dump-after=\(Self.measuredSymbol)",
            "--callgrind-out-file=\(directory.path)/count", executable.path,
            Self.childFlag, shape.name, String(bytes), outputs.map(\.name).joined(separator: ","),
        ]
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure.valgrindUnavailable("\(error)") }
        let errorText = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            if process.terminationStatus == 127 { throw Failure.valgrindUnavailable("not found") }
            throw Failure.childFailed(status: process.terminationStatus, standardError: String(errorText.suffix(2_000)))
        }
        // callgrind names the dumps count.1, count.2, … in call order (and the last, at exit, count).
        let inputBytes = shape.make(bytes).utf8.count
        var counts: [Point] = []
        for part in 1...outputs.count {
            let file = directory.appending(path: "count.\(part)")
            guard let text = try? String(contentsOf: file, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") || $0.hasPrefix("totals:") }),
                let value = line.split(separator: " ").last.flatMap({ Int($0) })
            else { throw Failure.missingCounts(expected: outputs.count, found: counts.count) }
            let libraryParse = Self.libraryParseInstructions(inCallgrindOutput: text)
            counts.append(Point(bytes: inputBytes, instructions: value - libraryParse, libraryParseInstructions: libraryParse))
        }
        return counts
    }

    /// The functions of libcmark-gfm's parse that IntentMark calls: the parse of every block and
    /// inline, extensions included, happens inside them.
    package static let libraryParseSymbols: Set<Substring> = ["cmark_parser_feed", "cmark_parser_finish"]

    /// The instructions spent inside libcmark-gfm's parse in one callgrind output file: the
    /// inclusive cost of every call into ``libraryParseSymbols``, read from the file's call lines
    /// (`cfn=` names the callee, `calls=` starts a call, and the line after it ends with the
    /// call's inclusive count). Names are compressed: `(id) name` the first time, `(id)` after.
    /// - Parameter text: A callgrind output file collected with the instruction event only.
    /// - Returns: The instructions, or 0 when the file has no call into the parse.
    package static func libraryParseInstructions(inCallgrindOutput text: String) -> Int {
        var names: [Substring: Substring] = [:]
        var calleeIsParse = false
        var costFollows = false
        var total = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if costFollows {
                costFollows = false
                if calleeIsParse, let cost = line.split(separator: " ").last.flatMap({ Int($0) }) { total += cost }
            } else if line.hasPrefix("cfn=") || line.hasPrefix("fn=") {
                let name = functionName(line.drop(while: { $0 != "=" }).dropFirst(), names: &names)
                calleeIsParse = line.hasPrefix("cfn=") && libraryParseSymbols.contains(name)
            } else if line.hasPrefix("calls=") {
                costFollows = true
            }
        }
        return total
    }

    /// The name a callgrind `fn=`/`cfn=` value stands for: `(id) name` records and returns the
    /// name, `(id)` looks it up, and an uncompressed name is itself.
    private static func functionName(_ value: Substring, names: inout [Substring: Substring]) -> Substring {
        guard value.first == "(", let close = value.firstIndex(of: ")") else { return value }
        let id = value[...close]
        let rest = value[value.index(after: close)...].drop(while: { $0 == " " })
        if rest.isEmpty { return names[id] ?? id }
        names[id] = rest
        return rest
    }

    /// The symbol of ``measure(_:_:)``, which callgrind toggles collection on and dumps after.
    static let measuredSymbol = "intentmark_complexity_measure"

    /// Runs as the counting child: makes `shape` at `bytes`, parses it without limits, and produces
    /// each named output once through ``measure(_:_:)``.
    /// - Throws: When a name is unknown or the parser refuses the input.
    package static func runChild(shape shapeName: String, bytes: Int, outputs outputNames: [String]) throws {
        guard let shape = ComplexityShape.all.first(where: { $0.name == shapeName }) else {
            throw ChildError(message: "unknown shape \(shapeName)")
        }
        var options = MarkdownParsingOptions()
        options.limits = .unlimited
        let markdown = shape.make(bytes)
        let document = try IntentDocument(markdown: markdown, options: options)
        for name in outputNames {
            guard let output = ComplexityOutput.all.first(where: { $0.name == name }) else {
                throw ChildError(message: "unknown output \(name)")
            }
            _ = measure(output, markdown, document)
        }
    }

    /// A counting child's usage error.
    package struct ChildError: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// Produces one output: the call callgrind counts (its symbol is ``measuredSymbol``).
    /// Unoptimised, so the optimiser neither inlines it nor calls a specialised copy under another
    /// symbol; the output it calls is optimised as usual.
    @_silgen_name("intentmark_complexity_measure")
    @inline(never)
    @_optimize(none)
    static func measure(_ output: ComplexityOutput, _ markdown: String, _ document: IntentDocument) -> Int {
        output.produce(markdown, document)
    }

    /// A Markdown table like ``ComplexitySweep/table(_:)``'s: the exponent and the instruction count
    /// at the largest size.
    package func table(_ results: [Result], bound: Double) -> String {
        ComplexityTable.render(shapes: shapes, outputs: outputs) { shape, output in
            guard let result = results.first(where: { $0.shape == shape && $0.output == output }),
                let exponent = result.exponent, let last = result.points.last
            else { return nil }
            let mark = exponent > bound ? " ⚠" : ""
            return String(format: "%.2f", exponent) + mark + " (\(Self.millions(last.instructions)))"
        }
    }

    static func millions(_ instructions: Int) -> String {
        instructions >= 10_000_000 ? "\(instructions / 1_000_000) M" : String(format: "%.1f M", Double(instructions) / 1e6)
    }
}
