/// Validation of zone IDs as untrusted input: an ID is a name, never a path.
enum ZoneIdentifier {
  /// Longest accepted ID; the longest in tzdata is 32 characters.
  static let maximumLength = 128
  /// Longest accepted component; tzdata's own limit is 14 characters.
  static let maximumComponentLength = 32

  /// Checks an ID's syntax: `/`-separated components of ASCII letters, digits, `_`, `-`, `+`
  /// and `.`, each starting with a letter or digit and none of them `.` or `..`.
  ///
  /// - Throws: ``ZoneError/invalidIdentifier(_:reason:)`` or ``ZoneError/notAZone(_:reason:)``.
  static func validate(_ id: String) throws(ZoneError) {
    let bytes = Array(id.utf8)
    guard !bytes.isEmpty else { throw .invalidIdentifier(id, reason: "empty") }
    guard bytes.count <= maximumLength else {
      throw .invalidIdentifier(
        id, reason: "\(bytes.count) bytes long, longer than \(maximumLength)")
    }
    var componentStart = 0
    for (i, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "/") {
        try validateComponent(bytes[componentStart..<i], id: id)
        componentStart = i + 1
        continue
      }
      let allowed =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: ".")
      guard allowed else {
        let what = byte == 0 ? "NUL" : byte >= 0x80 ? "non-ASCII byte" : "character"
        throw .invalidIdentifier(id, reason: "\(what) 0x\(String(byte, radix: 16)) at offset \(i)")
      }
    }
    try validateComponent(bytes[componentStart...], id: id)
    // Files in a zoneinfo directory that are not zones, refused on purpose.
    if id == "localtime" {
      throw .notAZone(id, reason: "the host's configured zone, not an IANA ID")
    }
    if id == "posixrules" {
      throw .notAZone(id, reason: "a zic build artifact for POSIX TZ defaults, not an IANA ID")
    }
    if id.hasPrefix("right/") || id.hasPrefix("posix/") {
      throw .notAZone(id, reason: "right/ and posix/ are alternative trees, not IANA IDs")
    }
  }

  private static func validateComponent(_ component: ArraySlice<UInt8>, id: String)
    throws(ZoneError)
  {
    guard let first = component.first else {
      throw .invalidIdentifier(id, reason: "empty path component (leading, trailing or '//')")
    }
    guard component.count <= maximumComponentLength else {
      throw .invalidIdentifier(id, reason: "component longer than \(maximumComponentLength)")
    }
    let startsWell =
      (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"))
      || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
      || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    guard startsWell else {
      throw .invalidIdentifier(
        id, reason: "a component starts with '\(Character(Unicode.Scalar(first)))'")
    }
  }
}
