/// The measurements of one input.
package struct BenchmarkResult: Sendable, Codable {
    /// One stage's figures.
    package struct Stage: Sendable, Codable {
        /// The stage name (`parse`, `html`, …).
        package var name: String
        /// Input megabytes (10⁶ bytes) per second, from the median time.
        package var mbPerSecond: Double
        /// The median time of one run, in seconds.
        package var seconds: Double
        /// Peak resident memory above the level before the stage, in bytes (see ``memoryMethod``).
        package var peakBytes: Int
        /// `mbPerSecond` divided by libcmark-gfm's parse throughput measured in the same run.
        package var ratioToParse: Double
    }

    /// libcmark-gfm's figures on the same input.
    package struct Baseline: Sendable, Codable {
        /// Parse throughput, MB/s.
        package var parseMBPerSecond: Double
        /// Parse + HTML throughput, MB/s.
        package var parseAndHTMLMBPerSecond: Double
        /// HTML rendering alone (tree already parsed), MB/s of input.
        package var htmlMBPerSecond: Double
        /// Peak resident memory of the parse, bytes.
        package var parsePeakBytes: Int
        /// Peak resident memory of parse + HTML, bytes.
        package var parseAndHTMLPeakBytes: Int
    }

    /// The input's name (file path or description).
    package var input: String
    /// Its size in bytes.
    package var bytes: Int
    /// Runs timed per stage (after one warm-up run).
    package var runs: Int
    /// The stages.
    package var stages: [Stage]
    /// The C baselines.
    package var baseline: Baseline
    /// How peak memory was measured: `"sampled"` (resident set sampled every millisecond in the
    /// benchmarking process during the untimed warm-up run) or `"childProcess"` (each task once in a
    /// fresh child process: the kernel's high-water mark above the resident set before the task).
    package var memoryMethod: String
}
