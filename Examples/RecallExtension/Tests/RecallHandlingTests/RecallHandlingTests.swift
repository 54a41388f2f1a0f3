import Foundation
import PushRecall
import PushRecallReader
import XCTest

@testable import NotificationService

/// The extension's decision on payloads the server builds, and its target's Info.plist and
/// entitlements, read as the system reads them.
final class RecallHandlingTests: XCTestCase {
  /// The `rc` block of a message push, as the server sends it.
  func message(_ id: String) -> RCMessageInfo {
    RCMessageInfo(
      conversationType: "PR", senderId: "alice", targetId: "bob", messageId: id,
      objectName: "RC:TxtMsg")
  }

  /// A delivered notification whose `userInfo` is the whole payload the server sent, as iOS
  /// keeps it.
  func delivered(_ identifier: String, messageId: String) throws -> DeliveredNotification {
    let payload = try MessagePushPayload(alertBody: "Hi", message: message(messageId)).jsonString()
    return DeliveredNotification(identifier: identifier, userInfo: Array(payload.utf8))
  }

  /// The recall command the server sends for a message.
  func recallCommand(for id: String) throws -> [UInt8] {
    let command = RCMessageInfo(
      conversationType: "PR", senderId: "alice", targetId: "bob", messageId: "cmd-\(id)",
      objectName: RecallCommand.category)
    let payload = try RecallCommandPayload(
      recalledMessageId: id, command: command, alertBody: "A message was recalled"
    ).jsonString()
    return Array(payload.utf8)
  }

  func testARecallRemovesTheRecalledMessagesNotificationsAndHidesItsAlert() throws {
    let shown = [
      try delivered("n1", messageId: "m-42"), try delivered("n2", messageId: "m-43"),
      try delivered("n3", messageId: "m-42"),
    ]
    let handling = RecallHandling(payload: try recallCommand(for: "m-42"), mayHideAlert: true)
    XCTAssertTrue(handling.needsDeliveredNotifications)
    XCTAssertEqual(handling.identifiersToRemove(from: shown), ["n1", "n3"])
    XCTAssertEqual(handling.presentation, .hidden)
    XCTAssertNil(handling.refusal)
  }

  func testWithoutTheEntitlementTheCommandsAlertIsShown() throws {
    let shown = [try delivered("n1", messageId: "m-42")]
    let handling = RecallHandling(payload: try recallCommand(for: "m-42"), mayHideAlert: false)
    XCTAssertEqual(handling.identifiersToRemove(from: shown), ["n1"])
    XCTAssertEqual(handling.presentation, .asReceived)
  }

  func testARecallOfAMessageNotShownRemovesNothing() throws {
    let shown = [try delivered("n2", messageId: "m-43")]
    let handling = RecallHandling(payload: try recallCommand(for: "m-42"), mayHideAlert: true)
    XCTAssertEqual(handling.identifiersToRemove(from: shown), [])
    XCTAssertEqual(handling.presentation, .hidden)
  }

  func testAMessagePushIsShownAsItCameAndRemovesNothing() throws {
    let push = try MessagePushPayload(alertBody: "Hi", message: message("m-44")).jsonString()
    let handling = RecallHandling(payload: Array(push.utf8), mayHideAlert: true)
    XCTAssertFalse(handling.needsDeliveredNotifications)
    XCTAssertEqual(handling.identifiersToRemove(from: [try delivered("n1", messageId: "m-44")]), [])
    XCTAssertEqual(handling.presentation, .asReceived)
    XCTAssertEqual(handling.refusal?.keyPath, "aps.category")
  }

  /// A command that names two ids has no meaning the device can be sure the server meant: it
  /// removes nothing and is shown as it came.
  func testAnAmbiguousCommandIsShownAndRemovesNothing() throws {
    let payload = #"""
      {"aps": {"category": "RC:RcCmd", "mutable-content": 1},
       "appData": "{\"rc-dlt-identifier\": \"m-42\", \"rc-dlt-identifier\": \"m-43\"}"}
      """#
    let handling = RecallHandling(payload: Array(payload.utf8), mayHideAlert: true)
    XCTAssertEqual(handling.identifiersToRemove(from: [try delivered("n1", messageId: "m-42")]), [])
    XCTAssertEqual(handling.presentation, .asReceived)
    XCTAssertEqual(handling.refusal?.code, .duplicateKey)
  }

  // MARK: - The target's files

  /// The folder of the extension target's files.
  static let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("NotificationService")

  /// A property list of the target, parsed as the system parses it.
  func propertyList(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: Self.target.appendingPathComponent(name))
    let list = try PropertyListSerialization.propertyList(from: data, format: nil)
    return try XCTUnwrap(list as? [String: Any], "\(name) is not a dictionary")
  }

  func testInfoPlistDeclaresANotificationServiceExtensionWithThisPrincipalClass() throws {
    let info = try propertyList("Info.plist")
    let ext = try XCTUnwrap(info["NSExtension"] as? [String: Any])
    XCTAssertEqual(
      ext["NSExtensionPointIdentifier"] as? String, "com.apple.usernotifications.service")
    XCTAssertEqual(
      ext["NSExtensionPrincipalClass"] as? String, "$(PRODUCT_MODULE_NAME).NotificationService")
    // The class it names is the subclass in the target.
    let source = try String(
      contentsOf: Self.target.appendingPathComponent("NotificationService.swift"), encoding: .utf8)
    XCTAssertTrue(
      source.contains("final class NotificationService: UNNotificationServiceExtension {"))
  }

  func testTheEntitlementsAndTheExtensionAgreeOnFiltering() throws {
    let entitlements = try propertyList("NotificationService.entitlements")
    XCTAssertEqual(
      entitlements["com.apple.developer.usernotifications.filtering"] as? Bool,
      RecallHandling.hasFilteringEntitlement)
  }
}
