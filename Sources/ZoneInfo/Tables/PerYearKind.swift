/// One value for each of the fourteen kinds of year (see ``FooterClock/yearKind(january1:isLeap:)``),
/// stored inline: no allocation and no reference counting, so a footer clock and a table's
/// extension carry them as plain bytes. (`InlineArray` would do, but only from macOS 26 /
/// iOS 26.)
struct PerYearKind<Value: FixedWidthInteger & Sendable>: Sendable {
  /// Fourteen values in one homogeneous tuple, which Swift lays out like a C array.
  private var storage:
    (
      Value, Value, Value, Value, Value, Value, Value, Value, Value, Value, Value, Value, Value,
      Value
    )

  /// Fourteen copies of `value`.
  init(repeating value: Value) {
    storage = (
      value, value, value, value, value, value, value, value, value, value, value, value, value,
      value
    )
  }

  /// The value for a kind of year, 0..<14.
  @inline(__always)
  subscript(kind: Int) -> Value {
    get {
      precondition(kind >= 0 && kind < 14, "a kind of year is 0..<14")
      return withUnsafeBytes(of: storage) {
        $0.load(fromByteOffset: kind * MemoryLayout<Value>.stride, as: Value.self)
      }
    }
    set {
      precondition(kind >= 0 && kind < 14, "a kind of year is 0..<14")
      withUnsafeMutableBytes(of: &storage) {
        $0.storeBytes(of: newValue, toByteOffset: kind * MemoryLayout<Value>.stride, as: Value.self)
      }
    }
  }
}
