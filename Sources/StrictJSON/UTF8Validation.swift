/// Whether bytes are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong form, no
/// surrogate, nothing above U+10FFFF, no sequence cut short), by the standard library's
/// decoder. (`String(validating:as:)` says the same, but only from macOS 15 / iOS 18.)
///
/// - Parameter bytes: The bytes.
/// - Returns: True when every byte belongs to a well-formed sequence.
package func isWellFormedUTF8(_ bytes: some Sequence<UInt8>) -> Bool {
  var iterator = bytes.makeIterator()
  var decoder = Unicode.UTF8()
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue: continue
    case .emptyInput: return true
    case .error: return false
    }
  }
}
