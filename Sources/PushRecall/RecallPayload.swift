import PushRecallReader
import StrictJSON

/// The RongCloud `rc` block that identifies the message behind an APNs push.
///
/// Every push the server sends carries this block. For an ordinary message push, `messageId`
/// (`rc.id`) is the id a later recall command names in its `rc-dlt-identifier`; for a recall
/// command, the block describes the command message itself (its `objectName` is
/// `RecallCommand.category`, `"RC:RcCmd"`).
public struct RCMessageInfo: Sendable, Hashable {
  /// The conversation type, such as `"PR"` for a private chat (`rc.cType`).
  public var conversationType: String
  /// The sender's user id (`rc.fId`).
  public var senderId: String
  /// The conversation's target id (`rc.tId`).
  public var targetId: String
  /// The message id (`rc.id`), matched exactly by a recall command.
  public var messageId: String
  /// The message's object name, such as `"RC:TxtMsg"` (`rc.oName`).
  public var objectName: String
  /// The message's source type (`rc.sourceType`).
  public var sourceType: Int

  /// Creates the `rc` block of a push.
  ///
  /// The values are copied into the payload verbatim; any string is allowed and is escaped
  /// when the payload is encoded.
  ///
  /// - Parameters:
  ///   - conversationType: The conversation type (`rc.cType`).
  ///   - senderId: The sender's user id (`rc.fId`).
  ///   - targetId: The conversation's target id (`rc.tId`).
  ///   - messageId: The message id (`rc.id`).
  ///   - objectName: The message's object name (`rc.oName`).
  ///   - sourceType: The message's source type (`rc.sourceType`).
  public init(
    conversationType: String,
    senderId: String,
    targetId: String,
    messageId: String,
    objectName: String,
    sourceType: Int = 0
  ) {
    self.conversationType = conversationType
    self.senderId = senderId
    self.targetId = targetId
    self.messageId = messageId
    self.objectName = objectName
    self.sourceType = sourceType
  }
}

/// The APNs payload of an ordinary message push.
///
/// The payload carries the alert in `aps` and the message's ``RCMessageInfo`` in `rc`, so that
/// a Notification Service Extension can later find the notification by `rc.id` and remove it
/// when the message is recalled.
public struct MessagePushPayload: Sendable, Hashable {
  /// The alert text (`aps.alert.body`).
  public var alertBody: String
  /// The badge number (`aps.badge`); `nil` leaves the badge out.
  public var badge: Int?
  /// The sound name (`aps.sound`); `nil` leaves the sound out.
  public var sound: String?
  /// Whether `aps.mutable-content` is set to 1, so a Notification Service Extension runs.
  public var mutableContent: Bool
  /// The `rc` block naming the message.
  public var message: RCMessageInfo

  /// Creates the payload of an ordinary message push.
  ///
  /// Nothing is validated here: every string is escaped when the payload is encoded.
  ///
  /// - Parameters:
  ///   - alertBody: The alert text (`aps.alert.body`).
  ///   - badge: The badge number, or `nil` to leave it out.
  ///   - sound: The sound name, or `nil` to leave it out.
  ///   - mutableContent: Whether to set `aps.mutable-content` to 1.
  ///   - message: The `rc` block naming the message.
  public init(
    alertBody: String,
    badge: Int? = nil,
    sound: String? = "default",
    mutableContent: Bool = true,
    message: RCMessageInfo
  ) {
    self.alertBody = alertBody
    self.badge = badge
    self.sound = sound
    self.mutableContent = mutableContent
    self.message = message
  }

  /// Encodes the payload as compact JSON with sorted keys.
  ///
  /// The output is deterministic: the same payload always gives the same bytes.
  ///
  /// - Returns: The UTF-8 JSON text of the payload.
  /// - Throws: `RecallPayloadError` with code `payloadTooLarge` when the payload is over
  ///   APNs' 4,096 bytes (`PayloadSizeLimit.apnsRegularNotificationBytes`), which APNs would
  ///   refuse. Nothing else: every payload has a JSON form.
  public func jsonString() throws -> String {
    var writer = RCPushWire.writer()
    writer.beginObject()
    writer.key("aps")
    RCPushWire.writeAPS(
      alertBody: alertBody, badge: badge, category: nil, mutableContent: mutableContent,
      sound: sound, to: &writer)
    writer.key("rc")
    RCPushWire.write(message, to: &writer)
    writer.endObject()
    return try PayloadSize.checked(RCPushWire.text(writer), payload: "message push")
  }
}

