/// A client platform, as ZIM numbers them on the wire.
///
/// The type is open: an unlisted value (a platform newer than this server) is kept as it is
/// and round-trips through decoding and encoding.
public struct Platform: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The wire value.
  public var rawValue: Int

  /// Creates a platform from its wire value; any value is kept.
  ///
  /// - Parameter rawValue: The wire value.
  @inlinable
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Windows, 1.
  @inlinable public static var win: Platform { Platform(rawValue: 1) }
  /// iOS on iPhone, 2.
  @inlinable public static var iPhoneOS: Platform { Platform(rawValue: 2) }
  /// Android, 3.
  @inlinable public static var android: Platform { Platform(rawValue: 3) }
  /// macOS, 4.
  @inlinable public static var macOS: Platform { Platform(rawValue: 4) }
  /// Linux, 5.
  @inlinable public static var linux: Platform { Platform(rawValue: 5) }
  /// Web, 6.
  @inlinable public static var web: Platform { Platform(rawValue: 6) }
  /// Mini program, 7.
  @inlinable public static var miniProgram: Platform { Platform(rawValue: 7) }
  /// iPadOS, 9.
  @inlinable public static var iPadOS: Platform { Platform(rawValue: 9) }
  /// OpenHarmony, 10.
  @inlinable public static var ohos: Platform { Platform(rawValue: 10) }
  /// Unknown, 32.
  @inlinable public static var unknown: Platform { Platform(rawValue: 32) }

  /// The listed platforms and their names.
  package static let named: [(name: String, platform: Platform)] = [
    ("Win", .win), ("iPhoneOS", .iPhoneOS), ("Android", .android), ("macOS", .macOS),
    ("Linux", .linux), ("Web", .web), ("MiniProgram", .miniProgram), ("iPadOS", .iPadOS),
    ("OHOS", .ohos), ("Unknown", .unknown),
  ]

  /// Finds a platform by name (case-insensitive) or by number.
  ///
  /// - Parameter text: `iPhoneOS`, `android`, `3`…
  /// - Returns: The platform, or nil if the text is neither a listed name nor an integer.
  package init?(parsing text: String) {
    if let number = Int(text) {
      self.init(rawValue: number)
      return
    }
    guard let match = Platform.named.first(where: { $0.name.lowercased() == text.lowercased() })
    else { return nil }
    self = match.platform
  }

  /// The platform's name, or `platform N` for an unlisted value.
  public var description: String {
    Platform.named.first { $0.platform == self }?.name ?? "platform \(rawValue)"
  }
}
