/// The Markdown table both complexity measures print: one row per shape, one column per output.
enum ComplexityTable {
    /// The table of `shapes` × `outputs`, each cell `cell(shape, output)`, or `–` where it is `nil`.
    static func render(
        shapes: [ComplexityShape], outputs: [ComplexityOutput], cell: (_ shape: String, _ output: String) -> String?
    ) -> String {
        var lines = ["| shape | " + outputs.map(\.name).joined(separator: " | ") + " |"]
        lines.append("|---|" + String(repeating: "---|", count: outputs.count))
        for shape in shapes {
            let cells = outputs.map { cell(shape.name, $0.name) ?? "–" }
            lines.append("| \(shape.name) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
