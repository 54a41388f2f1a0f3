/// Untrusted text for a message, cut to its first `limit` Unicode scalars (and an ellipsis)
/// so that a 10,000-character ID does not flood a log. Every module's messages quote through
/// this and ``quoted(_:limit:)``, so a value reads the same whichever layer reports it.
///
/// - Parameters:
///   - text: The text, as received.
///   - limit: The most scalars kept.
/// - Returns: The text, or its first `limit` scalars followed by `…`.
package func shortened(_ text: String, limit: Int = 64) -> String {
  text.unicodeScalars.count > limit
    ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…" : text
}

/// Untrusted text quoted for a message: in double quotes, with quotes, backslashes and control
/// characters escaped, cut like ``shortened(_:limit:)`` but at 80 scalars by default, which
/// keeps a file path of usual length whole.
///
/// - Parameters:
///   - text: The text, as received.
///   - limit: The most scalars kept.
/// - Returns: The quoted text, such as `"Mars/Olympus_Mons"`.
package func quoted(_ text: String, limit: Int = 80) -> String {
  var out = "\""
  for (count, scalar) in text.unicodeScalars.enumerated() {
    if count == limit {
      out += "…"
      break
    }
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      out += "\\u{" + String(scalar.value, radix: 16) + "}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
