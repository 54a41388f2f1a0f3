import Foundation
import PushRecall
import PushRecallReader
import ZoneInfo

/// `dnd recall`: the APNs payloads of a message push and of the recall command for it, for
/// testing a Notification Service Extension.
enum RecallPayloadCommand {
  /// The options, declared once for the parser and the help.
  enum Option {
    static let id = OptionSpec.value(
      "--id", "MESSAGE_ID", "the id of the message (rc.id of its push); required")
    static let only = OptionSpec.value(
      "--only", "message|recall", "print (and build) just that payload, as one JSON line")
    static let recallID = OptionSpec.value(
      "--recall-id", "ID", "rc.id of the recall command message (default MESSAGE_ID-recall)")
    static let sender = OptionSpec.value(
      "--sender", "ID", "rc.fId, the sender's user id (default user1)")
    static let target = OptionSpec.value(
      "--target", "ID", "rc.tId, the conversation's target id (default: the sender)")
    static let conversationType = OptionSpec.value(
      "--conversation-type", "TYPE", "rc.cType (default PR, a private chat)")
    static let objectName = OptionSpec.value(
      "--object-name", "NAME", "rc.oName of the message (default RC:TxtMsg)")
    static let body = OptionSpec.value(
      "--body", "TEXT", "alert body of the message (default \"You received a message\")")
    static let recallBody = OptionSpec.value(
      "--recall-body", "TEXT", "alert body of the recall command (default: as --body)")
    static let badge = OptionSpec.value(
      "--badge", "N", "aps.badge of both payloads, 0...99999 (default none)")
  }

  static let spec = CommandSpec(
    name: "recall", summary: "the APNs payloads of a message push and of its recall command",
    usage: """
      dnd recall --id MESSAGE_ID [--only message|recall] [--recall-id ID]
                        [--sender ID] [--target ID] [--conversation-type TYPE]
                        [--object-name NAME] [--body TEXT] [--recall-body TEXT] [--badge N]
      """,
    about: """
      Prints two APNs payloads as compact JSON: an ordinary message push whose rc.id is
      MESSAGE_ID, and the recall command push for it (aps.category "RC:RcCmd",
      mutable-content 1, appData holding {"rc-dlt-identifier": MESSAGE_ID}), which makes the
      extension remove the delivered notification with that rc.id. Any id is escaped
      correctly, quotes, backslashes and emoji included.
      """,
    options: [
      Option.id, Option.only, Option.recallID, Option.sender, Option.target,
      Option.conversationType, Option.objectName, Option.body, Option.recallBody, Option.badge,
    ],
    footer: """
      A payload over APNs' limit for a regular notification \
      (\(PayloadSizeLimit.apnsRegularNotificationBytes) bytes) is an error, as APNs
      would refuse it: the recall command carries the id twice, so with the default options an
      id of about 1900 ASCII characters is the longest that fits.

      Exit status: 0; 2 for bad usage or a payload over APNs' limit.
      """)

  static func run(_ arguments: Arguments, context: ToolContext) throws(CLIError) -> Int32 {
    let id = try arguments.required(Option.id)
    let only = arguments[Option.only]
    if let only, only != "message" && only != "recall" {
      throw .usage("\(Option.only.name) \(quoted(only)) must be message or recall")
    }
    let sender = arguments[Option.sender] ?? "user1"
    let target = arguments[Option.target] ?? sender
    let conversationType = arguments[Option.conversationType] ?? "PR"
    let body = arguments[Option.body] ?? "You received a message"
    let badge = try arguments.integer(Option.badge, in: 0...99_999)
    let message = MessagePushPayload(
      alertBody: body, badge: badge,
      message: RCMessageInfo(
        conversationType: conversationType, senderId: sender, targetId: target, messageId: id,
        objectName: arguments[Option.objectName] ?? "RC:TxtMsg"))
    let recall = RecallCommandPayload(
      recalledMessageId: id,
      command: RCMessageInfo(
        conversationType: conversationType, senderId: sender, targetId: target,
        messageId: arguments[Option.recallID] ?? id + "-recall",
        objectName: RecallCommand.category),
      alertBody: arguments[Option.recallBody] ?? body, badge: badge)
    // Only the payloads printed are built, so only they must fit APNs' limit.
    var messageJSON: String?
    var recallJSON: String?
    do {
      if only != "recall" { messageJSON = try message.jsonString() }
      if only != "message" { recallJSON = try recall.jsonString() }
    } catch let error as RecallPayloadError where error.code == .payloadTooLarge {
      // APNs would refuse it: printing it would only move the failure to the push.
      throw .input("\(error) (shorten --id, --body or --recall-body)")
    } catch {
      throw .input("cannot encode the payloads: \(error)")
    }
    if let recallJSON {
      // Within APNs' limit a device reads every payload; this is a safety net.
      do throws(RecallPayloadError) {
        let read = try RecallCommand(payload: recallJSON.utf8).recalledMessageId
        if read != id {
          printError("dnd recall: warning: a device would read the recalled id as \(quoted(read))")
        }
      } catch {
        printError(
          "dnd recall: warning: a device would not recognize this recall command: \(error)")
      }
    }
    if let messageJSON, let recallJSON {
      print("Message push (rc.id = \(quoted(id))):")
      print(messageJSON)
      print("")
      print("Recall command push (removes delivered notifications whose rc.id is \(quoted(id))):")
      print(recallJSON)
    } else if let json = messageJSON ?? recallJSON {
      print(json)
    }
    return ExitStatus.success
  }
}
