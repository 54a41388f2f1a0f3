/// The kind of an offline push, which picks the switch that applies.
public enum PushKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// A chat message: `messageOfflinePushEnabled` applies.
  case message
  /// An incoming call invitation: `callOfflinePushEnabled` applies.
  case call
}
