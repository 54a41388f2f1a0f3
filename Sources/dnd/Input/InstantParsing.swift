import ZoneInfo

/// Parses the instants and dates accepted on the command line.
enum InstantParsing {
  /// The accepted forms, for help texts and messages.
  static let instantForms =
    "ISO 8601 with an offset or Z (2026-03-08T07:30:00Z, 2026-03-08T02:30:00-05:00), "
    + "UNIX seconds (1772955000), or now"

  /// Parses an instant: `now`, UNIX seconds, or ISO 8601 with a UTC offset or `Z`.
  ///
  /// - Parameters:
  ///   - text: The argument.
  ///   - option: The option it came from, for messages.
  ///   - now: The clock, read only for `now`.
  /// - Returns: UNIX seconds within ``Zone/supportedInstants``.
  /// - Throws: ``CLIError`` naming the option and the value.
  static func instant(
    _ text: String, option: String, now: () throws(CLIError) -> Int64
  ) throws(CLIError) -> Int64 {
    let instant: Int64
    if text == "now" {
      instant = try now()
    } else if let seconds = Int64(text) {
      instant = seconds
    } else {
      instant = try iso8601(text, option: option)
    }
    guard Zone.supportedInstants.contains(instant) else {
      throw .input("\(option) \(quoted(text)) is outside the supported years -9999...9999")
    }
    return instant
  }

  /// Parses `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM` (also `±HHMM`, `±HH`, and a
  /// space instead of `T`).
  static func iso8601(_ text: String, option: String) throws(CLIError) -> Int64 {
    let bad = CLIError.input(
      "\(option) \(quoted(text)) is not an instant; use \(instantForms)")
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= scalars.count else { return nil }
      var value = 0
      for scalar in scalars[index..<(index + digits)] {
        guard ("0"..."9").contains(scalar) else { return nil }
        value = value * 10 + Int(scalar.value - 48)
      }
      index += digits
      return value
    }
    func skip(_ scalar: Unicode.Scalar) -> Bool {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
      return true
    }
    var sign = 1
    if skip("-") { sign = -1 } else { _ = skip("+") }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2)
    else { throw bad }
    guard skip("T") || skip("t") || skip(" "), let hour = number(2), skip(":"),
      let minute = number(2)
    else { throw bad }
    var second = 0
    if skip(":") {
      guard let value = number(2) else { throw bad }
      second = value
    }
    var offset = 0
    if skip("Z") || skip("z") {
      offset = 0
    } else if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
      let offsetSign = scalars[index] == "-" ? -1 : 1
      index += 1
      guard let hours = number(2) else { throw bad }
      var minutes = 0
      if skip(":") {
        guard let value = number(2) else { throw bad }
        minutes = value
      } else if index < scalars.count {
        guard let value = number(2) else { throw bad }
        minutes = value
      }
      guard hours <= 23, minutes <= 59 else {
        throw .input("\(option) \(quoted(text)) has an offset outside -23:59...+23:59")
      }
      offset = offsetSign * (hours * 3600 + minutes * 60)
    } else {
      throw .input(
        "\(option) \(quoted(text)) has no UTC offset; add Z or an offset such as -05:00")
    }
    guard index == scalars.count else { throw bad }
    let local: LocalDateTime
    do {
      local = try LocalDateTime(
        year: sign * year, month: month, day: day, hour: hour, minute: minute, second: second)
    } catch {
      throw .input("\(option) \(quoted(text)): \(error.description)")
    }
    return local.localSeconds - Int64(offset)
  }

  /// Parses a local date `YYYY-MM-DD` into a day number (days since 1970-01-01).
  ///
  /// - Parameters:
  ///   - text: The argument.
  ///   - option: The option it came from, for messages.
  /// - Returns: The day number, or nil when the text is not of that form.
  /// - Throws: ``CLIError`` when the form is right but a field is out of range.
  static func date(_ text: String, option: String) throws(CLIError) -> Int64? {
    let negative = text.hasPrefix("-")
    let unsigned = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
    let parts = unsigned.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    do {
      return try LocalDateTime(year: negative ? -year : year, month: month, day: day).dayNumber
    } catch {
      throw .input("\(option) \(quoted(text)): \(error.description)")
    }
  }
}
