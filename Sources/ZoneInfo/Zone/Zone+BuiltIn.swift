extension Zone {
  /// The zones that are pure arithmetic and need no database: `UTC`, `Etc/UTC`, `Etc/GMT`
  /// and the fixed offsets `Etc/GMT+N` (N 0…12) and `Etc/GMT-N` (N 0…14).
  ///
  /// The `Etc/GMT` signs are POSIX's, the reverse of ISO 8601: `Etc/GMT+5` is five hours
  /// *behind* UTC (`-05`). Each built-in zone answers exactly as tzdata's own file for the ID
  /// does (same offset, abbreviation and DST flag at every instant); the IDs are tzdata's
  /// spelling only, so `UTC+5` or `Etc/GMT+05` are not built in.
  ///
  /// - Parameter id: A zone ID.
  /// - Returns: The zone, or nil when `id` is not one of these.
  package static func builtIn(_ id: String) -> Zone? {
    switch id {
    case "UTC": return .utc
    case "Etc/UTC": return etcUTC
    case "Etc/GMT", "Etc/GMT+0", "Etc/GMT-0", "Etc/GMT0": return fixed(id, offset: 0, "GMT")
    default: break
    }
    let prefix = "Etc/GMT"
    let bytes = Array(id.utf8)
    guard bytes.count >= prefix.utf8.count + 2, bytes.count <= prefix.utf8.count + 3,
      bytes.starts(with: prefix.utf8)
    else { return nil }
    let sign = bytes[prefix.utf8.count]
    let digits = bytes[(prefix.utf8.count + 1)...]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      digits.first != UInt8(ascii: "0")
    else { return nil }
    let hours = digits.reduce(0) { $0 * 10 + Int32($1 - UInt8(ascii: "0")) }
    // POSIX signs: Etc/GMT+N is west of Greenwich.
    let east = sign == UInt8(ascii: "-")
    guard hours <= (east ? 14 : 12) else { return nil }
    let twoDigits = hours < 10 ? "0\(hours)" : "\(hours)"
    return fixed(id, offset: (east ? 1 : -1) * hours * 3_600, (east ? "+" : "-") + twoDigits)
  }

  private static let etcUTC = fixed("Etc/UTC", offset: 0, "UTC")

  private static func fixed(_ id: String, offset: Int32, _ abbreviation: String) -> Zone {
    let contents = TZifContents(
      version: 2, transitions: [], transitionTypes: [],
      types: [.init(offset: offset, isDaylight: false, abbreviation: abbreviation)], footer: nil)
    return Zone(table: ZoneTable(identifier: id, contents: contents))
  }
}
