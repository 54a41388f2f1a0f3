import ZoneInfo

extension InternedZone {
  /// `mark(L)`: the first instant at which the wall clock shows local seconds `L` or later
  /// (the reading itself when it occurs, its first occurrence in a fold, the transition in a
  /// gap). Every schedule's period bounds are marks.
  func mark(_ local: Int64) -> Int64 {
    // Fast path: two offset look-ups find the instant in all but the hours around a
    // transition; the high-water test proves it is the first one.
    let guess1 = local - (wallClock(unchecked: local).local - local)
    let guess = local - (wallClock(unchecked: guess1).local - guess1)
    if wallClock(unchecked: guess).highWater >= local
      && wallClock(unchecked: guess - 1).highWater < local
    {
      return guess
    }
    return zone.firstInstant(atOrAfterLocalSeconds: local)
  }
}
