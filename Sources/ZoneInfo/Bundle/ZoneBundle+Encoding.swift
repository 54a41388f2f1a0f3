extension ZoneBundle {
  /// Encodes zones as a snapshot, reproducibly: the same zones give the same bytes.
  ///
  /// Each zone's TZif file is parsed and written again in slim form (see
  /// ``slimTZif(_:zone:)``); names are sorted by their bytes, and names whose slim files are
  /// identical share one file, stored in the order of their first name.
  ///
  /// - Parameters:
  ///   - version: The tzdata release, such as `2025b` (1…32 printable ASCII bytes).
  ///   - zones: Each zone's ID and the bytes of its TZif file.
  /// - Returns: The snapshot, readable with ``init(bytes:)``.
  /// - Throws: ``ZoneError`` for a bad version, ID or TZif file, naming it.
  package static func encode(version: String, zones: [(id: String, tzif: [UInt8])])
    throws(ZoneError) -> [UInt8]
  {
    let versionBytes = Array(version.utf8)
    guard (1...maximumVersionLength).contains(versionBytes.count),
      versionBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else {
      throw .databaseUnavailable(
        root: "zone bundle", reason: "version \(quoted(version)) is not 1...32 printable bytes")
    }
    let sorted = zones.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    var fileIndex: [[UInt8]: Int] = [:]
    var files: [[UInt8]] = []
    var names: [(id: String, file: Int)] = []
    for (i, zone) in sorted.enumerated() {
      try ZoneIdentifier.validate(zone.id)
      if i > 0 && sorted[i - 1].id == zone.id {
        throw .invalidIdentifier(zone.id, reason: "listed twice")
      }
      let slim = try slimTZif(zone.tzif, zone: zone.id)
      let index: Int
      if let known = fileIndex[slim] {
        index = known
      } else {
        index = files.count
        fileIndex[slim] = index
        files.append(slim)
      }
      names.append((zone.id, index))
    }
    var out = magic
    out.append(format)
    out.append(UInt8(versionBytes.count))
    out += versionBytes
    out.appendUInt32(names.count)
    out.appendUInt32(files.count)
    for name in names {
      out.append(UInt8(name.id.utf8.count))
      out += name.id.utf8
      out.appendUInt32(name.file)
    }
    for file in files { out.appendUInt32(file.count) }
    for file in files { out += file }
    return out
  }

  /// A TZif file in slim form, answering exactly as the input does.
  ///
  /// Written as version 2 or later with a minimal 32-bit block, no leap-second records or
  /// indicators (the reader ignores both), and without the trailing transitions that the
  /// footer regenerates: the shortest prefix of the transitions whose zone, with the same
  /// footer, has the same transitions as the input's up to 2501 and the same type before the
  /// first. Every cut is checked that way, so a slim file never drops a transition the footer
  /// does not produce (Asia/Gaza's explicit 2073–2086 Ramadan changes stay).
  ///
  /// - Parameters:
  ///   - tzif: A TZif file.
  ///   - zone: Its ID, for error messages.
  /// - Returns: The slim file.
  /// - Throws: ``ZoneError/malformedTZif(zone:reason:)`` for a file that does not parse or
  ///   that cannot be written back faithfully.
  package static func slimTZif(_ tzif: [UInt8], zone id: String) throws(ZoneError) -> [UInt8] {
    let contents = try TZifParser.parse(tzif, zone: id)
    let expected = try Self.answers(of: Zone(table: ZoneTable(identifier: id, contents: contents)))
    // A cut keeps a last transition its footer agrees with (RFC 8536 §3.3), as other readers
    // expect; only an input that already disagrees (`zic -b slim`'s America/Ojinaga) keeps
    // its disagreement, read as the parser reads it.
    let strictly =
      (try? TZifParser.checkFooterAgreesWithLastTransition(contents, zone: id, strictly: true))
      != nil
    func agrees(keeping count: Int) -> [UInt8]? {
      let candidate = Self.tzif(contents, keeping: count)
      guard let parsed = try? TZifParser.parse(candidate, zone: id),
        (try? TZifParser.checkFooterAgreesWithLastTransition(
          parsed, zone: id, strictly: strictly)) != nil,
        let answers = try? Self.answers(of: Zone(identifier: id, tzif: candidate)),
        answers == expected
      else { return nil }
      return candidate
    }
    guard var best = agrees(keeping: contents.transitions.count) else {
      throw .malformedTZif(zone: id, reason: "cannot be written back as a slim file faithfully")
    }
    // A cut that works keeps working with more transitions kept, so the shortest one is
    // found by bisection; each candidate is checked in full all the same.
    var low = 0
    var high = contents.transitions.count
    while low < high {
      let middle = (low + high) / 2
      if let candidate = agrees(keeping: middle) {
        best = candidate
        high = middle
      } else {
        low = middle + 1
      }
    }
    return best
  }

  /// Everything a zone answers up to 2501: the type before its first transition and every
  /// transition (instants, offsets, abbreviations, DST flags).
  private static func answers(of zone: Zone) throws(ZoneError) -> [ZoneTransition] {
    let first = Zone.supportedInstants.lowerBound
    let start = ZoneTransition(
      instant: first, offsetBefore: try zone.offset(at: first), offsetAfter: 0,
      isDaylightSavingTimeAfter: try zone.isDaylightSavingTime(at: first),
      abbreviationBefore: try zone.abbreviation(at: first), abbreviationAfter: "")
    return [start] + (try zone.transitions(in: first..<16_756_761_600))  // to 2501-01-01
  }

  /// TZif bytes with the first `count` transitions of `contents`; empty (which no reader
  /// accepts) when the abbreviations do not fit a TZif file's one-byte indexes.
  private static func tzif(_ contents: TZifContents, keeping count: Int) -> [UInt8] {
    let version = UInt8(ascii: "0") + max(2, contents.version)
    var out: [UInt8] = []
    // The 32-bit block: no transitions and one placeholder type, as zic -b slim writes.
    out.appendTZifHeader(version: version, timeCount: 0, typeCount: 1, characterCount: 1)
    out += [0, 0, 0, 0, 0, 0, 0]
    var characters: [UInt8] = []
    var characterIndex: [String: Int] = [:]
    for type in contents.types where characterIndex[type.abbreviation] == nil {
      characterIndex[type.abbreviation] = characters.count
      characters += type.abbreviation.utf8
      characters.append(0)
    }
    guard characters.count <= 256 else { return [] }
    out.appendTZifHeader(
      version: version, timeCount: count, typeCount: contents.types.count,
      characterCount: characters.count)
    for t in contents.transitions[..<count] {
      withUnsafeBytes(of: t.bigEndian) { out += $0 }
    }
    out += contents.transitionTypes[..<count]
    for type in contents.types {
      withUnsafeBytes(of: type.offset.bigEndian) { out += $0 }
      out.append(type.isDaylight ? 1 : 0)
      out.append(UInt8(characterIndex[type.abbreviation] ?? 0))
    }
    out += characters
    out.append(UInt8(ascii: "\n"))
    out += (contents.footer?.string ?? "").utf8
    out.append(UInt8(ascii: "\n"))
    return out
  }
}

extension [UInt8] {
  fileprivate mutating func appendUInt32(_ value: Int) {
    let v = UInt32(truncatingIfNeeded: value)
    append(contentsOf: [
      UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF),
    ])
  }

  fileprivate mutating func appendTZifHeader(
    version: UInt8, timeCount: Int, typeCount: Int, characterCount: Int
  ) {
    self += "TZif".utf8
    append(version)
    self += repeatElement(0, count: 15)
    for count in [0, 0, 0, timeCount, typeCount, characterCount] { appendUInt32(count) }
  }
}
