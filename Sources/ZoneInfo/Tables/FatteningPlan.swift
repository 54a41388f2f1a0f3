/// What fattening a table with its footer's changes needs, kept so that the part past the
/// loaded horizon can be built later.
struct FatteningPlan {
  /// The footer's dates by kind of year.
  let clock: FooterClock
  /// A year no later than the one holding the file's last transition.
  let firstYear: Int64
  /// How many years to visit: through ``ZoneTable/fattenedHorizonYear``.
  let years: Int
  /// The standard offset and abbreviation index.
  let standard: (offset: Int32, abbreviation: UInt16)
  /// The daylight offset and abbreviation index.
  let daylight: (offset: Int32, abbreviation: UInt16)

  /// The same changes from a later year on.
  func starting(atYear year: Int64) -> FatteningPlan {
    let first = max(firstYear, year)
    return FatteningPlan(
      clock: clock, firstYear: first, years: max(0, years - Int(first - firstYear)),
      standard: standard, daylight: daylight)
  }
}
