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

    /// The plot area and its logarithmic scales, from the data.
    private struct Frame {
        let left = 80.0
        let top = 50.0
        let width: Double
        let height: Double
        let x0: Double
        let x1: Double
        let y0: Double
        let yTop: Double

        init(chart: SVGLineChart) {
            width = chart.width - left - 190
            height = chart.height - top - 70
            let all = chart.series.flatMap { $0.points.filter(Frame.usable) }
            let xs = all.map(\.0) + chart.xTicks.map(\.0).filter { $0 > 0 }
            let ys = all.map(\.1)
            let xMin = log10(xs.min() ?? 1)
            let xMax = log10(xs.max() ?? 10)
            let xPad = max(xMax - xMin, 1) * 0.03
            (x0, x1) = (xMin - xPad, xMax + xPad)
            let y1 = ceil(log10(ys.max() ?? 10))
            y0 = floor(log10(ys.min() ?? 1))
            yTop = y1 > y0 ? y1 : y0 + 1
        }

        /// Whether a point can be drawn on logarithmic scales.
        static func usable(_ point: (Double, Double)) -> Bool { point.0 > 0 && point.1 > 0 && point.0.isFinite && point.1.isFinite }
        func px(_ x: Double) -> Double { left + (log10(x) - x0) / (x1 - x0) * width }
        func py(_ y: Double) -> Double { top + height - (log10(y) - y0) / (yTop - y0) * height }
    }

    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The chart as a standalone SVG document.
    package func svg() -> String {
        let frame = Frame(chart: self)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.number(frame.left + frame.width / 2))" y="28" text-anchor="middle" font-size="16">\(Self.escaped(title))</text>

            """
        out += grid(frame)
        out += lines(frame)
        out += legend(frame)
        out += "</svg>\n"
        return out
    }

    /// Grid lines and ticks on both axes, the plot's border and the axis labels.
    private func grid(_ frame: Frame) -> String {
        let (left, top, plotWidth, plotHeight) = (frame.left, frame.top, frame.width, frame.height)
        let number = Self.number
        var out = ""
        var exponent = frame.y0
        while exponent <= frame.yTop {
            for multiple in [1.0, 2.0, 5.0] {
                let value = multiple * pow(10, exponent)
                guard log10(value) <= frame.yTop + 1e-9 else { continue }
                let y = number(frame.py(value))
                let stroke = multiple == 1 ? "#c8c8c8" : "#ececec"
                out += "<line x1=\"\(number(left))\" y1=\"\(y)\" x2=\"\(number(left + plotWidth))\" y2=\"\(y)\" stroke=\"\(stroke)\"/>\n"
                out +=
                    "<text x=\"\(number(left - 6))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(Self.tickLabel(value))</text>\n"
            }
            exponent += 1
        }
        for (value, label) in xTicks where value > 0 {
            let x = number(frame.px(value))
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
        return out
    }

    /// Each series as a line with a dot at each point.
    private func lines(_ frame: Frame) -> String {
        let number = Self.number
        var out = ""
        for (index, line) in series.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            let points = line.points.filter(Frame.usable)
            let path = points.map { "\(number(frame.px($0.0))),\(number(frame.py($0.1)))" }.joined(separator: " ")
            let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
            out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
            for point in points {
                out += "<circle cx=\"\(number(frame.px(point.0)))\" cy=\"\(number(frame.py(point.1)))\" r=\"2.5\" fill=\"\(colour)\"/>\n"
            }
        }
        return out
    }

    /// The legend, ordered by each line's last value (top of the legend = fastest).
    private func legend(_ frame: Frame) -> String {
        let number = Self.number
        var out = ""
        let order = series.indices.sorted { (series[$0].points.last?.1 ?? 0) > (series[$1].points.last?.1 ?? 0) }
        for (row, index) in order.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            let y = frame.top + 10 + Double(row) * 20
            let x = frame.left + frame.width + 14
            let dash = series[index].dashed ? " stroke-dasharray=\"6 4\"" : ""
            out +=
                "<line x1=\"\(number(x))\" y1=\"\(number(y))\" x2=\"\(number(x + 28))\" y2=\"\(number(y))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>\n"
            out +=
                "<text x=\"\(number(x + 34))\" y=\"\(number(y))\" dominant-baseline=\"middle\">\(Self.escaped(series[index].name))</text>\n"
        }
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
