import StrictJSON

/// A recall command recognized in a received push.
///
/// A payload is a recall command when all of these hold: it is a JSON object of at most
/// 8 KiB (``PayloadSizeLimit/deviceInspectedBytes``; APNs itself delivers at most 4 KiB, 5 KiB
/// for VoIP); `aps.category` is exactly ``category``; `aps.mutable-content` is the number 1;
/// `appData` is a string holding a JSON object whose `rc-dlt-identifier` is a non-empty
/// string. Anything else is not a recall, and ``init(payload:)`` says why.
///
/// The payload and `appData` are read by the rules' strict JSON reader: RFC 8259 JSON in
/// UTF-8 (no byte order mark), no key twice in one object (a command naming two ids, or two
/// categories, has no meaning the device can be sure the server meant), and integers decided
/// on the text, so `mutable-content` is 1 only when the number's exact value is 1 (`1`, `1.0`,
/// `1e0`; not `0.99999999999999999`, which a `Double` rounds to 1).
public struct RecallCommand: Sendable, Hashable {
  /// The `aps.category` of a recall command, and the `rc.oName` of its message: `"RC:RcCmd"`.
  public static let category = "RC:RcCmd"

  /// The id of the recalled message: the `rc-dlt-identifier` in `appData`.
  public let recalledMessageId: String

  /// Recognizes a recall command in a received payload.
  ///
  /// Reading is bounded: a payload over ``PayloadSizeLimit/deviceInspectedBytes`` is refused
  /// before it is read, and the reader limits nesting depth, so malformed or hostile input
  /// fails with an error instead of trapping. The first problem is reported: the payload's
  /// syntax (with its byte offset), then a key twice in one object, then the fields in the
  /// order `aps.category`, `aps.mutable-content`, `appData`, and inside `appData` its own
  /// syntax and `rc-dlt-identifier`.
  ///
  /// - Parameter payload: The received APNs payload as JSON: a `[UInt8]`, `Data`, a slice or
  ///   any other collection of bytes.
  /// - Throws: ``RecallPayloadError`` when the payload is not a recall command.
  public init(payload: some Collection<UInt8>) throws(RecallPayloadError) {
    let limit = PayloadSizeLimit.deviceInspectedBytes
    let count = payload.count
    guard count <= limit else {
      throw RecallPayloadError(
        code: .payloadTooLarge, keyPath: "",
        reason: "the payload is \(count) bytes; a device reads at most \(limit)")
    }
    recalledMessageId = try withContiguousBytes(payload) { bytes in
      RecallJSON.recalledMessageId(bytes)
    }.get()
  }

  /// Lists the delivered notifications this command removes.
  ///
  /// A notification matches when its `userInfo` is JSON with a string `rc.id` equal to
  /// ``recalledMessageId`` scalar for scalar: no Unicode normalization, no case folding,
  /// no trimming. A `userInfo` that the strict reader refuses (a key twice in one object, a
  /// byte order mark, a lone surrogate escape in `rc.id`) never matches.
  ///
  /// - Parameter delivered: The notifications currently delivered.
  /// - Returns: The identifiers of the matching notifications.
  public func notificationIdentifiersToRemove(
    from delivered: [DeliveredNotification]
  ) -> Set<String> {
    // Equal UTF-8 is equal scalars: Swift's `==` would also equate canonically equivalent
    // forms, which name different messages.
    let target = Array(recalledMessageId.utf8)
    var result = Set<String>()
    for notification in delivered {
      let messageId = notification.userInfo.withUnsafeBufferPointer { RecallJSON.messageId($0) }
      guard let messageId, messageId.utf8.elementsEqual(target) else { continue }
      result.insert(notification.identifier)
    }
    return result
  }
}

