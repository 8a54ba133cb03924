import Foundation

/// A small SVG line chart with logarithmic axes, written by hand (no dependencies): one polyline
/// per series with a marker at each point, grid lines at 1, 2 and 5 × 10ⁿ on the y axis and at
/// given ticks on the x axis, axis labels, a title and a legend ordered by each series' last value.
package struct SVGLineChart: Sendable {
    /// One line.
    package struct Series: Sendable {
        /// The legend's text.
        package var name: String
        /// (x, y) points, x ascending; points with a non-positive or non-finite coordinate are skipped.
        package var points: [(Double, Double)]
        /// Drawn dashed (the baselines).
        package var dashed: Bool

        package init(name: String, points: [(Double, Double)], dashed: Bool = false) {
            self.name = name
            self.points = points
            self.dashed = dashed
        }
    }

    // MARK: - Stored layout

    package var title: String
    package var xLabel: String
    package var yLabel: String
    /// Labelled x positions (data units); grid lines are drawn at each.
    package var xTicks: [(Double, String)] = []
    package var series: [Series] = []
    /// Size in CSS pixels.
    package var width = 960.0
    package var height = 600.0

    /// Distinct colours (Tableau 10 and two more), then repeated.
    private static let palette = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
        "#17becf", "#8c564b",
    ]

    // MARK: - Initialisers

    package init(title: String, xLabel: String, yLabel: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    // MARK: - Writing

    /// The chart as a standalone SVG document.
    package func svg() -> String {
        let left = 80.0
        let right = 190.0
        let top = 50.0
        let bottom = 70.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func usable(_ point: (Double, Double)) -> Bool { point.0 > 0 && point.1 > 0 && point.0.isFinite && point.1.isFinite }
        let all = series.flatMap { $0.points.filter(usable) }
        let xs = all.map(\.0) + xTicks.map(\.0).filter { $0 > 0 }
        let ys = all.map(\.1)
        let xMin = log10(xs.min() ?? 1)
        let xMax = log10(xs.max() ?? 10)
        let xPad = max(xMax - xMin, 1) * 0.03
        let (x0, x1) = (xMin - xPad, xMax + xPad)
        let y0 = floor(log10(ys.min() ?? 1))
        let y1 = ceil(log10(ys.max() ?? 10))
        let yTop = y1 > y0 ? y1 : y0 + 1
        func px(_ x: Double) -> Double { left + (log10(x) - x0) / (x1 - x0) * plotWidth }
        func py(_ y: Double) -> Double { top + plotHeight - (log10(y) - y0) / (yTop - y0) * plotHeight }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(number(left + plotWidth / 2))" y="28" text-anchor="middle" font-size="16">\(Self.escaped(title))</text>

            """
        // Grid and ticks.
        var exponent = y0
        while exponent <= yTop {
            for multiple in [1.0, 2.0, 5.0] {
                let value = multiple * pow(10, exponent)
                guard log10(value) <= yTop + 1e-9 else { continue }
                let y = number(py(value))
                let stroke = multiple == 1 ? "#c8c8c8" : "#ececec"
                out += "<line x1=\"\(number(left))\" y1=\"\(y)\" x2=\"\(number(left + plotWidth))\" y2=\"\(y)\" stroke=\"\(stroke)\"/>\n"
                out +=
                    "<text x=\"\(number(left - 6))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(Self.tickLabel(value))</text>\n"
            }
            exponent += 1
        }
        for (value, label) in xTicks where value > 0 {
            let x = number(px(value))
            out += "<line x1=\"\(x)\" y1=\"\(number(top))\" x2=\"\(x)\" y2=\"\(number(top + plotHeight))\" stroke=\"#ececec\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(number(top + plotHeight + 18))\" text-anchor=\"middle\">\(Self.escaped(label))</text>\n"
        }
        out +=
            "<rect x=\"\(number(left))\" y=\"\(number(top))\" width=\"\(number(plotWidth))\" height=\"\(number(plotHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        out +=
            "<text x=\"\(number(left + plotWidth / 2))\" y=\"\(number(height - 22))\" text-anchor=\"middle\" font-size=\"13\">\(Self.escaped(xLabel))</text>\n"
        let yMiddle = number(top + plotHeight / 2)
        out +=
            "<text x=\"20\" y=\"\(yMiddle)\" text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 20 \(yMiddle))\">\(Self.escaped(yLabel))</text>\n"

        // Lines, then the legend ordered by each line's last value (top of the legend = fastest).
        for (index, line) in series.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            let points = line.points.filter(usable)
            let path = points.map { "\(number(px($0.0))),\(number(py($0.1)))" }.joined(separator: " ")
            let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
            out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
            for point in points {
                out += "<circle cx=\"\(number(px(point.0)))\" cy=\"\(number(py(point.1)))\" r=\"2.5\" fill=\"\(colour)\"/>\n"
            }
        }
        let order = series.indices.sorted { (series[$0].points.last?.1 ?? 0) > (series[$1].points.last?.1 ?? 0) }
        for (row, index) in order.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            let y = top + 10 + Double(row) * 20
            let x = left + plotWidth + 14
            let dash = series[index].dashed ? " stroke-dasharray=\"6 4\"" : ""
            out +=
                "<line x1=\"\(number(x))\" y1=\"\(number(y))\" x2=\"\(number(x + 28))\" y2=\"\(number(y))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
            out +=
                "<text x=\"\(number(x + 34))\" y=\"\(number(y))\" dominant-baseline=\"middle\">\(Self.escaped(series[index].name))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    private static func tickLabel(_ value: Double) -> String {
        value >= 1 ? String(format: "%.0f", value) : String(format: "%g", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
