/// The parts of a TZif file (RFC 8536) the zone engine uses, read from the 64-bit block of
/// version 2+ files or the 32-bit block of version 1 files.
struct TZifContents: Sendable {
  /// One local time type (`ttinfo`).
  struct LocalTimeType: Sendable, Hashable {
    var offset: Int32
    var isDaylight: Bool
    var abbreviation: String
  }

  var version: UInt8
  /// Transition instants, strictly increasing.
  var transitions: [Int64]
  /// For each transition, the index into `types` that applies from it on.
  var transitionTypes: [UInt8]
  var types: [LocalTimeType]
  /// The footer, when present and non-empty.
  var footer: POSIXTimeZone?
}

/// Reads TZif bytes defensively: every count is checked against the bytes actually present
/// before anything is allocated, so a header claiming gigabytes fails fast.
enum TZifParser {
  /// Files larger than this are not TZif files (the largest real one is under 4 KiB fat).
  static let maximumFileSize = 1 << 20

  /// Parses TZif bytes.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - zone: The zone ID, for error messages.
  /// - Throws: ``ZoneError/malformedTZif(zone:reason:)`` or
  ///   ``ZoneError/malformedPOSIXTimeZone(_:reason:)``.
  static func parse(_ bytes: [UInt8], zone: String) throws(ZoneError) -> TZifContents {
    guard bytes.count <= maximumFileSize else {
      throw .malformedTZif(zone: zone, reason: "file of \(bytes.count) bytes is too large")
    }
    var reader = ByteReader(bytes: bytes, zone: zone)
    let first = try reader.header()
    if first.version == 0 {
      return try reader.body(header: first, timeSize: 4, footer: false)
    }
    // Skip the version 1 block; the 64-bit block that follows is authoritative.
    try reader.skip(first.blockSize(timeSize: 4), what: "version 1 data block")
    let second = try reader.header()
    let contents = try reader.body(header: second, timeSize: 8, footer: true)
    try checkFooterAgreesWithLastTransition(contents, zone: zone)
    return contents
  }

  /// RFC 8536 §3.3: "If the string is nonempty and one or more transitions appear in the
  /// version 2+ data, the string MUST be consistent with the last version 2+ transition. In
  /// other words, evaluating the TZ string at the time of the last transition should yield
  /// the same time type as was specified in the last transition."
  ///
  /// `zic -b slim` breaks this where a zone's last rule change takes effect mid-season:
  /// America/Ojinaga's file ends with the 2022-10-30 change to CST under the footer
  /// `CST6CDT,M3.2.0,M11.1.0`, which says CDT until 2022-11-06. Such a file is read as its
  /// source says: the last transition's type holds until the footer's first change after it,
  /// and the footer governs from there (glibc and zdump apply the footer at once, and give CDT
  /// for a week the source calls CST). The table is built that way whenever the footer has
  /// daylight rules and the last transition falls before 2050 (the footer's changes are
  /// appended only after the last transition, see `ZoneTable`); any other disagreement (a
  /// footer without daylight time, which governs at once, or a last transition from 2050 on)
  /// is refused rather than read one way or the other.
  ///
  /// The type is compared by offset, daylight flag and abbreviation. A last transition
  /// outside ``Zone/supportedInstants`` is not checked: no answer reads the footer there.
  ///
  /// - Parameter strictly: Refuse every disagreement, as RFC 8536 says: for files DNDKit
  ///   writes itself (``ZoneBundle``), which other readers may read.
  static func checkFooterAgreesWithLastTransition(
    _ contents: TZifContents, zone: String, strictly: Bool = false
  ) throws(ZoneError) {
    guard let footer = contents.footer, let last = contents.transitions.last,
      let lastType = contents.transitionTypes.last,
      Zone.supportedInstants.contains(last)
    else { return }
    if !strictly && footer.daylight != nil && last >= ZoneTable.fatteningFloor
      && last < ZoneTable.loadedHorizon
    {
      return
    }
    let type = contents.types[Int(lastType)]
    let state = footer.state(at: last)
    let abbreviation = footer.abbreviation(isDaylight: state.isDaylight)
    guard
      state.offset != type.offset || state.isDaylight != type.isDaylight
        || abbreviation != type.abbreviation
    else { return }
    func describe(_ offset: Int32, _ isDaylight: Bool, _ abbreviation: String) -> String {
      "UT offset \(offset) (\(quoted(abbreviation)), \(isDaylight ? "daylight" : "standard"))"
    }
    throw .malformedTZif(
      zone: zone,
      reason: "footer \(quoted(footer.string)) gives "
        + describe(state.offset, state.isDaylight, abbreviation)
        + " at the last transition (\(last)), which sets "
        + describe(type.offset, type.isDaylight, type.abbreviation)
        + " (RFC 8536 section 3.3: the footer must agree with the last transition; a "
        + "disagreement is read only under a footer with daylight rules before 2050)")
  }
}

