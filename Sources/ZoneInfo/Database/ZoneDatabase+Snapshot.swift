extension ZoneDatabase {
  /// A snapshot of every zone this database lists (``identifiers()``) with its version, in
  /// the form ``ZoneBundle/init(bytes:)`` reads: what `dnd bundle` writes.
  ///
  /// - Returns: The snapshot's bytes (the same database contents give the same bytes), and
  ///   every entry of the directory left out, with why (``listing()``): the caller decides
  ///   whether a snapshot without them is whole.
  /// - Throws: ``ZoneError/databaseUnavailable(root:reason:)`` when the database states no
  ///   version (a snapshot must say which release it holds), or the error of the first zone
  ///   that does not load.
  package func snapshot() throws(ZoneError) -> (
    bytes: [UInt8], omissions: [ZoneListingOmission]
  ) {
    guard let version = version() else {
      throw .databaseUnavailable(
        root: root,
        reason: "no tzdata version (no tzdata.zi or +VERSION); a bundle must state its release")
    }
    let (ids, omissions) = listing()
    var zones: [(id: String, tzif: [UInt8])] = []
    for id in ids {
      zones.append((id, try tzif(id)))
    }
    guard !zones.isEmpty else {
      throw .databaseUnavailable(root: root, reason: "no zones to bundle")
    }
    return (try ZoneBundle.encode(version: version, zones: zones), omissions)
  }
}
