/// A weekly schedule's quiet minutes of the week, compiled once and shared by every copy of the
/// schedule.
///
/// Minute 0 is Monday 00:00 on the wall clock. Since a period of a window is
/// `[mark(Ls), mark(Le))` and an instant is at or after `mark(L)` exactly when its high-water
/// mark is at least `L`, an instant is in some period exactly when its high-water mark falls in
/// some window's wall-clock range: so the quiet set is a set of wall-clock minutes repeating
/// every week, and membership is one bit. The bits live in a manually allocated buffer, as the
/// zone's tables do: no bounds checks and no reference counting on the hot path.
@usableFromInline
final class WeeklyScheduleTable: @unchecked Sendable {
  /// Minutes in a week.
  @inlinable static var minutesPerWeek: Int { 10_080 }
  /// 64-bit words of the bitmap.
  static let wordCount = (minutesPerWeek + 63) / 64

  /// Bit `m % 64` of word `m / 64` is set when minute `m` of the week is quiet (by the
  /// windows alone: polarity applied, snooze not).
  @usableFromInline let quietMinutes: UnsafeMutablePointer<UInt64>
  /// The minutes of the week at which the quiet bit differs from the minute before (cyclically),
  /// ascending; none when the schedule is always or never quiet.
  let flips: UnsafeMutablePointer<UInt16>
  /// How many `flips` there are: even, at most one per minute of the week.
  let flipCount: Int
  /// The windows as compiled (ISO weekday index 0 = Monday, start minute, length in minutes
  /// 1…1440), sorted and without repeats: the definition the bitmap is checked against.
  let windows: [(weekday: Int, startMinute: Int, lengthMinutes: Int)]

  /// Compiles windows.
  ///
  /// - Parameters:
  ///   - windows: ISO weekday index (0 = Monday), start minute (0…1439), end minute
  ///     (0…1439; at or before the start crosses midnight, equal is 24 hours).
  ///   - quietInside: Whether the windows are quiet (else the rest of the week is).
  init(windows: [(weekday: Int, startMinute: Int, endMinute: Int)], quietInside: Bool) {
    var compiled = windows.map { window in
      let difference = window.endMinute - window.startMinute
      return (
        weekday: window.weekday, startMinute: window.startMinute,
        lengthMinutes: difference > 0 ? difference : difference + 1_440
      )
    }
    compiled.sort {
      ($0.weekday, $0.startMinute, $0.lengthMinutes) < (
        $1.weekday, $1.startMinute, $1.lengthMinutes
      )
    }
    var unique: [(weekday: Int, startMinute: Int, lengthMinutes: Int)] = []
    for window in compiled where unique.last.map({ $0 != window }) ?? true {
      unique.append(window)
    }
    self.windows = unique

    let week = WeeklyScheduleTable.minutesPerWeek
    // How many windows cover each minute, by a difference array: O(windows + minutes), so a
    // schedule with very many long windows compiles as fast as a short one.
    var starts = [Int32](repeating: 0, count: week + 1)
    for window in unique {
      let first = window.weekday * 1_440 + window.startMinute
      let last = first + window.lengthMinutes
      starts[first] += 1
      if last <= week {
        starts[last] -= 1
      } else {
        // Sunday's window running into Monday: the rest of the week, then the week's start.
        starts[week] -= 1
        starts[0] += 1
        starts[last - week] -= 1
      }
    }
    var bits = [UInt64](repeating: 0, count: WeeklyScheduleTable.wordCount)
    var covering: Int32 = 0
    for minute in 0..<week {
      covering += starts[minute]
      if covering > 0 { bits[minute >> 6] |= 1 << UInt64(minute & 63) }
    }
    if !quietInside {
      for index in bits.indices { bits[index] = ~bits[index] }
    }
    // Bits past the week's last minute are never read; clear them so equal schedules compare
    // equal word by word.
    bits[bits.count - 1] &= (1 << UInt64(week % 64)) - 1
    quietMinutes = .allocate(capacity: bits.count)
    quietMinutes.initialize(from: bits, count: bits.count)

    func bit(_ m: Int) -> Bool { bits[m >> 6] >> UInt64(m & 63) & 1 == 1 }
    var flipMinutes: [UInt16] = []
    for m in 0..<week where bit(m) != bit((m + week - 1) % week) {
      flipMinutes.append(UInt16(m))
    }
    flipCount = flipMinutes.count
    flips = .allocate(capacity: max(flipMinutes.count, 1))
    flips.initialize(from: flipMinutes, count: flipMinutes.count)
  }

  deinit {
    quietMinutes.deallocate()
    flips.deallocate()
  }

  /// Whether minute `minute` (0…10079) of the week is quiet.
  @inlinable @inline(__always)
  func isQuiet(minute: Int) -> Bool {
    quietMinutes[minute &>> 6] &>> UInt64(truncatingIfNeeded: minute & 63) & 1 != 0
  }

  /// The first flip minute after `minute` (0…10079), plus 10,080 when it is next week's first;
  /// nil when the quiet bit never flips.
  func nextFlip(after minute: Int) -> Int? {
    guard flipCount > 0 else { return nil }
    // Binary search for the first flip greater than `minute`.
    var low = 0
    var high = flipCount
    while low < high {
      let middle = (low + high) / 2
      if Int(flips[middle]) <= minute { low = middle + 1 } else { high = middle }
    }
    return low < flipCount
      ? Int(flips[low]) : Int(flips[0]) + WeeklyScheduleTable.minutesPerWeek
  }

  /// The last flip minute at or before `minute` (0…10079), minus 10,080 when it is last week's
  /// last; only called when the quiet bit flips.
  func previousFlip(atOrBefore minute: Int) -> Int {
    // Binary search for the first flip greater than `minute`; the one before it is the answer.
    var low = 0
    var high = flipCount
    while low < high {
      let middle = (low + high) / 2
      if Int(flips[middle]) <= minute { low = middle + 1 } else { high = middle }
    }
    return low > 0
      ? Int(flips[low - 1]) : Int(flips[flipCount - 1]) - WeeklyScheduleTable.minutesPerWeek
  }

  /// Whether two tables hold the same quiet minutes.
  func hasSameMinutes(as other: WeeklyScheduleTable) -> Bool {
    (0..<WeeklyScheduleTable.wordCount).allSatisfy { quietMinutes[$0] == other.quietMinutes[$0] }
  }

  /// Bytes allocated for this table's lookups (the bitmap and the flips), not counting the
  /// object header or the `windows` kept for checks and descriptions.
  var lookupByteCount: Int {
    WeeklyScheduleTable.wordCount * MemoryLayout<UInt64>.stride
      + flipCount * MemoryLayout<UInt16>.stride
  }
}
