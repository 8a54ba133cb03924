/// Anything the benchmarks time or measure the memory of: one of our stages or one of
/// libcmark-gfm's baselines.
package enum BenchmarkTask: Hashable, Sendable {
    /// One of IntentMark's conversions.
    case stage(BenchmarkStage)
    /// libcmark-gfm alone.
    case baseline(BaselineStage)

    // MARK: - Conveniences

    /// Every stage, then every baseline.
    package static let all: [BenchmarkTask] = BenchmarkStage.allCases.map { .stage($0) } + BaselineStage.allCases.map { .baseline($0) }

    /// The name used on command lines, in tables and in the chart: the stage's raw value, or
    /// `c.` and the baseline's raw value (`c.parse`, `c.parseAndHTML`, `c.html`).
    package var name: String {
        switch self {
        case .stage(let stage): return stage.rawValue
        case .baseline(let baseline): return "c." + baseline.rawValue
        }
    }

    /// The task named `name` (see ``name``), or `nil`.
    package init?(name: String) {
        if name.hasPrefix("c.") {
            guard let baseline = BaselineStage(rawValue: String(name.dropFirst(2))) else { return nil }
            self = .baseline(baseline)
        } else {
            guard let stage = BenchmarkStage(rawValue: name) else { return nil }
            self = .stage(stage)
        }
    }

    /// Whether the task starts from a parsed `IntentDocument` (the writers and lowerings) rather
    /// than from Markdown.
    package var needsDocument: Bool {
        switch self {
        case .stage(let stage):
            switch stage {
            case .parse, .parseParallel, .parseNone: return false
            case .html, .plain, .rich, .attributedString, .markdown, .rtf, .json: return true
            }
        case .baseline: return false
        }
    }
}
