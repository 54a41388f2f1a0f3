import StrictJSON

/// The strict readers of a received payload, of the document inside its `appData`, and of a
/// delivered notification's `userInfo`: one pass over the bytes each, every other member
/// skipped (its syntax and keys still checked).
enum RecallJSON {
  /// The payload's keys that decide whether it is a recall command.
  static let payloadKeys = JSONKeyNames(["aps", "appData"])
  /// The keys of `aps` that decide it.
  static let apsKeys = JSONKeyNames(["category", "mutable-content"])
  /// The key of the document inside `appData`.
  static let appDataKeys = JSONKeyNames(["rc-dlt-identifier"])
  /// The key of a delivered notification's `userInfo` that names its message.
  static let userInfoKeys = JSONKeyNames(["rc"])
  /// The key of the `rc` block that holds the message id.
  static let rcKeys = JSONKeyNames(["id"])

  /// The id a payload recalls, or why it is not a recall command.
  ///
  /// - Parameter bytes: The received payload.
  /// - Returns: The non-empty `rc-dlt-identifier`, or the first problem.
  static func recalledMessageId(_ bytes: UnsafeBufferPointer<UInt8>)
    -> Result<String, RecallPayloadError>
  {
    let appData: String
    switch decode(bytes, readPayload) {
    case .success(let text): appData = text
    case .failure(let error):
      return .failure(RecallPayloadError(error))
    }
    let inner = Array(appData.utf8).withUnsafeBufferPointer { decode($0, readAppData) }
    // The document inside `appData` has key paths of its own: they continue from it.
    return inner.mapError {
      var error = RecallPayloadError($0)
      error.keyPath = $0.keyPath.isEmpty ? "appData" : "appData." + $0.keyPath
      return error
    }
  }

  /// The `rc.id` of a delivered notification's `userInfo`; nil when the strict reader refuses
  /// the document or it has no string `rc.id`.
  ///
  /// - Parameter bytes: The `userInfo` as JSON.
  /// - Returns: The message id, or nil.
  static func messageId(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    try? decode(bytes, readUserInfo).get()
  }

  /// Reads one whole document: the value, or the first problem (its syntax at a byte offset,
  /// then a key twice in one object, then the fields in the order the decoder reads them).
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - read: The decoder of its top-level value.
  /// - Returns: The value, or the first problem.
  static func decode<Value>(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ read: (inout JSONReader) throws(JSONReadStop) -> JSONDecoded<Value>
  ) -> Result<Value, JSONFieldError> {
    var reader = JSONReader(bytes)
    let decoded: JSONDecoded<Value>
    do throws(JSONReadStop) {
      decoded = try read(&reader)
      try reader.finishDocument()
    } catch {
      return .failure(JSONDocument.documentError(error).first)
    }
    if let duplicate = reader.firstDuplicateKey { return .failure(duplicate) }
    let (value, errors) = decoded.asField()
    if let first = errors.first { return .failure(first) }
    guard let value else { return .failure(JSONFieldError(.invalidJSON, reason: "no value")) }
    return .success(value)
  }

