/// Every zone of one tzdata release in one block of bytes: a snapshot a program can carry
/// with it, for hosts with no zoneinfo directory (distroless and scratch container images).
///
/// Open a database over it with `ZoneDatabase(bundle:)`. The `ZoneInfoBundle` product
/// embeds one, made by `dnd bundle` from a zoneinfo directory; you can also make your own and
/// pass its bytes here. The bytes are checked like any untrusted input: every count, name and
/// length, before anything is kept; each zone's TZif data is checked when the zone loads.
///
/// The format (all integers big-endian, as in TZif):
///
/// ```
/// magic "DNDZONES", format 1 (one byte)
/// version length (one byte, 1…32), version (printable ASCII, e.g. "2025b")
/// name count, file count (four bytes each)
/// names, strictly ascending by their bytes: length (one byte), ID, file index (four bytes)
/// files: length (four bytes) each, then their bytes back to back, and nothing after
/// ```
///
/// Each file is a TZif file (version 2 or later, "slim": no 32-bit data, and no trailing
/// transitions the footer regenerates); names with identical files share one.
public struct ZoneBundle: Sendable {
  /// The tzdata release the snapshot was made from, such as `2025b`. Package access: a program
  /// reads it from the database it opens over the snapshot, `ZoneDatabase.version()`.
  package let version: String
  /// The zone IDs, sorted.
  package let identifiers: [String]
  private let bytes: [UInt8]
  private let files: [String: Range<Int>]

  static let magic = Array("DNDZONES".utf8)
  static let format: UInt8 = 1
  static let maximumVersionLength = 32

  /// Reads a snapshot.
  ///
  /// - Parameter bytes: The snapshot, as `dnd bundle` writes it.
  /// - Throws: ``ZoneError/databaseUnavailable(root:reason:)`` naming the first thing wrong
  ///   and where it is, for a truncated, corrupt or hostile snapshot.
  public init(bytes: [UInt8]) throws(ZoneError) {
    var reader = BundleReader(bytes: bytes)
    guard try reader.take(Self.magic.count, "magic").elementsEqual(Self.magic) else {
      throw reader.failure("not a zone bundle (no DNDZONES magic)")
    }
    let format = try reader.byte("format")
    guard format == Self.format else { throw reader.failure("unknown format \(format)") }
    let versionLength = Int(try reader.byte("version length"))
    guard (1...Self.maximumVersionLength).contains(versionLength) else {
      throw reader.failure("version length \(versionLength) not in 1...32")
    }
    let versionBytes = try reader.take(versionLength, "version")
    guard versionBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw reader.failure("version contains a space or a non-printable byte")
    }
    let nameCount = try reader.count("name count", each: 6)
    let fileCount = try reader.count("file count", each: 4)
    var names: [(id: String, file: Int)] = []
    names.reserveCapacity(nameCount)
    var previous: ArraySlice<UInt8> = []
    for i in 0..<nameCount {
      let length = Int(try reader.byte("name \(i) length"))
      let name = try reader.take(length, "name \(i)")
      guard i == 0 || previous.lexicographicallyPrecedes(name) else {
        throw reader.failure("name \(i) is not after the one before it")
      }
      previous = name
      let id = String(decoding: name, as: UTF8.self)
      do {
        try ZoneIdentifier.validate(id)
      } catch {
        throw reader.failure("name \(i): \(error)")
      }
      let file = Int(try reader.uint32("file index of \(quoted(id))"))
      guard file < fileCount else {
        throw reader.failure("file index \(file) of \(quoted(id)) >= file count \(fileCount)")
      }
      names.append((id, file))
    }
    var lengths: [Int] = []
    lengths.reserveCapacity(fileCount)
    for i in 0..<fileCount {
      lengths.append(Int(try reader.uint32("length of file \(i)")))
    }
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(fileCount)
    for (i, length) in lengths.enumerated() {
      guard length <= TZifParser.maximumFileSize else {
        throw reader.failure("file \(i) of \(length) bytes is larger than a TZif file can be")
      }
      let start = reader.position
      _ = try reader.take(length, "file \(i)")
      ranges.append(start..<reader.position)
    }
    guard reader.position == bytes.count else {
      throw reader.failure("\(bytes.count - reader.position) bytes after the last file")
    }
    var files: [String: Range<Int>] = [:]
    files.reserveCapacity(nameCount)
    for name in names { files[name.id] = ranges[name.file] }
    self.version = String(decoding: versionBytes, as: UTF8.self)
    self.identifiers = names.map(\.id)
    self.bytes = bytes
    self.files = files
  }

  /// The snapshot's size in bytes.
  package var byteCount: Int { bytes.count }

  /// A short description of the snapshot for messages, such as `bundled tzdata 2025b`.
  package var name: String { "bundled tzdata \(version)" }

  /// The TZif bytes of a zone, or nil when the snapshot has no such ID.
  package func tzif(_ id: String) -> ArraySlice<UInt8>? {
    files[id].map { bytes[$0] }
  }
}

/// A cursor over a bundle's bytes that checks every length before reading.
private struct BundleReader {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func failure(_ reason: String) -> ZoneError {
    .databaseUnavailable(root: "zone bundle", reason: "\(reason) (at byte \(position))")
  }

  mutating func take(_ count: Int, _ what: String) throws(ZoneError) -> ArraySlice<UInt8> {
    guard count <= bytes.count - position else {
      throw failure("truncated: \(what) needs \(count) bytes, \(bytes.count - position) left")
    }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  mutating func byte(_ what: String) throws(ZoneError) -> UInt8 {
    let slice = try take(1, what)
    return slice[slice.startIndex]
  }

  mutating func uint32(_ what: String) throws(ZoneError) -> UInt32 {
    try take(4, what).reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// A count of records of at least `each` bytes, checked against the bytes left so that a
  /// hostile count cannot make the reader reserve gigabytes.
  mutating func count(_ what: String, each: Int) throws(ZoneError) -> Int {
    let value = Int(try uint32(what))
    guard value <= (bytes.count - position) / each else {
      throw failure("\(what) \(value) is more than the \(bytes.count - position) bytes left hold")
    }
    return value
  }
}
