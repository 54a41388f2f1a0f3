import BatchEvaluation
import DNDSchedule
import DNDTestSupport
import OfflinePush
import XCTest
import ZoneInfo

/// The codes `dnd eval` writes are the ones `RuleFieldError.Code.evalCodes` lists, and a save instant's
/// error keeps the query's own key, `savedAt`, whatever the rule.
final class EvalErrorCodeTests: XCTestCase {
  /// The engine's answer to each line, through the fast path and the general parser.
  func errors(_ lines: [String]) throws -> [(code: String, message: String)] {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var results: [(code: String, message: String)] = []
    for usesFastPath in [true, false] {
      var engine = EvalEngine(zones: zones, usesFastPath: usesFastPath)
      for line in lines {
        let answer = Array(line.utf8).withUnsafeBufferPointer { engine.answer($0) }
        guard case .error(let error) = answer else {
          XCTFail("no error for \(line)")
          continue
        }
        results.append((error.code.rawValue, error.message))
      }
    }
    return results
  }

  /// One line for each code but `invalidQuery`'s many shapes: every code written is listed.
  func testEveryCodeWrittenIsListed() throws {
    let lines = [
      "{",
      #"{"rule": {}}"#,
      #"{"rule": {"startHour": 24}, "at": 0}"#,
      #"{"rule": {"startMinute": 60}, "at": 0}"#,
      #"{"rule": {"repeatMode": 9}, "at": 0}"#,
      #"{"rule": {"customRepeatDays": 200}, "at": 0}"#,
      #"{"rule": {"timeZoneID": "Mars/Olympus"}, "at": 0}"#,
      #"{"rule": {"enabled": true, "repeatMode": 1}, "at": 0}"#,
      #"{"rule": {}, "at": 253402300800}"#,
      #"{"schedule": {"polarity": "loud", "windows": []}, "at": 0}"#,
      #"{"schedule": {"polarity": "quiet", "windows": [{"weekdays": [1], "start": "25:00", "end": "01:00"}]}, "at": 0}"#,
      #"{"schedule": {"polarity": "quiet", "windows": [{"weekdays": [8], "start": "01:00", "end": "02:00"}]}, "at": 0}"#,
      #"{"schedule": {"polarity": "quiet", "windows": [], "snooze": {"from": 5, "until": 1}}, "at": 0}"#,
      "{\"pushRule\": {\"onlinePlatforms\": ["
        + (0...OfflinePushRule.maximumPlatformCount).map(String.init).joined(separator: ",")
        + "]}, \"kind\": \"call\", \"platform\": 1, \"at\": 0}",
      #"{"pushRule": {"onlinePlatforms": [64]}, "kind": "call", "platform": 1, "at": 0}"#,
      #"{"pushRule": {}, "kind": "call", "platform": 1, "at": 0, "preferences": {"level": "x"}}"#,
      "{\"pushRule\": {}, \"kind\": \"call\", \"platform\": 1, \"at\": 0, "
        + "\"preferences\": {\"breakthrough\": {\"senders\": ["
        + (0...PushPreferences.maximumSenderCount).map { "\"u\($0)\"" }.joined(separator: ",")
        + "]}}}",
      #"{"pushRule": {}, "kind": "call", "platform": 1, "at": 0, "conversation": {"until": 1.5}}"#,
      #"{"pushRule": {}, "kind": "call", "platform": 1, "at": 0, "message": {"sender": ""}}"#,
    ]
    let written = try errors(lines).map(\.code)
    let listed = Set(RuleFieldError.Code.evalCodes.map(\.rawValue))
    XCTAssertEqual(listed.count, RuleFieldError.Code.evalCodes.count, "listed once each")
    XCTAssertTrue(listed.isSuperset(of: written), "\(Set(written).subtracting(listed))")
    // The lines reach every listed code.
    XCTAssertEqual(Set(written), listed)
  }

  /// A save instant outside the supported years, or one at which a one-off period would end
  /// outside them, is reported at `savedAt` (a key of the query), for both rule kinds.
  func testSavedAtErrorsKeepTheQueryKey() throws {
    let early = Zone.supportedInstants.lowerBound
    let dnd =
      #"{"enabled": true, "startHour": 1, "endHour": 2, "repeatMode": 0, "timeZoneID": "Etc/GMT+12"}"#
    let lines = [
      #"{"rule": \#(dnd), "at": 0, "savedAt": \#(early)}"#,
      #"{"pushRule": {"doNotDisturbRule": \#(dnd)}, "kind": "call", "platform": 1, "at": 0, "savedAt": \#(early)}"#,
      #"{"pushRule": {}, "kind": "call", "platform": 1, "at": 0, "savedAt": \#(early - 1)}"#,
    ]
    for (code, message) in try errors(lines) {
      XCTAssertEqual(code, "invalidInstant", message)
      XCTAssertTrue(message.hasPrefix("savedAt = "), message)
    }
  }
}
