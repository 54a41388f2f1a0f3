/// The payload size limits of recall pushes, decided in this one place: what a payload built
/// for APNs may weigh, and what a device inspects.
public enum PayloadSizeLimit {
  /// APNs' limit for a regular remote notification payload: 4,096 bytes (VoIP pushes may
  /// have 5,120). APNs refuses a larger notification, so the server's payload builders
  /// (PushRecall's `MessagePushPayload` and `RecallCommandPayload`) refuse to build one.
  ///
  /// Source: Apple, Local and Remote Notification Programming Guide, "Creating the Remote
  /// Notification Payload": "For regular remote notifications, the maximum size is 4KB (4096
  /// bytes)", and "APNs refuses notifications whose payload exceeds the maximum allowed size".
  public static let apnsRegularNotificationBytes = 4_096

  /// The largest received payload ``RecallCommand`` inspects: 8 KiB, twice APNs' limit, so a
  /// payload APNs delivers is always read while a hostile blob is not parsed at all.
  public static let deviceInspectedBytes = 8 * 1_024
}
