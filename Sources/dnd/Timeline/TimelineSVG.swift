import Foundation
import ZoneInfo

/// Draws a ``TimelineLayout`` as an SVG picture: one row per day on a 24-hour grid, the DND
/// blocks, hatching over wall-clock times a clock change skipped, a red marker at each
/// transition with its description, and a title with the rule.
struct TimelineSVG {
  let layout: TimelineLayout
  /// The tzdata version, for the subtitle.
  let tzdataVersion: String?
  /// An instant to mark on its day's row (`--at`), with its label.
  var marker: (instant: Int64, label: String)?

  // Geometry, in SVG user units.
  static let left = 150.0
  static let hourWidth = 32.0
  static let plotWidth = hourWidth * 24
  static let noteWidth = 300.0
  static let top = 112.0
  static let rowHeight = 34.0
  static let barHeight = 22.0

  static let dndColor = "#4338ca"
  static let transitionColor = "#dc2626"
  static let weekendColor = "#b45309"
  static let markerColor = "#059669"

  /// Whether a day is a Saturday or a Sunday, whose labels are coloured.
  static func isWeekend(_ day: TimelineLayout.Day) -> Bool {
    CivilCalendar.isoWeekdayIndex(dayNumber: day.number) >= 5
  }

  /// The wall-clock times a transition skips (`shift` > 0) or repeats (< 0) on a day, as
  /// seconds after local midnight clipped to the day; nil when none of them fall on it.
  func shiftedTimes(_ transition: ZoneTransition, on day: TimelineLayout.Day) -> (
    low: Int64, high: Int64
  )? {
    let (before, after) = layout.readings(of: transition, on: day)
    let low = min(max(min(before, after), 0), secondsPerDay)
    let high = min(max(max(before, after), 0), secondsPerDay)
    return high > low ? (low, high) : nil
  }
  /// The x coordinate of a time of day.
  static func x(_ secondOfDay: Int64) -> Double {
    left + Double(secondOfDay) / 3600 * hourWidth
  }

  /// The picture's width.
  static let width = left + plotWidth + 24 + noteWidth
  /// The left margin of the heading, and its right one.
  static let margin = 24.0
  /// A text's estimated width per character, in ems: a little over the average advance of
  /// the sans-serif fonts the picture names, since the viewer's font is not known.
  static let emsPerCharacter = 0.6

  /// Text in lines whose estimated width at a font size fits the heading's width.
  static func headingLines(_ text: String, fontSize: Double) -> [String] {
    let characters = Int((width - 2 * margin) / (fontSize * emsPerCharacter))
    return CommandSpec.wrap(text, width: characters)
  }

