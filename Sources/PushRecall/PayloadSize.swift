import PushRecallReader

/// The check every payload builder ends with: APNs refuses a regular notification payload
/// over ``PayloadSizeLimit/apnsRegularNotificationBytes``, so the builders refuse to build
/// one, with the reader's error type and its `payloadTooLarge` code.
enum PayloadSize {
  // error-example: dnd recall --only recall --recall-body 'You received a message.' --id "$(printf '%05000d' 0)"
  /// Returns the encoded payload, or throws when it is over APNs' limit.
  ///
  /// - Parameters:
  ///   - json: The encoded payload.
  ///   - payload: Which payload, for the message: `message push` or `recall command`.
  /// - Returns: `json`.
  /// - Throws: `RecallPayloadError` with code `payloadTooLarge`: `the recall command payload
  ///   is 10268 bytes; APNs refuses a regular notification payload over 4096 bytes`.
  static func checked(_ json: String, payload: String) throws(RecallPayloadError) -> String {
    let limit = PayloadSizeLimit.apnsRegularNotificationBytes
    let count = json.utf8.count
    guard count <= limit else {
      throw RecallPayloadError(
        code: .payloadTooLarge, keyPath: "",
        reason: "the \(payload) payload is \(count) bytes; APNs refuses a regular notification "
          + "payload over \(limit) bytes")
    }
    return json
  }
}
