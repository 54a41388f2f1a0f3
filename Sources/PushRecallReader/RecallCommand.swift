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
        keyPath: "", reason: "the payload is \(count) bytes; a device reads at most \(limit)")
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
/// Why a received payload is not a recall command: where, and what was wrong there.
///
/// The key path is empty for the payload itself (its size or its syntax), such as
/// `aps.category` for a field, and continues into the JSON document inside `appData` as
/// `appData.rc-dlt-identifier`. The reason is the strict reader's own text:
/// `at byte 32: expected ',' or '}' in an object, found '"'`,
/// `\ud800 is a lone surrogate escape, not a character`, `the key appears twice in one object`.
public struct RecallPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The key path of the bad value; empty for the payload itself.
  public var keyPath: String
  /// What was wrong there.
  public var reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - keyPath: The key path of the bad value; empty for the payload itself.
  ///   - reason: What was wrong there.
  public init(keyPath: String, reason: String) {
    self.keyPath = keyPath
    self.reason = reason
  }

  // error-example: RecallCommand(payload: #"{"aps": {"category": "RC:TxtMsg", "mutable-content": 1}}"#)
  /// `not a recall command at aps.category: expected "RC:RcCmd", found "RC:TxtMsg"`, or
  /// without `at …` for the payload itself.
  public var description: String {
    keyPath.isEmpty
      ? "not a recall command: \(reason)" : "not a recall command at \(keyPath): \(reason)"
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