  /// The SVG document.
  func render() -> String {
    let width = Self.width
    // The title and the note wrap to the picture's width; what is below moves down by the
    // lines they add.
    let titleLines = Self.headingLines(layout.title, fontSize: 20)
    let noteLines = layout.note.map { Self.headingLines($0, fontSize: 13) } ?? []
    let shift = Double(titleLines.count - 1) * 26 + Double(noteLines.count) * 20
    let rowsBottom = Self.top + Double(layout.days.count) * Self.rowHeight
    let height = rowsBottom + 56 + shift
    let title = ([layout.title] + (layout.note.map { [$0] } ?? [])).joined(separator: "; ")
    var subtitle = ""
    if let first = layout.days.first, let last = layout.days.last {
      subtitle =
        "\(TimeFormatting.weekdayAndDate(first.number)) to "
        + "\(TimeFormatting.weekdayAndDate(last.number)), wall-clock time in "
        + layout.clock.zone.identifier
      if let tzdataVersion { subtitle += " · tzdata \(tzdataVersion)" }
    }
    var svg: [String] = []
    svg.append("<?xml version='1.0' encoding='UTF-8'?>")
    svg.append(
      "<svg xmlns='http://www.w3.org/2000/svg' "
        + "width='\(n(width))' height='\(n(height))' viewBox='0 0 \(n(width)) \(n(height))' "
        + "font-family='-apple-system, &quot;Segoe UI&quot;, Helvetica, Arial, sans-serif'>")
    svg.append("<title>\(escape(title))</title>")
    svg.append(
      "<defs><pattern id='skipped' width='6' height='6' patternUnits='userSpaceOnUse' "
        + "patternTransform='rotate(45)'><rect width='3' height='6' fill='#9ca3af'/>"
        + "</pattern></defs>")
    svg.append("<rect width='100%' height='100%' fill='#ffffff'/>")
    var y = 38.0
    for (index, line) in titleLines.enumerated() {
      if index > 0 { y += 26 }
      svg.append(
        "<text x='\(n(Self.margin))' y='\(n(y))' font-size='20' font-weight='600' "
          + "fill='#111827'>" + escape(line) + "</text>")
    }
    for line in noteLines {
      y += 20
      svg.append(
        "<text x='\(n(Self.margin))' y='\(n(y))' font-size='13' fill='#111827'>"
          + escape(line) + "</text>")
    }
    svg.append(
      "<text x='\(n(Self.margin))' y='\(n(y + 24))' font-size='13' fill='#6b7280'>"
        + escape(subtitle) + "</text>")
    if shift > 0 { svg.append("<g transform='translate(0 \(n(shift)))'>") }
    svg += grid(bottom: rowsBottom)
    for (index, day) in layout.days.enumerated() {
      svg += row(day, y: Self.top + Double(index) * Self.rowHeight)
    }
    if let marker,
      let index = layout.days.firstIndex(where: { $0.instants.contains(marker.instant) })
    {
      svg += markerLine(
        marker, on: layout.days[index], y: Self.top + Double(index) * Self.rowHeight)
    }
    svg += legend(y: rowsBottom + 30)
    if shift > 0 { svg.append("</g>") }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// Hour lines and labels.
  func grid(bottom: Double) -> [String] {
    var parts: [String] = []
    for hour in 0...24 {
      let x = Self.x(Int64(hour) * 3600)
      let major = hour % 6 == 0
      parts.append(
        "<line x1='\(n(x))' y1='\(n(Self.top - 10))' x2='\(n(x))' y2='\(n(bottom))' "
          + "stroke='\(major ? "#cbd5e1" : "#e5e7eb")' stroke-width='1'/>")
      if hour % 2 == 0 {
        parts.append(
          "<text x='\(n(x))' y='\(n(Self.top - 16))' font-size='11' fill='#6b7280' "
            + "text-anchor='middle'>\(pad(hour, 2)):00</text>")
      }
    }
    return parts
  }

  /// One day: label, bar, DND blocks, skipped times and transition markers.
  func row(_ day: TimelineLayout.Day, y: Double) -> [String] {
    var parts: [String] = []
    let barTop = y + (Self.rowHeight - Self.barHeight) / 2
    let labelColor = Self.isWeekend(day) ? Self.weekendColor : "#374151"
    parts.append(
      "<text x='24' y='\(n(barTop + 15))' font-size='13' fill='\(labelColor)'>"
        + escape(TimeFormatting.weekdayAndDate(day.number)) + "</text>")
    parts.append(
      "<rect x='\(n(Self.left))' y='\(n(barTop))' width='\(n(Self.plotWidth))' "
        + "height='\(n(Self.barHeight))' rx='4' fill='#f3f4f6'/>")
    for block in day.blocks {
      let start = layout.secondOfDay(block.start, on: day)
      let end = layout.secondOfDay(block.end, on: day)
      let x1 = Self.x(min(start, end))
      let x2 = Self.x(max(start, end))
      let tip =
        "do-not-disturb \(TimeFormatting.clock(start))–\(TimeFormatting.clock(end)): "
        + "\(TimeFormatting.instant(block.start, in: layout.clock.zone)) to "
        + TimeFormatting.instant(block.end, in: layout.clock.zone)
      parts.append(
        "<rect x='\(n(x1))' y='\(n(barTop))' width='\(n(max(x2 - x1, 1)))' "
          + "height='\(n(Self.barHeight))' rx='3' fill='\(Self.dndColor)'>"
          + "<title>\(escape(tip))</title></rect>")
    }
    var notes: [String] = []
    for transition in day.transitions {
      let before = layout.readings(of: transition, on: day).before
      let shifted = shiftedTimes(transition, on: day)
      if transition.wallClockShift > 0, let (low, high) = shifted {
        parts.append(
          "<rect x='\(n(Self.x(low)))' y='\(n(barTop))' "
            + "width='\(n(Self.x(high) - Self.x(low)))' "
            + "height='\(n(Self.barHeight))' fill='url(#skipped)' opacity='0.85'>"
            + "<title>skipped: the clocks jump over these times</title></rect>")
      } else if transition.wallClockShift < 0, let (low, high) = shifted {
        parts.append(
          "<rect x='\(n(Self.x(low)))' y='\(n(barTop - 3))' "
            + "width='\(n(Self.x(high) - Self.x(low)))' "
            + "height='3' fill='#f59e0b'><title>repeated: the clocks show these times twice"
            + "</title></rect>")
      }
      let x = Self.x(min(max(before, 0), secondsPerDay))
      let text = layout.transitionText(transition, on: day)
      parts.append(
        "<line x1='\(n(x))' y1='\(n(barTop - 4))' x2='\(n(x))' "
          + "y2='\(n(barTop + Self.barHeight + 4))' stroke='\(Self.transitionColor)' "
          + "stroke-width='2'><title>\(escape(text))</title></line>")
      notes.append(text)
    }
    if !notes.isEmpty {
      parts.append(
        "<text x='\(n(Self.left + Self.plotWidth + 24))' y='\(n(barTop + 15))' "
          + "font-size='12' fill='\(Self.transitionColor)'>"
          + escape(notes.joined(separator: "; ")) + "</text>")
    }
    return parts
  }

  /// The `--at` marker: a line across its day's bar at the instant's wall-clock time, with a
  /// dot and a tooltip.
  func markerLine(_ marker: (instant: Int64, label: String), on day: TimelineLayout.Day, y: Double)
    -> [String]
  {
    let barTop = y + (Self.rowHeight - Self.barHeight) / 2
    let x = Self.x(min(layout.secondOfDay(marker.instant, on: day), secondsPerDay))
    let tip = "\(marker.label): \(TimeFormatting.instant(marker.instant, in: layout.clock.zone))"
    return [
      "<g class='marker'><title>\(escape(tip))</title>"
        + "<line x1='\(n(x))' y1='\(n(barTop - 6))' x2='\(n(x))' "
        + "y2='\(n(barTop + Self.barHeight + 6))' stroke='\(Self.markerColor)' stroke-width='2' "
        + "stroke-dasharray='3 2'/>"
        + "<circle cx='\(n(x))' cy='\(n(barTop - 6))' r='3.5' fill='\(Self.markerColor)'/></g>"
    ]
  }

  /// The key under the rows: an entry only for what the picture shows.
  func legend(y: Double) -> [String] {
    var parts: [String] = []
    var x = Self.left
    func item(_ swatch: String, _ label: String) {
      parts.append(swatch.replacingPlaceholders(x: x, y: y - 11))
      parts.append(
        "<text x='\(n(x + 22))' y='\(n(y))' font-size='12' fill='#374151'>"
          + escape(label) + "</text>")
      x += 22 + Double(label.count) * 6.6 + 20
    }
    let transitions = layout.days.flatMap { day in day.transitions.map { (day, $0) } }
    let skips = transitions.contains {
      $0.1.wallClockShift > 0 && shiftedTimes($0.1, on: $0.0) != nil
    }
    let repeats = transitions.contains {
      $0.1.wallClockShift < 0 && shiftedTimes($0.1, on: $0.0) != nil
    }
    item(
      "<rect x='{x}' y='{y}' width='16' height='14' rx='3' fill='\(Self.dndColor)'/>",
      "do-not-disturb")
    if skips {
      item(
        "<rect x='{x}' y='{y}' width='16' height='14' fill='url(#skipped)'/>",
        "skipped by a clock change")
    }
    if repeats {
      item(
        "<rect x='{x}' y='{y}' width='16' height='4' fill='#f59e0b'/>",
        "repeated by a clock change")
    }
    if !transitions.isEmpty {
      item(
        "<rect x='{x}' y='{y}' width='2' height='14' fill='\(Self.transitionColor)'/>",
        "clock change")
    }
    if layout.days.contains(where: Self.isWeekend) {
      item(
        "<text x='{x}' y='{y}' dy='11' font-size='12' font-weight='600' "
          + "fill='\(Self.weekendColor)'>Sa</text>",
        "Saturday, Sunday")
    }
    if let marker, layout.days.contains(where: { $0.instants.contains(marker.instant) }) {
      item(
        "<line x1='{x}' y1='{y}' x2='{x}' y2='{y14}' stroke='\(Self.markerColor)' "
          + "stroke-width='2' stroke-dasharray='3 2'/>",
        "\(marker.label) \(TimeFormatting.instant(marker.instant, in: layout.clock.zone))")
    }
    return parts
  }

  /// A coordinate with at most one decimal.
  func n(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Escapes text for XML character data and attribute values.
  func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": out += "?"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

extension String {
  /// Fills the `{x}` and `{y}` placeholders of a legend swatch.
  fileprivate func replacingPlaceholders(x: Double, y: Double) -> String {
    var text = self
    while let range = text.range(of: "{x}") { text.replaceSubrange(range, with: String(Int(x))) }
    while let range = text.range(of: "{y14}") {
      text.replaceSubrange(range, with: String(Int(y) + 14))
    }
    while let range = text.range(of: "{y}") { text.replaceSubrange(range, with: String(Int(y))) }
    return text
  }
}