/// The six counts of a TZif header.
private struct TZifHeader {
  var version: UInt8
  var isutcnt: Int
  var isstdcnt: Int
  var leapcnt: Int
  var timecnt: Int
  var typecnt: Int
  var charcnt: Int

  func blockSize(timeSize: Int) -> Int {
    timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt
      + isutcnt
  }
}

private struct ByteReader {
  let bytes: [UInt8]
  let zone: String
  var position = 0

  init(bytes: [UInt8], zone: String) {
    self.bytes = bytes
    self.zone = zone
  }

  func failure(_ reason: String) -> ZoneError {
    .malformedTZif(zone: zone, reason: "\(reason) (at byte \(position))")
  }

  var remaining: Int { bytes.count - position }

  mutating func skip(_ count: Int, what: String) throws(ZoneError) {
    guard count >= 0 && count <= remaining else {
      throw failure("truncated \(what): need \(count) bytes, have \(remaining)")
    }
    position += count
  }

  mutating func byte() throws(ZoneError) -> UInt8 {
    guard remaining >= 1 else { throw failure("unexpected end of data") }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint32() throws(ZoneError) -> UInt32 {
    guard remaining >= 4 else { throw failure("unexpected end of data") }
    var value: UInt32 = 0
    for i in 0..<4 { value = value << 8 | UInt32(bytes[position + i]) }
    position += 4
    return value
  }

  mutating func header() throws(ZoneError) -> TZifHeader {
    guard remaining >= 44 else { throw failure("truncated header") }
    guard bytes[position..<(position + 4)].elementsEqual("TZif".utf8) else {
      throw failure("missing TZif magic")
    }
    position += 4
    let versionByte = try byte()
    let version: UInt8
    switch versionByte {
    case 0: version = 0
    case UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4"):
      version = versionByte - UInt8(ascii: "0")
    default: throw failure("unsupported version byte \(versionByte)")
    }
    position += 15
    var counts: [Int] = []
    for _ in 0..<6 { counts.append(Int(try uint32())) }
    let header = TZifHeader(
      version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2],
      timecnt: counts[3], typecnt: counts[4], charcnt: counts[5])
    guard header.typecnt >= 1 && header.typecnt <= 256 else {
      throw failure("typecnt \(header.typecnt) not in 1...256")
    }
    guard header.charcnt >= 1 else { throw failure("charcnt is 0") }
    guard header.isutcnt == 0 || header.isutcnt == header.typecnt else {
      throw failure("isutcnt \(header.isutcnt) is neither 0 nor typecnt \(header.typecnt)")
    }
    guard header.isstdcnt == 0 || header.isstdcnt == header.typecnt else {
      throw failure("isstdcnt \(header.isstdcnt) is neither 0 nor typecnt \(header.typecnt)")
    }
    // Checked before any allocation: a header claiming gigabytes fails here.
    let need = header.blockSize(timeSize: version == 0 ? 4 : 8)
    guard need <= remaining else {
      throw failure("header claims a \(need)-byte data block but only \(remaining) bytes remain")
    }
    return header
  }

