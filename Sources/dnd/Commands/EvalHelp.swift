/// The part of `dnd eval --help` after its options: the query shapes, the error codes, an
/// example and the exit status.
enum EvalHelp {
  static let text = """
    DND query:
      {"rule": <doNotDisturbRule>, "at": <unix seconds>, "savedAt": <unix seconds, optional>}
      answer: {"inDoNotDisturb": true|false, "nextChange": <unix seconds or null>}
    Push query:
      {"pushRule": <offlinePushRule>, "kind": "message"|"call", "platform": <number>,
       "onlinePlatforms": [<number>…] (default []), "at": <unix seconds>,
       "savedAt": <optional>}
      answer: {"deliver": true|false, "reason": null|"offlinePushDisabled"|
               "messagePushDisabled"|"callPushDisabled"|"platformRule"|"doNotDisturb",
               "until": <unix seconds or null>}
      (until is the end of the do-not-disturb block when the reason is doNotDisturb)
    A push query may also carry the user's preferences, the conversation's setting and the
    message (each optional, every field optional):
      "preferences": {"level": "all"|"mentions"|"none", "breakthrough": {"senders": [<id>…],
                      "mentions": <bool>, "urgent": <bool>, "repeatCallSeconds": <int ≥ 0>}}
      "conversation": {"level": "all"|"mentions"|"none", "until": <unix seconds, optional>}
      "message": {"sender": <id>, "mentioned": <bool>, "mentionAll": <bool>,
                  "urgent": <bool>, "previousCallAt": <unix seconds>}
      answer: as above, with reason also "conversationMuted"|"notMentioned" (messages only;
              until is then the conversation's until when its level decided), and
              "breakthrough": null|"prioritySender"|"repeatCaller"|"urgent"|"mention"
              (what lifted do-not-disturb)
    With savedAt, the rule is first saved (normalized) at that instant, which computes
    onceEndTimestamp for once (1) and unknown (0) rules as the server does.

    Error line: {"error": {"code": "<code>", "message": "<text naming the field and value>"}}
      invalidJSON              the line is not JSON (or is empty, or longer than 1 MiB), or
                               a rule value has the wrong JSON type
      invalidQuery             JSON, but not a query: not an object, no rule or both rules,
                               at/savedAt/kind/platform/onlinePlatforms missing or ill-typed
      invalidHour, invalidMinute, invalidRepeatMode, invalidCustomRepeatDays,
      invalidTimeZone, missingOnceEnd
                               a rule field is invalid; with several, the code is the first
                               one's and the message lists them all
      invalidInstant           at, savedAt or onceEndTimestamp outside years -9999...9999
      tooManyPlatforms         a rule's platform list has more than 1024 entries
      invalidPreferences       preferences: a bad level, an empty or overlong (> 256 bytes)
                               sender, a negative repeatCallSeconds, or a wrong JSON type
      tooManySenders           preferences.breakthrough.senders has more than 1024 entries
      invalidConversation      conversation: a bad level, until outside the supported years,
                               or a wrong JSON type
      invalidMessage           message: an empty or overlong sender, previousCallAt outside
                               the supported years, or a wrong JSON type

    Example:
      echo '{"rule": {"enabled": true, "startHour": 22, "startMinute": 0, "endHour": 8, \\
        "endMinute": 0, "repeatMode": 2, "customRepeatDays": 0, "onceEndTimestamp": 0, \\
        "timeZoneID": "America/New_York"}, "at": 1773025200}' | dnd eval

    Exit status: 0 when the input was read through, even if some lines had errors; 1 when
    standard input or output failed (a reader that went away too: "Broken pipe", whatever
    the SIGPIPE disposition inherited); 2 for bad usage.
    """
}