  /// Reads the received payload: the text of `appData`, after checking `aps`.
  static func readPayload(_ reader: inout JSONReader) throws(JSONReadStop) -> JSONDecoded<String> {
    if let error = try reader.notAnObject(depth: 0) { return JSONDecoded(stop: error) }
    let names = payloadKeys
    var object = try reader.enterObject(depth: 0)
    var errors = JSONObjectErrors()
    var seen = (aps: false, appData: false)
    var appData: String?
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        seen.aps = true
        errors.record(try readAPS(&reader, depth: 1), field: field, names: names)
      case 1:
        seen.appData = true
        appData = errors.take(
          try reader.readString(depth: 1), field: field, names: names, expected: "a string")
      default: try reader.skipValue(depth: 1)
      }
    }
    errors.recordInvalidKey(of: object)
    let missing = !seen.aps ? 0 : !seen.appData ? 1 : nil
    return errors.result(appData ?? "", requiredFailure: missing, names: names)
  }

  /// Reads `aps`: its category must be ``RecallCommand/category`` and its `mutable-content` 1.
  ///
  /// - Returns: What is wrong with it, relative to `aps`; empty when nothing is.
  static func readAPS(_ reader: inout JSONReader, depth: Int) throws(JSONReadStop)
    -> [JSONFieldError]
  {
    if let error = try reader.notAnObject(depth: depth) { return [error] }
    let names = apsKeys
    var object = try reader.enterObject(depth: depth)
    var errors = JSONObjectErrors()
    var seen = (category: false, mutableContent: false)
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        seen.category = true
        let category = errors.take(
          try reader.readString(depth: depth + 1), field: field, names: names,
          expected: "a string")
        if let category, category != RecallCommand.category {
          let expected = RecallCommand.category.debugDescription
          errors.record(
            [
              JSONFieldError(
                .invalidValue, value: category.debugDescription,
                reason:
                  "expected \(expected), found \(JSONFieldError.cut(category.debugDescription))")
            ],
            field: field, names: names)
        }
      case 1:
        seen.mutableContent = true
        let value = errors.take(
          try reader.readInteger(depth: depth + 1), field: field, names: names,
          expected: "an integer")
        if let value, value != 1 {
          // Without mutable-content 1 no Notification Service Extension runs.
          errors.record(
            [
              JSONFieldError(
                .invalidValue, value: String(value), reason: "expected 1, found \(value)")
            ],
            field: field, names: names)
        }
      default: try reader.skipValue(depth: depth + 1)
      }
    }
    errors.recordInvalidKey(of: object)
    let missing = !seen.category ? 0 : !seen.mutableContent ? 1 : nil
    return errors.result((), requiredFailure: missing, names: names).asField().errors
  }

  /// Reads the document inside `appData`: its non-empty `rc-dlt-identifier`.
  static func readAppData(_ reader: inout JSONReader) throws(JSONReadStop) -> JSONDecoded<String> {
    if let error = try reader.notAnObject(depth: 0) { return JSONDecoded(stop: error) }
    let names = appDataKeys
    var object = try reader.enterObject(depth: 0)
    var errors = JSONObjectErrors()
    var seen = false
    var identifier: String?
    while let field = try reader.nextMember(of: &object, names: names) {
      switch field {
      case 0:
        seen = true
        identifier = errors.take(
          try reader.readString(depth: 1), field: field, names: names, expected: "a string")
        if identifier == "" {
          errors.record(
            [JSONFieldError(.invalidValue, value: "\"\"", reason: "expected a non-empty string")],
            field: field, names: names)
        }
      default: try reader.skipValue(depth: 1)
      }
    }
    errors.recordInvalidKey(of: object)
    return errors.result(identifier ?? "", requiredFailure: seen ? nil : 0, names: names)
  }

  /// Reads a delivered notification's `userInfo`: its `rc.id`.
  static func readUserInfo(_ reader: inout JSONReader) throws(JSONReadStop)
    -> JSONDecoded<String>
  {
    let missing = JSONDecoded<String>(
      stop: JSONFieldError(.missingKey, keyPath: "rc.id", reason: "missing"))
    var messageId: String?
    if try reader.notAnObject(depth: 0) != nil { return missing }
    var object = try reader.enterObject(depth: 0)
    while let field = try reader.nextMember(of: &object, names: userInfoKeys) {
      guard field == 0 else {
        try reader.skipValue(depth: 1)
        continue
      }
      // An `rc` that is not an object has been read past.
      if try reader.notAnObject(depth: 1) != nil { continue }
      var rc = try reader.enterObject(depth: 1)
      while let inner = try reader.nextMember(of: &rc, names: rcKeys) {
        if inner == 0 {
          let read = try reader.readString(depth: 2)
          messageId = try? read.get()
        } else {
          try reader.skipValue(depth: 2)
        }
      }
      if rc.invalidKey != nil { messageId = nil }
    }
    guard object.invalidKey == nil, let messageId else { return missing }
    return JSONDecoded(value: messageId)
  }
}
