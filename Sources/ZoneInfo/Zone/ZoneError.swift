/// An error from the zone engine: a bad zone ID, a missing or unreadable database, a corrupt
/// TZif file, or an instant outside the supported range.
///
/// Every case names the offending value so that a log line alone is enough to act on.
public enum ZoneError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The zone ID is not a well-formed IANA ID (empty, too long, a path, bad characters…).
  case invalidIdentifier(String, reason: String)
  /// The ID is well formed but the database has no such zone.
  case unknownZone(String, root: String)
  /// The ID names a file that is not a time zone (`localtime`, `posixrules`, `right/…`).
  case notAZone(String, reason: String)
  /// The database root is missing or is not a directory.
  case databaseUnavailable(root: String, reason: String)
  /// The TZif data of a zone is corrupt, truncated or hostile.
  case malformedTZif(zone: String, reason: String)
  /// The POSIX TZ string (the TZif footer, or one passed by a caller) is malformed.
  case malformedPOSIXTimeZone(String, reason: String)
  /// An instant outside ``Zone/supportedInstants`` (years -9999 through 9999).
  case instantOutOfRange(Int64)
  /// A local date-time field is out of range (`month` 13, `hour` 24, a year past 9999…).
  case invalidLocalDateTime(field: String, value: Int)

  /// A one-line explanation naming the field and the value.
  public var description: String {
    switch self {
    case .invalidIdentifier(let id, let reason):
      return "invalid time zone ID \(quoted(id)): \(reason)"
    case .unknownZone(let id, let root):
      return "unknown time zone ID \(quoted(id)) (no such zone in \(root))"
    case .notAZone(let id, let reason):
      return "\(quoted(id)) is not a time zone: \(reason)"
    case .databaseUnavailable(let root, let reason):
      return "time zone database at \(root) is unavailable: \(reason)"
    case .malformedTZif(let zone, let reason):
      return "malformed TZif data for \(quoted(zone)): \(reason)"
    case .malformedPOSIXTimeZone(let string, let reason):
      return "malformed POSIX TZ string \(quoted(string)): \(reason)"
    case .instantOutOfRange(let instant):
      return "instant \(instant) is outside the supported range "
        + "\(Zone.supportedInstants.lowerBound)...\(Zone.supportedInstants.upperBound)"
    case .invalidLocalDateTime(let field, let value):
      return "local date-time field \(field) = \(value) is out of range"
    }
  }
}
