import LedgerCore

/// One account's balance chart as inline SVG: the ledger's balance as a step line, each
/// checkpoint's statement balance as a point (reconciled, discrepancy and baseline drawn apart,
/// with their amounts), the days the balances part, axes with days and amounts, and a legend.
///
/// The line is cut down to what the pixels can show: of the corners that fall in one pixel
/// column only the first, lowest, highest and last stay, so ten years of daily balances draw
/// as at most four corners per column. Points and the parting days are drawn on their own and
/// are never dropped.
enum BalanceChart {
    static let width = 960
    static let height = 400
    /// The plot's left, right, top and bottom edges.
    static let plot = (left: 100, right: 940, top: 44, bottom: 340)
    /// Up to this many checkpoints, every point is labelled with its amount; past it, only the
    /// discrepancies (every point keeps its amounts in a tooltip).
    static let labelledPoints = 24
    /// How wide a "balances part DAY" label is, about, in pixels.
    static let partingLabelWidth = 160

    static let lineColour = "#1f5fbf"
    static let reconciledColour = "#1a7f37"
    static let discrepancyColour = "#c62828"
    static let baselineColour = "#6e7781"
    static let partingColour = "#b45309"

    /// The chart of an account's part; `id` makes its title's id unique in the page.
    static func svg(_ account: AccountReconciliation, id: String) -> String {
        let titleID = "\(id)-title"
        let format = { (amount: Int64) in Money.format(amount, currency: account.currency) }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 \(width) \(height)" \
            width="\(width)" height="\(height)" role="img" aria-labelledby="\(titleID)" \
            font-family="Helvetica, Arial, sans-serif" font-size="12">

            """
        let period = account.period.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? ""
        out += "<title id=\"\(titleID)\">\(HTMLText.escaped("Balance of \(account.name)\(period)"))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        out += legend()
        guard let scale = scale(of: account) else {
            out += "<text x=\"\(width / 2)\" y=\"\(height / 2)\" text-anchor=\"middle\" fill=\"#24292f\">"
            out += "No booked row or checkpoint in the period.</text>\n</svg>"
            return out
        }
        out += axes(scale, currency: account.currency)
        // A parting day lies in its checkpoint's window, which may begin before the period.
        var labelEnd = Int.min / 2
        for day in account.divergenceDays where scale.days.contains(day.daysSinceEpoch) {
            // Labelled when it clears the last label (a label near the right edge runs leftwards);
            // else the tooltip says the day.
            let x = scale.x(day.daysSinceEpoch)
            let start = x > scale.right - partingLabelWidth ? x - partingLabelWidth : x
            let isLabelled = start >= labelEnd + 8
            if isLabelled { labelEnd = start + partingLabelWidth }
            out += parting(day, scale: scale, labelled: isLabelled)
        }
        let path = linePath(account, scale: scale)
        if !path.isEmpty {
            out += "<path class=\"balance\" d=\"\(path)\" fill=\"none\" stroke=\"\(lineColour)\" stroke-width=\"2\" "
            out += "stroke-linejoin=\"miter\"/>\n"
        }
        let labelsAll = account.checkpoints.count <= labelledPoints
        // A label goes above its point, or below when the last label above is too close; when
        // both are, the point keeps its amounts in its tooltip only.
        var lastAbove = Int.min / 2
        var lastBelow = Int.min / 2
        for checkpoint in account.checkpoints {
            let x = scale.x(checkpoint.day.daysSinceEpoch)
            var side = 0
            if labelsAll || checkpoint.status == .discrepancy {
                let width = checkpoint.status == .discrepancy ? 130 : 70
                if x - lastAbove >= width {
                    side = -1
                    lastAbove = x
                } else if x - lastBelow >= width {
                    side = 1
                    lastBelow = x
                }
            }
            out += point(checkpoint, scale: scale, format: format, label: side)
        }
        out += "</svg>"
        return out
    }

    /// The corners of the step line, from the opening balance through each day's balance (and a
    /// checkpoint's restart), to the period's end; each pixel column cut to at most four corners.
    static func corners(_ account: AccountReconciliation, scale: ChartScale) -> [(x: Int, y: Int)] {
        var all: [(x: Int, y: Int)] = []
        if let opening = account.openingBalance { all.append((scale.x(scale.days.lowerBound), scale.y(opening))) }
        for step in account.balances {
            let x = scale.x(step.day.daysSinceEpoch)
            guard let last = all.last else {
                all.append((x, scale.y(step.closing)))
                continue
            }
            all.append((x, last.y))
            all.append((x, scale.y(step.balance)))
            if let restart = step.restart { all.append((x, scale.y(restart))) }
        }
        if let last = all.last { all.append((scale.x(scale.days.upperBound), last.y)) }
        return simplified(all)
    }

    /// Keeps, of each run of corners in one pixel column, the first, the lowest, the highest and
    /// the last (in the order they come), and drops repeats and corners in line with their
    /// neighbours.
    static func simplified(_ corners: [(x: Int, y: Int)]) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        var index = 0
        while index < corners.count {
            var end = index
            while end + 1 < corners.count, corners[end + 1].x == corners[index].x { end += 1 }
            let column = corners[index...end]
            var kept = [index, end]
            if let low = column.indices.min(by: { corners[$0].y < corners[$1].y }) { kept.append(low) }
            if let high = column.indices.max(by: { corners[$0].y < corners[$1].y }) { kept.append(high) }
            for position in Set(kept).sorted() {
                let corner = corners[position]
                if let last = result.last, last == corner { continue }
                // A corner on the straight way between its neighbours adds nothing: it goes. (A
                // column's highest or lowest corner is off that way, and stays.)
                if result.count >= 2, let last = result.last {
                    let before = result[result.count - 2]
                    let vertical = before.x == last.x && last.x == corner.x && between(last.y, before.y, corner.y)
                    let horizontal = before.y == last.y && last.y == corner.y && between(last.x, before.x, corner.x)
                    if vertical || horizontal { result.removeLast() }
                }
                result.append(corner)
            }
            index = end + 1
        }
        return result
    }

    // MARK: - Private

    private static func between(_ value: Int, _ a: Int, _ b: Int) -> Bool { min(a, b) <= value && value <= max(a, b) }

    /// The scale: the period's days (and the day after, so the last day has a width) and every
    /// amount drawn; `nil` when there is nothing to draw.
    private static func scale(of account: AccountReconciliation) -> ChartScale? {
        guard let period = account.period, !account.balances.isEmpty || account.openingBalance != nil else {
            return nil
        }
        var amounts: [Int64] = account.openingBalance.map { [$0] } ?? []
        for step in account.balances {
            amounts.append(step.balance)
            if let restart = step.restart { amounts.append(restart) }
        }
        for checkpoint in account.checkpoints {
            amounts.append(checkpoint.statement)
            if let expected = checkpoint.expected { amounts.append(expected) }
        }
        guard let low = amounts.min(), let high = amounts.max() else { return nil }
        let days = period.lowerBound.daysSinceEpoch...(period.upperBound.daysSinceEpoch + 1)
        return ChartScale(
            days: days, amounts: low...high, minorDigits: account.currency.minorDigits,
            plot: (plot.left, plot.right, plot.top, plot.bottom))
    }

    private static func linePath(_ account: AccountReconciliation, scale: ChartScale) -> String {
        var path = ""
        var previous: (x: Int, y: Int)?
        for corner in corners(account, scale: scale) {
            if let previous {
                if corner.x == previous.x {
                    path += "V\(corner.y)"
                } else if corner.y == previous.y {
                    path += "H\(corner.x)"
                } else {
                    path += "L\(corner.x) \(corner.y)"
                }
            } else {
                path += "M\(corner.x) \(corner.y)"
            }
            previous = corner
        }
        return path
    }

    private static func legend() -> String {
        let y = 20
        var out = "<g class=\"legend\" fill=\"#24292f\">\n"
        out +=
            "<line x1=\"100\" y1=\"\(y - 4)\" x2=\"124\" y2=\"\(y - 4)\" stroke=\"\(lineColour)\" stroke-width=\"2\"/>"
        out += "<text x=\"130\" y=\"\(y)\">ledger balance</text>\n"
        out += "<circle cx=\"246\" cy=\"\(y - 4)\" r=\"5\" fill=\"\(reconciledColour)\"/>"
        out += "<text x=\"256\" y=\"\(y)\">statement, reconciled</text>\n"
        out += diamond(x: 400, y: y - 4, colour: discrepancyColour)
        out += "<text x=\"410\" y=\"\(y)\">statement, discrepancy (dashed: the gap)</text>\n"
        out +=
            "<circle cx=\"660\" cy=\"\(y - 4)\" r=\"5\" fill=\"#ffffff\" stroke=\"\(baselineColour)\" stroke-width=\"2\"/>"
        out += "<text x=\"670\" y=\"\(y)\">statement, baseline</text>\n"
        out += "<line x1=\"800\" y1=\"\(y - 10)\" x2=\"800\" y2=\"\(y + 2)\" stroke=\"\(partingColour)\" "
        out += "stroke-width=\"2\" stroke-dasharray=\"3 2\"/>"
        out += "<text x=\"806\" y=\"\(y)\">balances part</text>\n"
        return out + "</g>\n"
    }

    private static func axes(_ scale: ChartScale, currency: Currency) -> String {
        var out = "<g class=\"axes\" fill=\"#24292f\">\n"
        for tick in scale.amountTicks {
            let y = scale.y(tick)
            let colour = tick == 0 ? "#57606a" : "#d0d7de"
            out += "<line x1=\"\(scale.left)\" y1=\"\(y)\" x2=\"\(scale.right)\" y2=\"\(y)\" stroke=\"\(colour)\"/>"
            out += "<text x=\"\(scale.left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">"
            out += "\(Money.format(tick, currency: currency))</text>\n"
        }
        for tick in scale.dayTicks() {
            let x = scale.x(tick.day)
            out += "<line x1=\"\(x)\" y1=\"\(scale.top)\" x2=\"\(x)\" y2=\"\(scale.bottom + 4)\" stroke=\"#d0d7de\"/>"
            out += "<text x=\"\(x)\" y=\"\(scale.bottom + 18)\" text-anchor=\"middle\">\(tick.label)</text>\n"
        }
        out += "<line x1=\"\(scale.left)\" y1=\"\(scale.bottom)\" x2=\"\(scale.right)\" y2=\"\(scale.bottom)\" "
        out += "stroke=\"#57606a\"/>\n"
        out += "<text x=\"\(scale.left - 6)\" y=\"\(scale.top - 8)\" text-anchor=\"end\" font-weight=\"bold\">"
        out += "\(HTMLText.escaped(currency.code))</text>\n"
        return out + "</g>\n"
    }

    private static func parting(_ day: Day, scale: ChartScale, labelled: Bool) -> String {
        let x = scale.x(day.daysSinceEpoch)
        let nearRight = x > scale.right - partingLabelWidth
        var out = "<g class=\"parting\"><title>balances part \(day)</title>"
        out += "<line x1=\"\(x)\" y1=\"\(scale.top)\" x2=\"\(x)\" y2=\"\(scale.bottom)\" "
        out += "stroke=\"\(partingColour)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>"
        if labelled {
            out += "<text x=\"\(nearRight ? x - 4 : x + 4)\" y=\"\(scale.top + 12)\" "
            out +=
                "text-anchor=\"\(nearRight ? "end" : "start")\" fill=\"\(partingColour)\">balances part \(day)</text>"
        }
        return out + "</g>\n"
    }

    /// A checkpoint's point; `label` -1 puts its amount above it, 1 below, 0 nowhere but the tooltip.
    private static func point(
        _ checkpoint: ReportCheckpoint, scale: ChartScale, format: (Int64) -> String, label side: Int
    ) -> String {
        let x = scale.x(checkpoint.day.daysSinceEpoch)
        let y = scale.y(checkpoint.statement)
        var tip = "\(checkpoint.day): statement \(format(checkpoint.statement))"
        var label = format(checkpoint.statement)
        var out = "<g class=\"point \(checkpoint.status.rawValue)\">"
        switch checkpoint.status {
        case .reconciled:
            tip += ", reconciled"
            out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"5\" fill=\"\(reconciledColour)\"/>"
        case .baseline:
            tip += ", baseline"
            out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"5\" fill=\"#ffffff\" stroke=\"\(baselineColour)\" "
            out += "stroke-width=\"2\"/>"
        case .discrepancy:
            let expected = checkpoint.expected.map(format) ?? ""
            let gap = checkpoint.discrepancy.map { ($0 > 0 ? "+" : "") + format($0) } ?? ""
            tip += ", ledger \(expected), discrepancy \(gap)"
            label += " (\(gap))"
            if let expectedBalance = checkpoint.expected {
                out += "<line x1=\"\(x)\" y1=\"\(scale.y(expectedBalance))\" x2=\"\(x)\" y2=\"\(y)\" "
                out += "stroke=\"\(discrepancyColour)\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>"
            }
            out += diamond(x: x, y: y, colour: discrepancyColour)
        }
        out += "<title>\(HTMLText.escaped(tip))</title>"
        if side != 0 {
            let labelX = min(max(x, scale.left + 40), scale.right - 40)
            let above = y - 10 < scale.top + 10 ? y + 20 : y - 10
            let below = y + 20 > scale.bottom - 4 ? y - 10 : y + 20
            let labelY = side < 0 ? above : below
            let colour = checkpoint.status == .discrepancy ? discrepancyColour : "#24292f"
            out += "<text x=\"\(labelX)\" y=\"\(labelY)\" text-anchor=\"middle\" fill=\"\(colour)\">"
            out += "\(HTMLText.escaped(label))</text>"
        }
        return out + "</g>\n"
    }

    private static func diamond(x: Int, y: Int, colour: String) -> String {
        "<path d=\"M\(x) \(y - 7)L\(x + 7) \(y)L\(x) \(y + 7)L\(x - 7) \(y)Z\" fill=\"\(colour)\"/>"
    }
}
