/// Validation of zone IDs as untrusted input: an ID is a name, never a path.
enum ZoneIdentifier {
  /// Longest accepted ID; the longest in tzdata is 32 characters.
  static let maximumLength = 128
  /// Longest accepted component; tzdata's own limit is 14 characters.
  static let maximumComponentLength = 32

  /// What keeps a name from being a zone ID.
  enum Problem: Equatable {
    /// Not a well-formed ID, and why.
    case invalid(String)
    /// Well formed, but a file that is not a zone, and why.
    case notAZone(String)

    /// Why, for a listing that leaves the name out.
    var reason: String {
      switch self {
      case .invalid(let why): "not a zone ID: \(why)"
      case .notAZone(let why): why
      }
    }
  }

  /// Checks an ID's syntax: `/`-separated components of ASCII letters, digits, `_`, `-`, `+`
  /// and `.`, each starting with a letter or digit and none of them `.` or `..`.
  ///
  /// - Throws: ``ZoneError/invalidIdentifier(_:reason:)`` or ``ZoneError/notAZone(_:reason:)``.
  static func validate(_ id: String) throws(ZoneError) {
    switch problem(in: Array(id.utf8)) {
    case nil: return
    case .invalid(let reason): throw .invalidIdentifier(id, reason: reason)
    case .notAZone(let reason): throw .notAZone(id, reason: reason)
    }
  }

  /// What keeps a name, byte for byte, from being a zone ID (see ``validate(_:)``), or nil:
  /// the names of a listing are checked as the bytes the directory holds, so a name that is
  /// not UTF-8 is named by its real bytes (`non-ASCII byte 0xff`).
  ///
  /// - Parameter bytes: The name.
  /// - Returns: The problem, or nil for a zone ID.
  static func problem(in bytes: [UInt8]) -> Problem? {
    guard !bytes.isEmpty else { return .invalid("empty") }
    guard bytes.count <= maximumLength else {
      return .invalid("\(bytes.count) bytes long, longer than \(maximumLength)")
    }
    var componentStart = 0
    for (i, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "/") {
        if let problem = componentProblem(bytes[componentStart..<i]) { return problem }
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
        return .invalid("\(what) 0x\(String(byte, radix: 16)) at offset \(i)")
      }
    }
    if let problem = componentProblem(bytes[componentStart...]) { return problem }
    // Files in a zoneinfo directory that are not zones, refused on purpose.
    if bytes.elementsEqual("localtime".utf8) {
      return .notAZone("the host's configured zone, not an IANA ID")
    }
    if bytes.elementsEqual("posixrules".utf8) {
      return .notAZone("a zic build artifact for POSIX TZ defaults, not an IANA ID")
    }
    if bytes.starts(with: "right/".utf8) || bytes.starts(with: "posix/".utf8) {
      return .notAZone("right/ and posix/ are alternative trees, not IANA IDs")
    }
    return nil
  }

  private static func componentProblem(_ component: ArraySlice<UInt8>) -> Problem? {
    guard let first = component.first else {
      return .invalid("empty path component (leading, trailing or '//')")
    }
    guard component.count <= maximumComponentLength else {
      return .invalid("component longer than \(maximumComponentLength)")
    }
    let startsWell =
      (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"))
      || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
      || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    guard startsWell else {
      return .invalid("a component starts with '\(Character(Unicode.Scalar(first)))'")
    }
    return nil
  }
}
