@testable import StrictJSON

/// Small documents read through the reader's steps as a decoder reads them, shared by the
/// suites that probe those steps.
enum ReaderProbes {
  /// The fields an object's members map to with `names` (skipping each value), and where
  /// reading stopped: nil when the whole document was read, else `duplicate` or the syntax
  /// problem's offset and message.
  static func members(_ bytes: [UInt8], names: JSONKeyNames) -> (fields: [Int], stop: String?) {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      var fields: [Int] = []
      do throws(JSONReadStop) {
        var object = try reader.enterObject(depth: 0)
        while let field = try reader.nextMember(of: &object, names: names) {
          // The reader goes on past a duplicate; the probe stops at the first.
          if reader.firstDuplicateKey != nil { return (fields, "duplicate") }
          fields.append(field)
          try reader.skipValue(depth: 1)
        }
        try reader.finishDocument()
        return (fields, nil)
      } catch {
        switch error {
        case .syntax(let problem): return (fields, "\(problem.offset): \(problem.message)")
        }
      }
    }
  }

  /// The integer read from a one-element array, as a decoder's integer field reads it; nil
  /// when the document is not such an array.
  static func soleInteger(_ bytes: [UInt8]) -> Result<Int64, JSONValueFailure>? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONReadStop) {
        var array = try reader.enterArray(depth: 0)
        guard try reader.nextElement(of: &array) else { return nil }
        let value = try reader.readInteger(depth: 1)
        guard !(try reader.nextElement(of: &array)) else { return nil }
        try reader.finishDocument()
        return value
      } catch {
        return nil
      }
    }
  }
}
