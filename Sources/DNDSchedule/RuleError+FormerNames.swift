// The former names of the error types, kept only until /work/brief/d-rename.sh renames their
// uses across the tree; that script deletes this file.

/// Former name of ``RuleError``.
public typealias RuleValidationError = RuleError
/// Former name of ``RuleError``.
public typealias RuleDecodingError = RuleError
/// Former name of ``RuleError``.
public typealias RuleDocumentError = RuleError

extension RuleFieldError {
  /// Former name of ``keyPath``.
  public var field: String {
    get { keyPath }
    set { keyPath = newValue }
  }

  /// Former form of ``init(code:keyPath:value:reason:)``.
  public init(code: Code, field: String, value: String, reason: String) {
    self.init(code: code, keyPath: field, value: value, reason: reason)
  }

  /// Former form of `outsideSupportedYears(keyPath:_:)`.
  package static func outsideSupportedYears(field: String, _ instant: Int64) -> RuleFieldError {
    outsideSupportedYears(keyPath: field, instant)
  }
}
