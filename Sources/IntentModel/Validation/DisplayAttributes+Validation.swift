// Range checks and clamps of display attributes, block markup and source positions (see
// ModelRanges). Paths are relative to the value, as the JSON form spells them.

extension Double {
    /// The value clamped into `range`; a NaN becomes the bound nearest 0.
    package func clampedFinite(to range: ClosedRange<Double>) -> Double {
        guard !isNaN else { return 0.clamped(to: range) }
        return clamped(to: range)
    }
}

extension DisplayAttributes {
    /// The first value outside ``ModelRanges``: its path (`.paragraphStyle.headIndent`) and why.
    package func validationFailure() -> (path: String, reason: String)? {
        func length(_ value: Double?, _ path: String, _ range: ClosedRange<Double> = ModelRanges.length) -> (String, String)? {
            guard let value, !range.contains(value) else { return nil }
            return (path, "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        if let failure = length(font?.size, ".font.size", ModelRanges.fontSize) { return failure }
        for (name, color) in [("foregroundColor", foregroundColor), ("backgroundColor", backgroundColor)] {
            guard let color else { continue }
            for (component, value) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)] {
                if let failure = length(value, ".\(name).\(component)", ModelRanges.colorComponent) { return failure }
            }
        }
        if let failure = length(baselineOffset, ".baselineOffset") { return failure }
        if let superscript, !ModelRanges.superscript.contains(superscript) {
            return (".superscript", "superscript level \(superscript) is outside \(ModelRanges.superscript)")
        }
        guard let style = paragraphStyle else { return nil }
        let lengths = [
            ("headIndent", style.headIndent), ("firstLineHeadIndent", style.firstLineHeadIndent),
            ("tailIndent", style.tailIndent), ("paragraphSpacingBefore", style.paragraphSpacingBefore),
            ("paragraphSpacing", style.paragraphSpacing),
        ]
        for (name, value) in lengths {
            if let failure = length(value, ".paragraphStyle.\(name)") { return failure }
        }
        if let failure = length(style.lineHeightMultiple, ".paragraphStyle.lineHeightMultiple", ModelRanges.lineHeightMultiple) {
            return failure
        }
        for (position, list) in style.textLists.enumerated() {
            let path = ".paragraphStyle.textLists[\(position)]"
            if !ModelRanges.ordinal.contains(list.startingItemNumber) {
                return (path + ".startingItemNumber", "start \(list.startingItemNumber) is outside \(ModelRanges.ordinal)")
            }
            if let identity = list.identity, !ModelRanges.identity.contains(identity) {
                return (path + ".identity", "identity \(identity) is outside ±2^53")
            }
        }
        for (position, block) in style.textBlocks.enumerated() {
            let path = ".paragraphStyle.textBlocks[\(position)]"
            guard ModelRanges.identity.contains(block.table) else { return (path + ".table", "identity \(block.table) is outside ±2^53") }
            let columns = 1...ModelRanges.index.upperBound
            guard columns.contains(block.numberOfColumns) else {
                return (path + ".numberOfColumns", "\(block.numberOfColumns) columns is outside \(columns)")
            }
            guard (0..<block.numberOfColumns).contains(block.column) else {
                return (path + ".column", "column \(block.column) is not among the table's \(block.numberOfColumns) columns")
            }
            guard ModelRanges.index.contains(block.row) else { return (path + ".row", "row \(block.row) is outside \(ModelRanges.index)") }
            guard (1...block.numberOfColumns - block.column).contains(block.columnSpan) else {
                return (path + ".columnSpan", "a span of \(block.columnSpan) columns does not fit from column \(block.column)")
            }
            guard columns.contains(block.rowSpan) else {
                return (path + ".rowSpan", "a span of \(block.rowSpan) rows is outside \(columns)")
            }
        }
        return nil
    }

