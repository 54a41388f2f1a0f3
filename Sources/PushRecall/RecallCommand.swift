import Foundation
import StrictJSON

/// A notification currently shown on the device, as a Notification Service Extension sees it.
///
/// The extension serializes each delivered notification's `userInfo` to JSON (for example with
/// `JSONSerialization`) and pairs it with the notification's request identifier.
public struct DeliveredNotification: Sendable, Hashable {
  /// The notification request identifier to pass to `removeDeliveredNotifications`.
  public var identifier: String
  /// The notification's `userInfo` as JSON; its `rc.id` names the message.
  public var userInfo: Data

  /// Creates a delivered notification from its identifier and JSON `userInfo`.
  ///
  /// Any bytes are accepted: a `userInfo` that is not JSON, or has no string `rc.id`, simply
  /// never matches a recall.
  ///
  /// - Parameters:
  ///   - identifier: The notification request identifier.
  ///   - userInfo: The notification's `userInfo`, serialized as JSON.
  public init(identifier: String, userInfo: Data) {
    self.identifier = identifier
    self.userInfo = userInfo
  }
}

/// What a Notification Service Extension does with a received push.
public enum RecallAction: Sendable, Hashable {
  /// Not a valid recall command: show the push unchanged and remove nothing.
  case passThrough
  /// A recall command: remove these delivered notifications (possibly none).
  ///
  /// - Parameters:
  ///   - recalledMessageId: The `rc-dlt-identifier` the command names.
  ///   - notificationIdentifiers: The delivered notifications whose `rc.id` equals it exactly.
  case remove(recalledMessageId: String, notificationIdentifiers: Set<String>)

  /// Decides what to do with a received payload, given the delivered notifications.
  ///
  /// This is the device half of the recall as one pure function: it never traps, whatever
  /// the bytes. A payload that is not a recall command (see ``RecallCommand/init(payload:)``)
  /// gives ``passThrough``; a recall command gives
  /// ``remove(recalledMessageId:notificationIdentifiers:)`` with exactly the delivered
  /// notifications whose `rc.id` is the recalled id.
  ///
  /// - Parameters:
  ///   - payload: The received APNs payload as JSON.
  ///   - delivered: The notifications currently delivered.
  public init(payload: Data, delivered: [DeliveredNotification]) {
    guard let command = RecallCommand(payload: payload) else {
      self = .passThrough
      return
    }
    self = .remove(
      recalledMessageId: command.recalledMessageId,
      notificationIdentifiers: command.notificationIdentifiersToRemove(from: delivered)
    )
  }
}

/// A recall command recognized in a received push.
///
/// A payload is a recall command when all of these hold: it is a JSON object of at most
/// 8 KiB (``PayloadSizeLimit/deviceInspectedBytes``; APNs itself delivers at most 4 KiB, 5 KiB
/// for VoIP), in valid UTF-8; `aps.category` is exactly
/// `"RC:RcCmd"`; `aps.mutable-content` is the number 1; `appData` is a string holding a JSON
/// object whose `rc-dlt-identifier` is a non-empty string. Anything else is not a recall.
///
/// The payload and `appData` are read by the rules' JSON policy: strict RFC 8259 JSON (no byte
/// order mark), no key twice in one object (a command naming two ids, or two categories, has
/// no meaning the device can be sure the server meant), and integers decided on the text, so
/// `mutable-content` is 1 only when the number's exact value is 1 (`1`, `1.0`, `1e0`; not
/// `0.99999999999999999`, which a `Double` rounds to 1).
public struct RecallCommand: Sendable, Hashable {
  /// The largest payload inspected; anything bigger cannot have come from APNs.
  static let maximumPayloadBytes = PayloadSizeLimit.deviceInspectedBytes

  /// The id of the recalled message: the `rc-dlt-identifier` in `appData`.
  public let recalledMessageId: String

