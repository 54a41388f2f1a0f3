import PushRecallReader

/// A payload that APNs would refuse: its encoded size is over the limit.
public struct PayloadTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Which payload: `"message push"` or `"recall command"`.
  public var payload: String
  /// The size of the encoded payload, in bytes of UTF-8.
  public var byteCount: Int
  /// The limit it exceeds, in bytes (`PayloadSizeLimit.apnsRegularNotificationBytes`).
  public var limit: Int

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - payload: Which payload.
  ///   - byteCount: Its encoded size.
  ///   - limit: The limit it exceeds.
  public init(payload: String, byteCount: Int, limit: Int) {
    self.payload = payload
    self.byteCount = byteCount
    self.limit = limit
  }

  // error-example: dnd recall --only recall --recall-body 'You received a message.' --id "$(printf '%05000d' 0)"
  /// `the recall command payload is 10268 bytes; APNs refuses a regular notification
  /// payload over 4096 bytes`.
  public var description: String {
    "the \(payload) payload is \(byteCount) bytes; APNs refuses a regular notification "
      + "payload over \(limit) bytes"
  }
}

extension PayloadTooLargeError {
  /// Returns the encoded payload, or throws when it is over APNs' limit.
  ///
  /// - Parameters:
  ///   - json: The encoded payload.
  ///   - payload: Which payload, for the message.
  /// - Returns: `json`.
  /// - Throws: ``PayloadTooLargeError``.
  static func checked(_ json: String, payload: String) throws(PayloadTooLargeError) -> String {
    let limit = PayloadSizeLimit.apnsRegularNotificationBytes
    guard json.utf8.count <= limit else {
      throw PayloadTooLargeError(payload: payload, byteCount: json.utf8.count, limit: limit)
    }
    return json
  }
}
