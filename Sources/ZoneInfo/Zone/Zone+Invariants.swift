// The invariant walkers are for the tests (debug builds): a release build of the library,
// which a server or an app links, carries none of them.
#if DEBUG
  extension Zone {
    /// Checks the one-entry buckets of the membership fast path against the general interval
    /// look-up, at every instant where they could differ: each bucket's edges, its transition
    /// and the seconds around it, and the end of a fold.
    ///
    /// For tests, like swift-collections' `_checkInvariants()`; it reads the whole table.
    ///
    /// - Returns: A description of each disagreement (empty when the buckets are sound) and
    ///   how many buckets the fast path describes out of how many it covers.
    package func highWaterBucketViolations() -> (
      violations: [String], described: Int, buckets: Int
    ) {
      let table = self.table
      // Every entry, the deferred part included.
      let bucketCount = Int(table.extend().bucketCount)
      var violations: [String] = []
      // The header the compiled rules' fast path reads in place of the table.
      let header = BucketHeader.of(table.highWaterBuckets)
      if header.table != Unmanaged.passUnretained(table).toOpaque()
        || header.loadedCount != table.loadedBucketCount
      {
        violations.append("bucket header: \(header) does not describe its table")
      }
      let published = table.publishedBucketCount
      if published.loadAcquiring() != UInt64(bucketCount) {
        violations.append(
          "published count: \(published.loadAcquiring()) in front of the entries, "
            + "\(bucketCount) built")
      }
      var described = 0
      let length: Int64 = 1 << Int64(HighWaterBucket.shift)
      for b in 0..<bucketCount {
        let entry = table.highWaterBuckets[b]
        guard entry.isDescribed else { continue }
        described += 1
        let bucketStart = Int64(b) * length
        let foldLength = Int64(entry.before) - Int64(entry.after)
        let probes: [Int64] = [
          0, 1, entry.transition - bucketStart - 1, entry.transition - bucketStart,
          entry.transition - bucketStart + 1, entry.transition - bucketStart + foldLength - 1,
          entry.transition - bucketStart + foldLength, entry.transition - bucketStart + 3_600,
          length / 2, length - 2, length - 1,
        ]
        for probe in probes where (0..<length).contains(probe) {
          let t = bucketStart + probe
          let general = table.generalWallClock(at: t)
          let generalSpan = table.generalWallClockSpan(at: t)
          let fast = entry.highWater(at: t)
          let span = entry.span(at: t)
          if fast != general.highWater || span.highWater != general.highWater
            || span.offset != general.local - t
          {
            violations.append(
              "\(identifier) at \(t): fast (\(fast), \(span)) general (\(general), \(generalSpan))")
          }
          // The span's promise: the high-water mark is the instant plus the offset up to its end.
          if span.spanEnd > t {
            let last = span.spanEnd - 1
            if table.generalWallClock(at: last).highWater != last + span.offset
              || table.generalWallClock(at: t).highWater != t + span.offset
            {
              violations.append("\(identifier) at \(t): span \(span) breaks its promise")
            }
          }
        }
      }
      return (violations, described, bucketCount)
    }
  }

  extension Zone {
    /// Checks the footer's closed form (used past the table, from 2501) against the rule's
    /// exact evaluation at the given instants.
    ///
    /// For tests. Instants where the closed form declines (near New Year) are skipped, since the
    /// exact evaluation answers those.
    ///
    /// - Parameter instants: UNIX seconds, in ``supportedInstants``.
    /// - Returns: A description of each disagreement, and how many instants the closed form
    ///   answered.
    package func footerClosedFormViolations(at instants: [Int64]) -> (
      violations: [String], answered: Int
    ) {
      guard let footer = table.footer else { return ([], 0) }
      var violations: [String] = []
      var answered = 0
      for t in instants {
        guard let fast = table.footerClock.wallClock(at: t) else { continue }
        answered += 1
        let offset = Int64(footer.state(at: t).offset)
        let previous = footer.previousEvent(atOrBefore: t)
        let lastChange = previous?.instant ?? .min
        let offsetBefore = Int64(previous?.offsetBefore ?? footer.standardOffset)
        // Before the year's first change the closed form reports none (`Int64.min`): the last
        // one was in the previous year, days before, and no fold reaches this far.
        let lastChangeAgrees =
          fast.lastChange == .min
          ? lastChange < t - 2 * 86_400
          : fast.lastChange == lastChange && fast.offsetBefore == offsetBefore
        if fast.local != t + offset || !lastChangeAgrees {
          if violations.count == 5 { break }
          violations.append(
            "\(identifier) at \(t): closed form \(fast), exact offset \(offset), last change "
              + "\(lastChange) from \(offsetBefore)")
        }
      }
      return (violations, answered)
    }
  }

  extension Zone {
    /// The instant from which general-path answers need the table's deferred part (past 2050),
    /// or nil when the zone deferred nothing. For tests.
    package var extensionThreshold: Int64? {
      table.deferred == nil ? nil : table.extensionThreshold
    }

    /// Whether the table's deferred part has been built. For tests.
    package var isExtended: Bool {
      table.deferred == nil || table.stage.loadAcquiring() == 1
    }

    /// Builds the table's deferred part now, if it is not built yet. For tests.
    package func extendTable() {
      table.extend()
    }
  }
#endif
