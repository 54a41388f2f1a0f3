import DNDSchedule
import OfflinePush

/// The rule `dnd` runs on when given no arguments: quiet hours 22:00–08:00 every day in
/// New York (a zone with DST), pushes to the iPad silenced while the user is online on a
/// computer, and call pushes switched off.
enum ExampleRule {
  /// The rule as wire JSON, the form `dnd check --rule` reads (`dnd example --json` prints it;
  /// `Fixtures/cli/example-rule.json` holds a copy).
  static let json = """
    {
      "onlinePlatforms": [1, 4],
      "notToReceiveOfflinePushPlatforms": [9],
      "offlinePushEnabled": true,
      "messageOfflinePushEnabled": true,
      "callOfflinePushEnabled": false,
      "doNotDisturbRule": {
        "enabled": true,
        "startHour": 22,
        "startMinute": 0,
        "endHour": 8,
        "endMinute": 0,
        "repeatMode": 2,
        "customRepeatDays": 0,
        "onceEndTimestamp": 0,
        "timeZoneID": "America/New_York"
      }
    }
    """

  /// The pushes the example decides: what each one is and to whom.
  static let pushes: [(kind: PushKind, target: Platform, online: [Platform])] = [
    (.message, .iPhoneOS, [.win]),
    (.message, .iPadOS, [.macOS]),
    (.call, .android, []),
  ]
}