  /// Recognizes a recall command in a received payload.
  ///
  /// Parsing is bounded: oversized payloads and invalid UTF-8 are rejected before parsing, and
  /// the JSON parser limits nesting depth, so malformed or hostile input fails cleanly instead
  /// of trapping.
  ///
  /// - Parameters:
  ///   - payload: The received APNs payload as JSON.
  /// - Returns: `nil` if the payload is not a well-formed recall command.
  public init?(payload: Data) {
    guard payload.count <= Self.maximumPayloadBytes,
      String(validating: payload, as: UTF8.self) != nil,
      let document = Self.strictDocument(payload),
      let received = try? JSONDecoder().decode(RecallReceivedPayload.self, from: document),
      received.category == RecallCommandPayload.category,
      received.mutableContent == 1,
      let appData = received.appData,
      let inner = Self.strictDocument(Data(appData.utf8)),
      let object = try? JSONDecoder().decode(RecallAppDataObject.self, from: inner),
      let identifier = object.identifier,
      !identifier.isEmpty
    else { return nil }
    recalledMessageId = identifier
  }

  /// The document as Foundation's decoder should read it when it passes the rules' JSON
  /// policy (``JSONSyntax``: strict syntax, no byte order mark, no key twice in an object),
  /// each number rewritten to the integer its text equals, or to a fraction when it equals
  /// none; nil when it does not pass.
  static func strictDocument(_ json: Data) -> Data? {
    let bytes = [UInt8](json)
    return bytes.withUnsafeBufferPointer { buffer -> Data? in
      var syntax = JSONSyntax(buffer)
      guard (try? syntax.check()) != nil, syntax.firstDuplicateKey == nil else { return nil }
      // nil when no number has a fraction or an exponent: the document reads as it is.
      return syntax.canonicalDocument().map { Data($0) } ?? json
    }
  }

  /// Lists the delivered notifications this command removes.
  ///
  /// A notification matches when its `userInfo` is JSON with a string `rc.id` equal to
  /// ``recalledMessageId`` scalar for scalar: no Unicode normalization, no case folding,
  /// no trimming. Notifications whose `userInfo` cannot be read by the same JSON policy as
  /// the payload (a key twice in one object, a byte order mark) never match.
  ///
  /// - Parameters:
  ///   - delivered: The notifications currently delivered.
  /// - Returns: The identifiers of the matching notifications.
  public func notificationIdentifiersToRemove(
    from delivered: [DeliveredNotification]
  ) -> Set<String> {
    let target = Array(recalledMessageId.unicodeScalars)
    var result = Set<String>()
    let decoder = JSONDecoder()
    for notification in delivered {
      let userInfo = notification.userInfo
      guard let document = Self.strictDocument(userInfo),
        let info = try? decoder.decode(RecallDeliveredUserInfo.self, from: document),
        let messageId = info.messageId,
        messageId.unicodeScalars.elementsEqual(target)
      else { continue }
      result.insert(notification.identifier)
    }
    return result
  }
}

/// The fields of a received payload that decide whether it is a recall command.
///
/// Every field is read leniently: a missing or mistyped field becomes `nil`, and only a
/// payload that is not a JSON object at all fails to decode.
private struct RecallReceivedPayload: Decodable {
  var category: String?
  var mutableContent: Int?
  var appData: String?

  enum CodingKeys: String, CodingKey {
    case aps, appData
  }

  enum APSKeys: String, CodingKey {
    case category
    case mutableContent = "mutable-content"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    appData = try? container.decodeIfPresent(String.self, forKey: .appData)
    let aps = try? container.nestedContainer(keyedBy: APSKeys.self, forKey: .aps)
    category = try? aps?.decodeIfPresent(String.self, forKey: .category)
    mutableContent = try? aps?.decodeIfPresent(Int.self, forKey: .mutableContent)
  }
}

/// The JSON object inside `appData`.
private struct RecallAppDataObject: Decodable {
  var identifier: String?

  enum CodingKeys: String, CodingKey {
    case identifier = "rc-dlt-identifier"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    identifier = try? container.decodeIfPresent(String.self, forKey: .identifier)
  }
}

/// The `rc.id` of a delivered notification's `userInfo`.
private struct RecallDeliveredUserInfo: Decodable {
  var messageId: String?

  enum CodingKeys: String, CodingKey {
    case rc
  }

  enum RCKeys: String, CodingKey {
    case id
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let rc = try? container.nestedContainer(keyedBy: RCKeys.self, forKey: .rc)
    messageId = try? rc?.decodeIfPresent(String.self, forKey: .id)
  }
}
