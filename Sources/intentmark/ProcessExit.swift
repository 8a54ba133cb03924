import Synchronization

/// What a one-shot command leaves for the process's exit to reclaim: a converted document and
/// its output stay referenced here until `exit`, so that their tables (millions of runs and
/// blocks for a large document) are not freed one by one just before the process ends.
enum ProcessExit {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `values` referenced until the process exits.
    static func keepUntilExit(_ values: any Sendable...) {
        kept.withLock { $0.append(contentsOf: values) }
    }
}