    /// The attributes with every value clamped into ``ModelRanges``; table sizes and spans at most
    /// `maximumCount` (a document's run count: no table has more cells than runs).
    package func clamped(maximumCount: Int) -> DisplayAttributes {
        var result = self
        result.font?.size = (font?.size ?? 0).clampedFinite(to: ModelRanges.fontSize)
        result.foregroundColor = foregroundColor?.clamped()
        result.backgroundColor = backgroundColor?.clamped()
        result.baselineOffset = baselineOffset?.clampedFinite(to: ModelRanges.length)
        result.superscript = superscript?.clamped(to: ModelRanges.superscript)
        guard var style = paragraphStyle else { return result }
        style.headIndent = style.headIndent.clampedFinite(to: ModelRanges.length)
        style.firstLineHeadIndent = style.firstLineHeadIndent.clampedFinite(to: ModelRanges.length)
        style.tailIndent = style.tailIndent.clampedFinite(to: ModelRanges.length)
        style.paragraphSpacingBefore = style.paragraphSpacingBefore.clampedFinite(to: ModelRanges.length)
        style.paragraphSpacing = style.paragraphSpacing.clampedFinite(to: ModelRanges.length)
        style.lineHeightMultiple = style.lineHeightMultiple.clampedFinite(to: ModelRanges.lineHeightMultiple)
        for index in style.textLists.indices {
            style.textLists[index].startingItemNumber = style.textLists[index].startingItemNumber.clamped(to: ModelRanges.ordinal)
            style.textLists[index].identity = style.textLists[index].identity?.clamped(to: ModelRanges.identity)
        }
        let counts = 1...max(1, min(maximumCount, ModelRanges.index.upperBound))
        for index in style.textBlocks.indices {
            var block = style.textBlocks[index]
            block.table = block.table.clamped(to: ModelRanges.identity)
            block.numberOfColumns = block.numberOfColumns.clamped(to: counts)
            block.column = block.column.clamped(to: 0...block.numberOfColumns - 1)
            block.columnSpan = block.columnSpan.clamped(to: 1...block.numberOfColumns - block.column)
            block.row = block.row.clamped(to: 0...counts.upperBound)
            block.rowSpan = block.rowSpan.clamped(to: counts)
            style.textBlocks[index] = block
        }
        result.paragraphStyle = style
        return result
    }
}

extension DisplayColor {
    /// The colour with each component clamped into ``ModelRanges/colorComponent`` (a NaN to 0).
    package func clamped() -> DisplayColor {
        var color = self
        color.red = red.clampedFinite(to: ModelRanges.colorComponent)
        color.green = green.clampedFinite(to: ModelRanges.colorComponent)
        color.blue = blue.clampedFinite(to: ModelRanges.colorComponent)
        color.alpha = alpha.clampedFinite(to: ModelRanges.colorComponent)
        return color
    }
}

extension BlockMarkup {
    /// The first value outside ``ModelRanges``: its path (`.codeFence.length`) and why.
    package func validationFailure() -> (path: String, reason: String)? {
        if let alert, GitHubAlert.kind(ofMarker: alert.marker) != alert.kind {
            return (".alert.marker", "'\(alert.marker)' is not the marker of a \(alert.kind.rawValue) alert")
        }
        guard let fence = codeFence else { return nil }
        guard fence.character == "`" || fence.character == "~" else {
            return (".codeFence.character", "a code fence is made of '`' or '~', not '\(fence.character)'")
        }
        guard ModelRanges.codeFenceLength.contains(fence.length) else {
            return (".codeFence.length", "a code fence of \(fence.length) characters is outside \(ModelRanges.codeFenceLength)")
        }
        return nil
    }

    /// Whether writing needs ``clampedForWriting()``.
    var needsClampForWriting: Bool {
        if let alert, GitHubAlert.kind(ofMarker: alert.marker) != alert.kind { return true }
        guard let fence = codeFence else { return false }
        return validationFailure() != nil || fence.length > ModelRanges.writtenCodeFenceLength
    }

    /// The markup with its fence made writable: '`' unless it is '~', 3 through
    /// ``ModelRanges/writtenCodeFenceLength`` long; an alert whose marker names another kind gets
    /// its kind's marker.
    func clampedForWriting() -> BlockMarkup {
        var result = self
        if let alert, GitHubAlert.kind(ofMarker: alert.marker) != alert.kind { result.alert?.marker = alert.kind.marker }
        guard var fence = codeFence else { return result }
        if fence.character != "~" { fence.character = "`" }
        fence.length = fence.length.clamped(to: 3...ModelRanges.writtenCodeFenceLength)
        result.codeFence = fence
        return result
    }
}

extension MarkdownSourcePosition {
    /// The first field outside ``ModelRanges/sourcePosition``: its path and why.
    package func validationFailure() -> (path: String, reason: String)? {
        for (name, value) in [("startLine", startLine), ("startColumn", startColumn), ("endLine", endLine), ("endColumn", endColumn)]
        where !ModelRanges.sourcePosition.contains(value) {
            return (".\(name)", "\(value) is outside \(ModelRanges.sourcePosition)")
        }
        return nil
    }
}
