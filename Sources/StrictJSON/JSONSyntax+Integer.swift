extension JSONSyntax {
  /// The exact value of a JSON number's text when that value is an integer within 64 bits,
  /// else nil.
  ///
  /// Decided on the digits, never through a `Double`: `22.0`, `2.2e1`, `1.5e1` and `-0.0` are
  /// integers (22, 22, 15, 0), while `1e-400`, `22.5` and `21.9999999999999999`, which a
  /// `Double` rounds to an integer or to zero, are not. An exponent of any length is read
  /// without overflow (it saturates far beyond any line's length), and nothing is allocated.
  ///
  /// - Parameter text: A number as RFC 8259 writes it (`-?int(.frac)?([eE][+-]?exp)?`); other
  ///   text gives nil.
  /// - Returns: The integer, or nil.
  @usableFromInline
  package static func exactInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    let count = text.count
    let negative = index < count && text[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    // The significant digits, integer and fraction parts together: where they are, and how
    // many of them come after the decimal point.
    let integerStart = index
    while index < count, isDigit(text[index]) { index += 1 }
    let integerEnd = index
    guard integerEnd > integerStart else { return nil }
    var fractionStart = index
    var fractionEnd = index
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      fractionStart = index
      while index < count, isDigit(text[index]) { index += 1 }
      fractionEnd = index
      guard fractionEnd > fractionStart else { return nil }
    }
    // The exponent, saturated: beyond this no line's digits can bring the value back to an
    // integer within 64 bits (a line is far shorter than 2^50 bytes).
    let saturation = 1 << 50
    var exponent = 0
    if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      let exponentStart = index
      while index < count, isDigit(text[index]) {
        exponent = min(exponent * 10 + Int(text[index] - 0x30), saturation)
        index += 1
      }
      guard index > exponentStart else { return nil }
      if exponentNegative { exponent = -exponent }
    }
    guard index == count else { return nil }

    // The digit at a position of the digit string (integer digits then fraction digits).
    let integerCount = integerEnd - integerStart
    let digitCount = integerCount + (fractionEnd - fractionStart)
    func digit(_ position: Int) -> UInt8 {
      position < integerCount
        ? text[integerStart + position] - 0x30
        : text[fractionStart + position - integerCount] - 0x30
    }
    // The value is digits × 10^(exponent − fraction digits); trim the zeros at both ends.
    var first = 0
    while first < digitCount, digit(first) == 0 { first += 1 }
    if first == digitCount { return 0 }  // every digit zero: 0, whatever the sign or exponent
    var last = digitCount
    while digit(last - 1) == 0 { last -= 1 }
    let scale = exponent - (fractionEnd - fractionStart) + (digitCount - last)
    // A negative scale leaves a nonzero digit after the decimal point.
    guard scale >= 0 else { return nil }
    // 2^63 has 19 digits: a longer integer does not fit.
    guard (last - first) + scale <= 19 else { return nil }
    var magnitude: UInt64 = 0
    for position in first..<last {
      magnitude = magnitude * 10 + UInt64(digit(position))
    }
    for _ in 0..<scale {
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      magnitude = product
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { return nil }
    return Int64(magnitude)
  }
}