  /// The data block's transition times, from the current position, and the index of the
  /// first one not after its predecessor (-1 when they are in order).
  ///
  /// The caller has checked the block's size, so the times are read without per-byte checks,
  /// in one pass that also finds the first out of order.
  func transitionTimes(count: Int, timeSize: Int) -> (times: [Int64], firstOutOfOrder: Int) {
    // No transitions (UTC and the Etc zones): a plain empty array. With capacity 0 the
    // initializer below stores the count into the stdlib's shared empty-array singleton, a
    // write the thread sanitizer reports as a race when two threads load such zones at once.
    guard count > 0 else { return ([], -1) }
    let start = position
    var outOfOrder = -1
    let times = bytes.withUnsafeBytes { raw in
      [Int64](unsafeUninitializedCapacity: count) { buffer, initialized in
        var previous = Int64.min
        for i in 0..<count {
          let offset = start + i * timeSize
          let t =
            timeSize == 8
            ? Int64(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self))
            : Int64(Int32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
          if i > 0 && t <= previous && outOfOrder < 0 { outOfOrder = i }
          buffer[i] = t
          previous = t
        }
        initialized = count
      }
    }
    return (times, outOfOrder)
  }

  mutating func body(header h: TZifHeader, timeSize: Int, footer readFooter: Bool)
    throws(ZoneError) -> TZifContents
  {
    guard h.blockSize(timeSize: timeSize) <= remaining else {
      throw failure("truncated data block")
    }
    let start = position
    let (transitions, outOfOrder) = transitionTimes(count: h.timecnt, timeSize: timeSize)
    if outOfOrder > 0 {
      position = start + outOfOrder * timeSize
      let (t, last) = (transitions[outOfOrder], transitions[outOfOrder - 1])
      throw failure("transition times out of order (\(t) after \(last))")
    }
    position = start + h.timecnt * timeSize
    let typesStart = position
    let transitionTypes = Array(bytes[typesStart..<(typesStart + h.timecnt)])
    if let badType = transitionTypes.firstIndex(where: { Int($0) >= h.typecnt }) {
      position = typesStart + badType
      let type = transitionTypes[badType]
      throw failure("transition type index \(type) >= typecnt \(h.typecnt)")
    }
    position += h.timecnt
    var raw: [(offset: Int32, isDaylight: Bool, abbreviationIndex: Int)] = []
    for _ in 0..<h.typecnt {
      let offset = Int32(bitPattern: try uint32())
      // RFC 8536 §3.2: utoff must not be -2^31 and should lie within -89999...93599.
      guard (-89_999...93_599).contains(offset) else {
        throw failure("UT offset \(offset) out of range -89999...93599")
      }
      let dst = try byte()
      guard dst <= 1 else { throw failure("isdst value \(dst) is neither 0 nor 1") }
      let index = Int(try byte())
      guard index < h.charcnt else {
        throw failure("abbreviation index \(index) >= charcnt \(h.charcnt)")
      }
      raw.append((offset, dst == 1, index))
    }
    let chars = Array(bytes[position..<(position + h.charcnt)])
    position += h.charcnt
    let types = raw.map { entry in
      let tail = chars[entry.abbreviationIndex...]
      let end = tail.firstIndex(of: 0) ?? chars.endIndex
      return TZifContents.LocalTimeType(
        offset: entry.offset, isDaylight: entry.isDaylight,
        abbreviation: String(decoding: chars[entry.abbreviationIndex..<end], as: UTF8.self))
    }
    // Leap-second records are skipped: tzdata's POSIX zones carry none, and `right/` zones
    // are refused by the database. The standard/wall and UT/local indicators only describe
    // how zic derived the footer; they never change the offsets read here.
    try skip(h.leapcnt * (timeSize + 4), what: "leap-second records")
    for _ in 0..<(h.isstdcnt + h.isutcnt) {
      guard try byte() <= 1 else { throw failure("indicator value is neither 0 nor 1") }
    }
    var footer: POSIXTimeZone?
    if readFooter {
      guard try byte() == UInt8(ascii: "\n") else {
        throw failure("footer does not start with newline")
      }
      guard let newline = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
        throw failure("footer does not end with newline")
      }
      let text = bytes[position..<newline]
      position = newline + 1
      if !text.isEmpty {
        guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
          throw failure("footer contains non-printable bytes")
        }
        footer = try POSIXTimeZone(parsing: String(decoding: text, as: UTF8.self))
      }
    }
    return TZifContents(
      version: h.version, transitions: transitions, transitionTypes: transitionTypes,
      types: types, footer: footer)
  }
}
