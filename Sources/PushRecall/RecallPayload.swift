import Foundation
import PushRecallReader

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
  ///   refuse; an `EncodingError` if `JSONEncoder` rejects the payload.
  public func jsonString() throws -> String {
    let wire = RCPushWire.Message(
      aps: RCPushWire.APS(
        alert: RCPushWire.Alert(body: alertBody),
        badge: badge,
        category: nil,
        mutableContent: mutableContent ? 1 : nil,
        sound: sound
      ),
      rc: RCPushWire.RC(message)
    )
    return try PayloadSize.checked(RCPushWire.encode(wire), payload: "message push")
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
  ///   refuse; an `EncodingError` if `JSONEncoder` rejects the payload.
  public func jsonString() throws -> String {
    let appData = try RCPushWire.encode(RCPushWire.AppData(identifier: recalledMessageId))
    let wire = RCPushWire.Recall(
      appData: appData,
      aps: RCPushWire.APS(
        alert: RCPushWire.Alert(body: alertBody),
        badge: badge,
        category: RecallCommand.category,
        mutableContent: 1,
        sound: sound
      ),
      rc: RCPushWire.RC(command),
      richMediaUri: ""
    )
    return try PayloadSize.checked(RCPushWire.encode(wire), payload: "recall command")
  }
}

/// The wire format shared by both payloads: deterministic JSON and the encodable key layout.
enum RCPushWire {
  static func encode<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  struct Alert: Encodable {
    var body: String
  }

  struct APS: Encodable {
    var alert: Alert
    var badge: Int?
    var category: String?
    var mutableContent: Int?
    var sound: String?

    enum CodingKeys: String, CodingKey {
      case alert, badge, category, sound
      case mutableContent = "mutable-content"
    }
  }

  struct RC: Encodable {
    var cType: String
    var fId: String
    var tId: String
    var id: String
    var oName: String
    var sourceType: Int

    init(_ info: RCMessageInfo) {
      cType = info.conversationType
      fId = info.senderId
      tId = info.targetId
      id = info.messageId
      oName = info.objectName
      sourceType = info.sourceType
    }
  }

  struct Message: Encodable {
    var aps: APS
    var rc: RC
  }

  struct AppData: Encodable {
    var identifier: String

    enum CodingKeys: String, CodingKey {
      case identifier = "rc-dlt-identifier"
    }
  }

  struct Recall: Encodable {
    var appData: String
    var aps: APS
    var rc: RC
    var richMediaUri: String
  }
}
