/// A daily or custom rule's window with the constants of the membership arithmetic worked out
/// at compile time, so that a membership test spends no instructions deriving them.
///
/// Shifting a high-water mark by ``shift`` makes each period begin at a multiple of 86,400 on
/// the shifted clock, so the period that could contain the reading is the one whose (shifted)
/// day it falls on: inside exactly when that day's weekday is owned and the reading is less
/// than ``length`` into the day.
@usableFromInline
struct RepeatingWindow: Sendable, Hashable {
  /// Added to a high-water mark: minus the window's start, plus a bias of whole weeks that
  /// keeps the arithmetic unsigned and three more days that put Monday at 0 (day 0, 1970-01-01,
  /// was a Thursday).
  @usableFromInline let shift: Int64
  /// ``length`` (bits 0–31) and ``days`` (32–39) in one word, so that the window is two words
  /// a caller copies and passes without repacking bytes.
  @usableFromInline let lengthAndDays: UInt64
  /// The window's length in seconds: 1…86,400 (a window that ends where it starts lasts 24
  /// hours).
  @inlinable @inline(__always) var length: UInt32 { UInt32(truncatingIfNeeded: lengthAndDays) }
  /// Owned weekdays, bit 0 = Monday.
  @inlinable @inline(__always) var days: UInt8 { UInt8(truncatingIfNeeded: lengthAndDays &>> 32) }

  /// Days of bias in ``shift``: 700,000 weeks and three days.
  @inlinable static var biasDays: Int64 { 700_000 * 7 + 3 }

  /// The constants for a window.
  ///
  /// - Parameters:
  ///   - startMinute, endMinute: The window, in minutes after local midnight (0…1439).
  ///   - days: Owned weekdays, bit 0 = Monday.
  init(startMinute: UInt16, endMinute: UInt16, days: UInt8) {
    let difference = Int32(endMinute) - Int32(startMinute)
    shift = RepeatingWindow.biasDays * 86_400 - Int64(startMinute) * 60
    let length = UInt32((difference > 0 ? difference : difference + 1_440) * 60)
    lengthAndDays = UInt64(length) | UInt64(days) << 32
  }

  /// A window from its constants.
  init(shift: Int64, length: UInt32, days: UInt8) {
    self.shift = shift
    lengthAndDays = UInt64(length) | UInt64(days) << 32
  }

  /// Whether a high-water mark is inside a period, how far (in seconds) it lies past the
  /// start of the period that could contain it, and the local date (day number) that owns
  /// that period.
  ///
  /// No branches on the answer: random instants make such branches unpredictable, and a
  /// mispredicted branch costs more than the whole computation.
  @inlinable @inline(__always)
  func position(wall: Int64) -> (isInside: Bool, intoPeriod: UInt32, day: Int64) {
    let shifted = UInt64(bitPattern: wall &+ shift)
    let day = shifted / 86_400
    let intoPeriod = UInt32(truncatingIfNeeded: shifted &- day &* 86_400)
    // Both below 2^17: the difference's sign bit is `intoPeriod < length`.
    let inWindow = (intoPeriod &- length) &>> 31
    // The weekday as day mod 7, by one multiplication: the top three bits of the fraction
    // day / 7 (scaled to 32 bits) are exactly day mod 7 for days below 2^32 / 24.
    let weekday = (UInt32(truncatingIfNeeded: day) &* 0x2492_4925) &>> 29
    return (
      (UInt32(days) &>> weekday) & inWindow != 0, intoPeriod,
      Int64(bitPattern: day) &- RepeatingWindow.biasDays
    )
  }
}
