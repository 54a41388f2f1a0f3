import DNDSchedule

// The former names of eval's error codes, kept only until /work/brief/d-rename.sh renames
// their uses across the tree; that script deletes this file.

extension EvalError {
  /// Former name of `RuleFieldError.Code`.
  package typealias Code = RuleFieldError.Code
}

extension RuleFieldError.Code {
  /// Former conversion of a field's code to eval's: they are one type now.
  package init(_ code: RuleFieldError.Code) {
    self = code
  }

  /// Former name of `evalCodes`.
  package static var all: [Self] { evalCodes }
}
