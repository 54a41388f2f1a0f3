import Foundation
import ZoneInfo

extension Zone {
  /// The UTC offset in effect at a date, in seconds east of Greenwich.
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down (`Date.unixSeconds`).
  /// - Returns: The offset.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func offset(at date: Date) throws(ZoneError) -> Int32 {
    try offset(at: date.unixSeconds)
  }

  /// The wall-clock reading of a date.
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down.
  /// - Returns: The local date and time.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func localDateTime(at date: Date) throws(ZoneError) -> LocalDateTime {
    try localDateTime(at: date.unixSeconds)
  }

  /// The first instant of the local date on which a date falls (see
  /// `Zone.startOfDay(containing:)`).
  ///
  /// - Parameter date: A date; a fraction of a second is rounded down.
  /// - Returns: The start of its local day.
  /// - Throws: `ZoneError.instantOutOfRange(_:)`.
  public func startOfDay(containing date: Date) throws(ZoneError) -> Date {
    Date(unixSeconds: try startOfDay(containing: date.unixSeconds))
  }
}
