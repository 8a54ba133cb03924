import Foundation
import IntentModel
import MarkdownParsing

/// How each output's time grows with its input, shape by shape: every output of
/// ``ComplexityOutput/all`` on every shape of ``ComplexityShape/all``, the input doubled from
/// ``startBytes`` until ``maximumBytes``, until one run of the output takes ``maximumSeconds``, or
/// until the output's next size would not fit in memory: 2.5 times the process's peak resident
/// set during its point (which begins with the memory kept from earlier points given back), over
/// 90% of the memory available when the shape began. Without that rule a deep list's JSON at
/// 32 MB took 23.5 GB, and the kernel ended the sweep (session 26).
///
/// The growth exponent is the slope of log(time) against log(bytes) (see
/// ``exponent(of:by:)``): 1 for linear work, 2 for quadratic. Each point is the fastest of enough
/// runs to take 0.2 s (at least one), after one run that is not timed, so small inputs are not all
/// noise and no timed run pays for the kernel handing the process fresh memory: ``run(progress:)``
/// first has glibc keep freed memory (``RetainedHeap``). Inputs are parsed with ``ParsingLimits/unlimited`` — the sweep
/// measures the outputs, not the parser's limits — and the parse is not timed. Nor is
/// libcmark-gfm's parse inside an output (the editing layer's, and the Markdown writer's escape
/// minimizer's): it is timed apart and left out, as
/// the instruction count leaves it out (``ComplexityInstructionCount``).
///
/// Each point also keeps the least user CPU time of its runs, and each result the exponent of
/// those: the work of the output itself, without the kernel's. The two differ where the kernel
/// works — on the 2-core virtual machine of session 22, the JSON of `mixedLineEndings` at 32 MB
/// took 4.96 s of wall time for 1.24 s of user time while its output buffer was a huge-page block
/// of the heap (exponents 1.42 and 0.96; see `ByteOutput`), and list lowering of
/// `crVerticalTabTable` at 4 MB 10.0 s for 5.5 s while the heap was trimmed after each run
/// (``RetainedHeap``). The user figure is coarse below about 0.2 s: the kernel splits user and
/// system time at its timer tick.
package struct ComplexitySweep: Sendable {
    /// One output on one shape.
    package struct Result: Sendable, Codable {
        package var shape: String
        package var output: String
        /// (input bytes, seconds) per size, in order.
        package var points: [Point]
        /// The growth exponent (``ComplexitySweep/exponent(of:by:)``) of the wall times, or `nil`
        /// when fewer than two points were long enough to measure.
        package var exponent: Double?
        /// The same of the user CPU times (``Point/userSeconds``).
        package var userExponent: Double?
    }

    /// One size.
    package struct Point: Sendable, Codable {
        package var bytes: Int
        /// The output's own time: its fastest run, less the time that run spent in libcmark-gfm's
        /// parse (``MarkdownParsing/LibraryParseClock``; the editing layer and the Markdown writer's
        /// escape minimizer parse).
        package var seconds: Double
        /// The time the same run spent in libcmark-gfm's parse.
        package var libraryParseSeconds: Double = 0
        /// The user CPU time of the process in the run with the least of it (`getrusage`,
        /// `RUSAGE_SELF`: every thread's), less the library's parse as above: the work without the kernel's (page
        /// faults — on a virtual machine the host's too, when it backs guest memory on first touch).
        package var userSeconds: Double = 0

        /// A point of `bytes` whose output took `seconds` (and its run `libraryParseSeconds` in
        /// libcmark-gfm's parse, and `userSeconds` of user CPU time).
        package init(bytes: Int, seconds: Double, libraryParseSeconds: Double = 0, userSeconds: Double = 0) {
            self.bytes = bytes
            self.seconds = seconds
            self.libraryParseSeconds = libraryParseSeconds
            self.userSeconds = userSeconds
        }
    }

    package var startBytes = 64_000
    package var maximumBytes = 64_000_000
    package var maximumSeconds = 10.0
    package var shapes = ComplexityShape.all
    package var outputs = ComplexityOutput.all

    package init() {}

    /// Runs the sweep.
    /// - Parameter progress: Called with a line per point.
    /// - Returns: One result per shape and output.
    package func run(progress: (String) -> Void) -> [Result] {
        if !RetainedHeap.retainFreedMemory() {
            progress("freed memory is returned to the system here: large points include page faults")
        }
        var results: [Result] = []
        var options = MarkdownParsingOptions()
        options.limits = .unlimited
        for shape in shapes {
            var active = outputs.map { Result(shape: shape.name, output: $0.name, points: [], exponent: nil) }
            var running = Array(outputs.indices)
            var bytes = startBytes
            // What the system can give, with the memory the last shape kept given back.
            ProcessMemory.returnFreedMemory()
            let available = Self.availableMemoryBytes()
            while !running.isEmpty, bytes <= maximumBytes {
                let markdown = shape.make(bytes)
                let parseStart = Date()
                guard let document = try? IntentDocument(markdown: markdown, options: options) else {
                    progress("\(shape.name): \(bytes) bytes refused by the parser; stopping the shape")
                    break
                }
                let parseSeconds = Date().timeIntervalSince(parseStart)
                var outOfMemory: Set<Int> = []
                for index in running {
                    // Each point starts from the memory in use, so that the peak is its own (the
                    // document's included); its runs still reuse what its first run touched.
                    ProcessMemory.returnFreedMemory()
                    ProcessMemory.resetPeak()
                    let point = Self.time(bytes: markdown.utf8.count) { _ = outputs[index].produce(markdown, document) }
                    // The next size needs about twice this one's memory: an output stops where
                    // that would not fit (a deep list's JSON is about 100 times its input).
                    let peak = ProcessMemory.peakResidentBytes()
                    if !Self.nextSizeFits(peak: peak, available: available) {
                        outOfMemory.insert(index)
                        progress(
                            "\(shape.name) \(outputs[index].name): stopping at \(Self.size(bytes)): the next size would need"
                                + " about \(peak / 2 * 5 / 1_000_000) MB, \(available / 1_000_000) MB were available")
                    }
                    active[index].points.append(point)
                    progress(Self.progressLine(shape: shape.name, output: outputs[index].name, point: point))
                }
                running.removeAll {
                    outOfMemory.contains($0)
                        || (active[$0].points.last.map { $0.seconds + $0.libraryParseSeconds >= maximumSeconds } ?? true)
                }
                if parseSeconds >= maximumSeconds { break }
                bytes *= 2
            }
            for index in active.indices {
                active[index].exponent = Self.exponent(of: active[index].points, by: \.seconds)
                active[index].userExponent = Self.exponent(of: active[index].points, by: \.userSeconds)
            }
            results += active
        }
        return results
    }

    /// The progress line of one point: `SHAPE OUTPUT BYTES B: SECONDS s (user USER s)`, and
    /// libcmark-gfm's parse time apart where there is one (what `scripts/complexity-table-from-logs`
    /// reads).
    static func progressLine(shape: String, output: String, point: Point) -> String {
        let library =
            point.libraryParseSeconds > 0 ? String(format: " (libcmark-gfm's parse %.4f s apart)", point.libraryParseSeconds) : ""
        return "\(shape) \(output) \(point.bytes) B: \(String(format: "%.4f", point.seconds)) s"
            + " (user \(String(format: "%.4f", point.userSeconds)) s)\(library)"
    }

    /// The fastest of enough runs of `body` to take 0.2 s, and of at least three while they take
    /// under 1 s together, after one run that is not timed (it touches the memory the timed runs
    /// reuse). Each run's time is its own, less what it spent in libcmark-gfm's parse, which the
    /// point keeps beside it; the least user CPU time of the runs is kept too. Three runs, not
    /// one: a run of 0.1–0.3 s that writes a large output now and then spends as long again in the
    /// kernel, faulting in fresh huge pages (`longLine` `rtf` at 32 MB: 0.23 s wall for 0.13 s
    /// user as the best of one). For the same reason a longer run whose best wall time is over
    /// 1.5 times its user CPU time (and 50 ms) is run again, up to three runs and 20 s: on this
    /// virtual machine, memory the guest freed is faulted in again from the host at about 3.5 s
    /// per GB now and then (`emphasisRuns` `json` at 16 MB: 3.07 s wall for 0.91 s user, against
    /// 2.24 s for 1.67 s at 32 MB in the same sweep).
    static func time(bytes: Int, _ body: () -> Void) -> Point {
        body()
        var best = Point(bytes: bytes, seconds: .infinity, userSeconds: .infinity)
        var total = 0.0
        var runs = 0
        repeat {
            runs += 1
            let libraryBefore = LibraryParseClock.nanoseconds
            let userBefore = processUserSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            let user = processUserSeconds() - userBefore
            let library = min(LibraryParseClock.nanoseconds - libraryBefore, elapsed)
            let seconds = Double(elapsed - library) / 1e9
            if seconds < best.seconds {
                best.seconds = seconds
                best.libraryParseSeconds = Double(library) / 1e9
            }
            best.userSeconds = min(best.userSeconds, max(0, user - Double(library) / 1e9))
            total += Double(elapsed) / 1e9
        } while total < 0.2 || (runs < 3 && (total < 1 || (best.seconds > 1.5 * best.userSeconds + 0.05 && total < 20)))
        return best
    }

    /// Whether an output's next size fits in memory: 2.5 times `peak` (the process's peak
    /// resident set during its point on this size, in bytes) is at most 90% of `available` (what
    /// the system had when the shape began); true when `available` is not known (0).
    package static func nextSizeFits(peak: Int, available: Int) -> Bool {
        available <= 0 || peak / 2 * 5 <= available / 10 * 9
    }

    /// The memory the system could give without swapping (`MemAvailable` in Linux's
    /// `/proc/meminfo`), in bytes; 0 where it is not known.
    package static func availableMemoryBytes() -> Int {
        guard let info = try? String(contentsOfFile: "/proc/meminfo", encoding: .ascii) else { return 0 }
        for line in info.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let fields = line.split(separator: " ")
            return fields.count >= 2 ? (Int(fields[1]) ?? 0) * 1024 : 0
        }
        return 0
    }

    /// The user CPU time of the process so far, in seconds: every thread's, as the library's parse
    /// time subtracted from it is every thread's (``MarkdownParsing/LibraryParseClock``). Until
    /// session 27 it was the calling thread's alone, which left the Markdown writer's escape
    /// minimization on other threads out and its user column empty.
    static func processUserSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    }

    /// The growth exponent: the least-squares slope of log(time) against log(bytes) over the
    /// points whose time (wall by default, or the one `seconds` names) is at least 20 ms (below
    /// that, timer noise dominates) and whose libcmark-gfm parse, timed apart, took at most 20
    /// times the point's own wall time (beyond that, what is left after taking the library's time
    /// away is smaller than that subtraction's error: editing `wideTable` at 512 KB is 0.09–0.11 s
    /// of ours beside 16 s of libcmark-gfm's table parse, and read 0.76 to 1.63 in four sweeps,
    /// while its instruction count grows as 0.97); `nil` with fewer than two such points. A fit
    /// over every doubling, not the largest single ratio: the one doubling in which a linear
    /// output's working set leaves a cache takes 2.5–3× the time, which the largest ratio would
    /// report as an exponent of 1.3–1.6.
    package static func exponent(of points: [Point], by seconds: KeyPath<Point, Double> = \.seconds) -> Double? {
        let measured = points.filter { $0[keyPath: seconds] >= 0.02 && $0.libraryParseSeconds <= 20 * $0.seconds }
        guard measured.count >= 2 else { return nil }
        let xs = measured.map { log2(Double($0.bytes)) }
        let ys = measured.map { log2($0[keyPath: seconds]) }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return variance > 0 ? covariance / variance : nil
    }

    /// A Markdown table: one row per shape, one column per output, each cell the exponent of the
    /// wall times, that of the user CPU times, and the largest size reached with its wall time.
    package func table(_ results: [Result]) -> String {
        ComplexityTable.render(shapes: shapes, outputs: outputs) { shape, output in
            guard let result = results.first(where: { $0.shape == shape && $0.output == output }),
                let last = result.points.last
            else { return nil }
            let exponent = result.exponent.map { String(format: "%.2f", $0) } ?? "–"
            let user = result.userExponent.map { String(format: "%.2f", $0) } ?? "–"
            let mark = (result.exponent ?? 0) > 1.15 ? " ⚠" : ""
            return "\(exponent)\(mark) (user \(user); \(Self.size(last.bytes)): \(String(format: "%.2f", last.seconds)) s)"
        }
    }

    package static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(bytes / 1_000) KB"
    }
}
