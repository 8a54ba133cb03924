import Foundation

/// Peak memory of one task measured in a fresh child process: the benchmark executable re-runs
/// itself with `--child TASK FILE`, loads the file, prepares what the task starts from (the parsed
/// document for the writers), resets the kernel's high-water mark and runs the task once. The
/// figure is the high-water mark (`VmHWM`) minus the resident set just before the task, so it is
/// what the task itself adds on top of its input — exact to the page, unlike in-process sampling,
/// and unaffected by what earlier stages left in the allocator.
package struct ChildProcessMemory: Sendable {
    /// One child's figures, printed by the child as one JSON line.
    package struct Measurement: Sendable, Codable {
        /// The task's name (``BenchmarkTask/name``).
        package var task: String
        /// Resident bytes with the input loaded and the task's starting point prepared.
        package var baselineBytes: Int
        /// The high-water mark after the task ran, in bytes.
        package var highWaterBytes: Int
        /// `highWaterBytes - baselineBytes`: the task's own peak.
        package var peakBytes: Int
        /// Whether the high-water mark could be reset before the task (if not, `peakBytes` may
        /// include the preparation's own peak).
        package var highWaterWasReset: Bool
    }

    // MARK: - Stored layout

    /// The benchmark executable (this process's own).
    package var executable: URL
    /// The flag that makes the executable a child.
    package var childFlag: String

    // MARK: - Initialisers

    /// A probe that re-runs `executable` (default: this process's executable) with `childFlag`.
    package init(executable: URL? = nil, childFlag: String = "--child") {
        self.executable =
            executable ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        self.childFlag = childFlag
    }

    // MARK: - Parent side

    /// Runs `task` on the Markdown in `file` in a child process and returns its figures.
    /// - Throws: ``ChildProcessMemory/Failure`` when the child fails or prints no figures.
    package func measure(_ task: BenchmarkTask, file: URL) throws -> Measurement {
        let process = Process()
        process.executableURL = executable
        process.arguments = [childFlag, task.name, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let measurement = try? JSONDecoder().decode(Measurement.self, from: data)
        else {
            throw Failure(task: task.name, status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        }
        return measurement
    }

    /// A child that failed.
    package struct Failure: Error, CustomStringConvertible {
        package var task: String
        package var status: Int32
        package var output: String
        package var description: String { "memory child for '\(task)' exited with \(status): \(output)" }
    }

    // MARK: - Child side

    /// The child's work: warms the task up on the first 32 KB of `file` (so code pages and lazy
    /// globals are not counted), loads `file`, prepares, resets the high-water mark, runs `task`
    /// once and returns the JSON line to print.
    /// - Throws: The file's and the parser's errors.
    package static func runChild(_ task: BenchmarkTask, file: URL) throws -> String {
        let data = try Data(contentsOf: file)
        do {
            var warmUp = data.prefix(32_768)
            if let cut = warmUp.lastRange(of: Data("\n\n".utf8)) { warmUp = warmUp[..<cut.upperBound] }
            try BenchmarkWorkload(markdown: Data(warmUp)).run(task)
        }
        let workload = BenchmarkWorkload(markdown: data)
        try workload.prepare(task)
        ProcessMemory.returnFreedMemory()
        let wasReset = ProcessMemory.resetPeak()
        let baseline = ProcessMemory.residentBytes()
        try workload.run(task)
        let highWater = ProcessMemory.peakResidentBytes()
        let measurement = Measurement(
            task: task.name, baselineBytes: baseline, highWaterBytes: highWater, peakBytes: max(0, highWater - baseline),
            highWaterWasReset: wasReset)
        return String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self)
    }
}
