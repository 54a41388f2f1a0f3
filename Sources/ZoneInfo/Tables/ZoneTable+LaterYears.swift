extension ZoneTable {
  /// The extent to answer an instant with on the general path: the whole table when the
  /// instant lies past the loaded part's last interval, building it first if need be.
  @inline(__always)
  func extent(covering t: Int64) -> Extent {
    let stage = Int(self.stage.loadAcquiring())
    if stage == 0 && t >= extensionThreshold { return extend() }
    return extents[stage]
  }

  /// Builds the table from the loaded horizon to ``fattenedHorizon`` and publishes it; a no-op
  /// once done (or when nothing was deferred).
  ///
  /// - Returns: The whole table's extent.
  @discardableResult @inline(never)
  func extend() -> Extent {
    guard let deferred else { return extents[0] }
    return extensionLock.withLock { _ in extend(with: deferred) }
  }

  /// ``extend()``'s work, under its lock.
  private func extend(with deferred: FatteningPlan) -> Extent {
    if stage.loadAcquiring() == 1 { return extents[1] }
    let loaded = extents[0]
    var builder = IntervalBuilder(columns, count: loaded.count)
    // Every change appended here is later than every loaded interval's start, so the loaded
    // intervals, which readers may be reading, are never rewritten.
    let last = columns.starts[loaded.count - 1]
    builder.fatten(
      deferred.starting(atYear: ZoneTable.loadedHorizonYear - 1),
      after: max(last, loaded.footerStart - 1), horizon: ZoneTable.fattenedHorizon)
    let whole = ZoneTable.finish(
      builder, from: loaded.count, footerStart: ZoneTable.fattenedHorizon)
    ZoneTable.fillHighWaterBuckets(
      highWaterBuckets, from: Int(loaded.bucketCount), to: Int(whole.bucketCount),
      columns: columns)
    extents[1] = whole
    publishedBucketCount.storeReleasing(whole.bucketCount)
    stage.storeReleasing(1)
    return whole
  }
}
