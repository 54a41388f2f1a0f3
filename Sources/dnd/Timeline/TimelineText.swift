import ZoneInfo

/// Draws a ``TimelineLayout`` as text: one line per day with a 24-hour bar of half-hour cells,
/// and a marker line under each day with a clock change.
struct TimelineText {
  /// Cells per day: half hours.
  static let cellsPerDay = TimelineLayout.cellsPerDay
  /// Width of the date column.
  static let labelWidth = 16

  /// The characters of the four cell states.
  struct Palette {
    var full: Character
    var partial: Character
    var free: Character
    var skipped: Character

    static let blocks = Palette(full: "█", partial: "▒", free: "·", skipped: " ")
    static let ascii = Palette(full: "#", partial: "+", free: ".", skipped: " ")
  }

  let layout: TimelineLayout
  let palette: Palette
  /// An instant to point at under its day's bar, such as now.
  var marker: (instant: Int64, label: String)?

  /// The whole drawing.
  func render() -> String {
    let zone = layout.clock.zone.identifier
    var lines: [String] = []
    lines.append(layout.title)
    if let note = layout.note { lines.append(note) }
    if let first = layout.days.first {
      let count = layout.days.count
      lines.append(
        "\(count) day\(count == 1 ? "" : "s") from \(TimeFormatting.weekdayAndDate(first.number)) "
          + "on the wall clock of \(zone); one cell = 30 minutes")
    }
    lines.append(
      "\(palette.full) do-not-disturb  \(palette.partial) partly  \(palette.free) free  "
        + "blank: skipped by a clock change  ^ clock change")
    lines.append("")
    lines.append(String(repeating: " ", count: Self.labelWidth) + Self.hourRuler())
    for day in layout.days {
      let bar = String(layout.cells(day).map(character))
      let label = TimeFormatting.weekdayAndDate(day.number).padding(to: Self.labelWidth)
      lines.append(label + bar + "  " + layout.blockText(day))
      for transition in day.transitions {
        let before = layout.readings(of: transition, on: day).before
        let column = Int(
          min(max(before, 0), secondsPerDay - 1) * Int64(Self.cellsPerDay)
            / secondsPerDay)
        lines.append(
          String(repeating: " ", count: Self.labelWidth + column) + "^ "
            + layout.transitionText(transition, on: day))
      }
      if let marker, day.instants.contains(marker.instant) {
        let second = layout.secondOfDay(marker.instant, on: day)
        let column = Int(min(second, secondsPerDay - 1) * Int64(Self.cellsPerDay) / secondsPerDay)
        lines.append(
          String(repeating: " ", count: Self.labelWidth + column) + "^ \(marker.label) "
            + TimeFormatting.clock(second))
      }
    }
    return lines.joined(separator: "\n")
  }

  func character(_ cell: TimelineLayout.Cell) -> Character {
    switch cell {
    case .full: return palette.full
    case .partial: return palette.partial
    case .free: return palette.free
    case .skipped: return palette.skipped
    }
  }

  /// `00    03    06 …    24`: an hour label every three hours over the 48 cells.
  static func hourRuler() -> String {
    var ruler = ""
    for hour in stride(from: 0, through: 24, by: 3) {
      let label = pad(hour, 2)
      ruler += hour == 24 ? label : label.padding(to: 6)
    }
    return ruler
  }
}
