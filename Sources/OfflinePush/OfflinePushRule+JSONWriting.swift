import DNDSchedule
import StrictJSON

extension OfflinePushRule {
  /// The rule as a JSON document in the wire names, for storing it or sending it to the
  /// user's other devices, byte for byte what `JSONEncoder` with `.sortedKeys` writes;
  /// ``init(jsonBytes:)`` reads it back to an equal rule (`Data(rule.jsonBytes())` for `Data`).
  ///
  /// - Returns: UTF-8 JSON with sorted keys.
  public func jsonBytes() -> [UInt8] {
    var writer = JSONWriter(capacity: 384)
    write(to: &writer)
    return writer.bytes
  }

  /// Writes the rule as a JSON object, its keys sorted (as `JSONEncoder`'s `.sortedKeys`
  /// sorts them, by their UTF-8 bytes); no `doNotDisturbRule` key when there is none.
  ///
  /// - Parameter writer: The writer.
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("callOfflinePushEnabled")
    writer.boolean(callOfflinePushEnabled)
    if let doNotDisturbRule {
      writer.key("doNotDisturbRule")
      doNotDisturbRule.write(to: &writer)
    }
    writer.key("messageOfflinePushEnabled")
    writer.boolean(messageOfflinePushEnabled)
    writer.key("notToReceiveOfflinePushPlatforms")
    writer.beginArray()
    for platform in notToReceiveOfflinePushPlatforms { writer.integer(Int64(platform.rawValue)) }
    writer.endArray()
    writer.key("offlinePushEnabled")
    writer.boolean(offlinePushEnabled)
    writer.key("onlinePlatforms")
    writer.beginArray()
    for platform in onlinePlatforms { writer.integer(Int64(platform.rawValue)) }
    writer.endArray()
    writer.endObject()
  }
}