// error-example: RecallCommand(payload: #"{"aps": {"category": "RC:RcCmd" "mutable-content": 1}}"#)
// error-example: RecallCommand(payload: #"{"aps": {"category": "RC:RcCmd", "mutable-content": 1}, "appData": "{\"rc-dlt-identifier\": \"\\ud800\"}"}"#)
// error-example: RecallCommand(payload: #"{"aps": {"category": "RC:RcCmd", "category": "RC:RcCmd"}}"#)
/// Why a recall payload is refused: a stable code, where, and what was wrong there.
///
/// Thrown by ``RecallCommand/init(payload:)`` for a received payload that is not a recall
/// command, and, with the code ``Code/payloadTooLarge``, by the server's payload builders
/// (PushRecall's `MessagePushPayload.jsonString()` and `RecallCommandPayload.jsonString()`) for
/// a payload over ``PayloadSizeLimit/apnsRegularNotificationBytes``, which APNs would refuse.
///
/// The key path is empty for the payload itself (its size or its syntax), such as
/// `aps.category` for a field, and continues into the JSON document inside `appData` as
/// `appData.rc-dlt-identifier`. The reason is the strict reader's own text:
/// `at byte 32: expected ',' or '}' in an object, found '"'`,
/// `\ud800 is a lone surrogate escape, not a character`, `the key appears twice in one object`.
///
/// As JSON (`Codable`): `{"code": …, "keyPath": …, "reason": …}`, the code as its name, the
/// names the rules' field errors (`RuleFieldError`) use for the same problems.
public struct RecallPayloadError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The kind of problem: a stable name a program can switch on. The JSON problems have the
  /// names of the rule decoders' codes for the same problems. Codes may be added in a minor
  /// version, so a `switch` over them keeps a `default`.
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    // The JSON problems: the strict reader's list (StrictJSON's `JSONFieldError.Kind`), whose
    // names these cases take, as `RuleFieldError.Code` does.

    /// Bytes that are not JSON (syntax, not UTF-8, an escape that is not a character, nesting
    /// deeper than 512), or a key that is not text.
    case invalidJSON
    /// A key that appears twice in one object.
    case duplicateKey
    /// A required key that is absent (`aps`, `appData`, `aps.category`,
    /// `aps.mutable-content`, `appData.rc-dlt-identifier`).
    case missingKey
    /// An explicit `null` where a value is required.
    case nullValue
    /// A value of the wrong JSON type.
    case wrongType
    /// A number that is not an integer within 64 bits.
    case invalidNumber
    /// A value of the right type that is not a recall command's: an `aps.category` other
    /// than ``RecallCommand/category``, an `aps.mutable-content` other than 1, an empty
    /// `rc-dlt-identifier`.
    case invalidValue
    /// A received payload over ``PayloadSizeLimit/deviceInspectedBytes``, refused unread, or a
    /// payload being built over ``PayloadSizeLimit/apnsRegularNotificationBytes``.
    case payloadTooLarge
  }

  /// The kind of problem.
  public var code: Code
  /// The key path of the bad value; empty for the payload itself.
  public var keyPath: String
  /// What was wrong there.
  public var reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - keyPath: The key path of the bad value; empty for the payload itself.
  ///   - reason: What was wrong there.
  package init(code: Code, keyPath: String, reason: String) {
    self.code = code
    self.keyPath = keyPath
    self.reason = reason
  }

  /// The error the strict reader found, with the code of its kind.
  ///
  /// - Parameter error: The reader's error.
  init(_ error: JSONFieldError) {
    self.init(code: Code(error.kind), keyPath: error.keyPath, reason: error.reason)
  }

  // error-example: RecallCommand(payload: #"{"aps": {"category": "RC:TxtMsg", "mutable-content": 1}}"#)
  /// `not a recall command at aps.category: expected "RC:RcCmd", found "RC:TxtMsg"`, or
  /// without `at …` for the payload itself; for ``Code/payloadTooLarge``, the reason alone
  /// (the payload's size and the limit it is over).
  public var description: String {
    if code == .payloadTooLarge { return reason }
    return keyPath.isEmpty
      ? "not a recall command: \(reason)" : "not a recall command at \(keyPath): \(reason)"
  }
}

extension RecallPayloadError.Code {
  /// The code of a problem the strict reader finds: the case of the same name (every kind has
  /// one; a test holds the two lists together).
  ///
  /// - Parameter kind: The reader's kind of problem.
  package init(_ kind: JSONFieldError.Kind) {
    self = Self(rawValue: kind.rawValue) ?? .invalidJSON
  }
}

/// Runs `body` over the bytes of a collection: in place when they are contiguous (an array,
/// `Data`, a slice), else over a copy.
///
/// - Parameters:
///   - bytes: The bytes.
///   - body: What to do with them.
/// - Returns: What `body` returned.
func withContiguousBytes<Result>(
  _ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
  if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
  return Array(bytes).withUnsafeBufferPointer(body)
}