/// The APNs payload of a recall command push, RongCloud style.
///
/// The payload has `aps.category` set to `RecallCommand.category` (`"RC:RcCmd"`, from
/// PushRecallReader, which reads these payloads on the device) and `aps.mutable-content` set to
/// 1, so the device's Notification Service Extension runs, and a string field `appData` holding
/// the JSON object `{"rc-dlt-identifier":"<id>"}` that names the recalled message. The
/// identifier is escaped twice, once inside `appData` and once as `appData` itself, so any id
/// survives.
public struct RecallCommandPayload: Sendable, Hashable {
  /// The id of the message being recalled: the `rc.id` of its original push.
  public var recalledMessageId: String
  /// The alert text (`aps.alert.body`) shown if no extension handles the command.
  public var alertBody: String
  /// The badge number (`aps.badge`); `nil` leaves the badge out.
  public var badge: Int?
  /// The sound name (`aps.sound`); `nil` leaves the sound out.
  public var sound: String?
  /// The `rc` block of the recall command message itself.
  public var command: RCMessageInfo

  /// Creates the payload of a recall command.
  ///
  /// The `command` block describes the command message, whose `objectName` is normally
  /// `RecallCommand.category`; the recalled message is named by `recalledMessageId` alone.
  ///
  /// - Parameters:
  ///   - recalledMessageId: The `rc.id` of the original push to remove.
  ///   - command: The `rc` block of the recall command message.
  ///   - alertBody: The alert text (`aps.alert.body`).
  ///   - badge: The badge number, or `nil` to leave it out.
  ///   - sound: The sound name, or `nil` to leave it out.
  public init(
    recalledMessageId: String,
    command: RCMessageInfo,
    alertBody: String,
    badge: Int? = nil,
    sound: String? = "default"
  ) {
    self.recalledMessageId = recalledMessageId
    self.command = command
    self.alertBody = alertBody
    self.badge = badge
    self.sound = sound
  }

  /// Encodes the payload as compact JSON with sorted keys.
  ///
  /// `appData` is itself encoded first, as compact JSON, and then embedded as a string, so
  /// quotes, backslashes, control characters and any Unicode in the id are escaped correctly
  /// at both levels. The output is deterministic.
  ///
  /// - Returns: The UTF-8 JSON text of the payload.
  /// - Throws: `RecallPayloadError` with code `payloadTooLarge` when the payload is over
  ///   APNs' 4,096 bytes (`PayloadSizeLimit.apnsRegularNotificationBytes`), which APNs would
  ///   refuse. Nothing else: every payload has a JSON form.
  public func jsonString() throws -> String {
    var appData = RCPushWire.writer()
    appData.beginObject()
    appData.key("rc-dlt-identifier")
    appData.string(recalledMessageId)
    appData.endObject()
    var writer = RCPushWire.writer()
    writer.beginObject()
    writer.key("appData")
    writer.string(RCPushWire.text(appData))
    writer.key("aps")
    RCPushWire.writeAPS(
      alertBody: alertBody, badge: badge, category: RecallCommand.category, mutableContent: true,
      sound: sound, to: &writer)
    writer.key("rc")
    RCPushWire.write(command, to: &writer)
    writer.key("richMediaUri")
    writer.string("")
    writer.endObject()
    return try PayloadSize.checked(RCPushWire.text(writer), payload: "recall command")
  }
}

/// The wire form shared by both payloads: compact JSON, keys sorted by their UTF-8 bytes (as
/// `JSONEncoder`'s `.sortedKeys` sorts these), `/` unescaped, an absent value's key left out.
enum RCPushWire {
  /// A writer for a payload or its `appData`.
  static func writer() -> JSONWriter {
    JSONWriter(capacity: 512, escapesSlashes: false)
  }

  /// The written document as text.
  static func text(_ writer: JSONWriter) -> String {
    String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Writes the `aps` object.
  static func writeAPS(
    alertBody: String, badge: Int?, category: String?, mutableContent: Bool, sound: String?,
    to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key("alert")
    writer.beginObject()
    writer.key("body")
    writer.string(alertBody)
    writer.endObject()
    if let badge {
      writer.key("badge")
      writer.integer(Int64(badge))
    }
    if let category {
      writer.key("category")
      writer.string(category)
    }
    if mutableContent {
      writer.key("mutable-content")
      writer.integer(1)
    }
    if let sound {
      writer.key("sound")
      writer.string(sound)
    }
    writer.endObject()
  }

  /// Writes the `rc` object.
  static func write(_ info: RCMessageInfo, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("cType")
    writer.string(info.conversationType)
    writer.key("fId")
    writer.string(info.senderId)
    writer.key("id")
    writer.string(info.messageId)
    writer.key("oName")
    writer.string(info.objectName)
    writer.key("sourceType")
    writer.integer(Int64(info.sourceType))
    writer.key("tId")
    writer.string(info.targetId)
    writer.endObject()
  }
}
