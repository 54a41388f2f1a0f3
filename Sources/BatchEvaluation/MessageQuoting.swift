/// Quotes a user-supplied value for a message: double quotes, control characters escaped, at
/// most 80 characters.
package func quote(_ text: String) -> String {
  var out = "\""
  for (count, scalar) in text.unicodeScalars.enumerated() {
    if count == 80 {
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
