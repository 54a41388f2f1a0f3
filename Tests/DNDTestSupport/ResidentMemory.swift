import SystemInterface
import SystemTestBench
import XCTest

/// The test process's resident memory, for tests that memory a client controls is given back:
/// such a test repeats a workload of distinct values and bounds the growth between rounds.
public enum ResidentMemory {
  /// The resident set size now, in bytes.
  ///
  /// - Throws: `XCTSkip` where the platform gives no way to read it, so that a bound is never
  ///   checked against a reading of 0.
  public static func bytes() throws -> Int {
    guard let bytes = ProcessResources.residentMemoryBytes else {
      throw XCTSkip("resident memory cannot be read on \(CLibrary.current.rawValue) here")
    }
    return bytes
  }

  /// Memory the allocator may keep out of reuse on top of a test's own: AddressSanitizer
  /// quarantines freed blocks (256 MiB by default) before reusing them, so under it a bound
  /// on growth widens by that much (the live-object counts still hold exactly).
  public static var allocatorSlack: Int {
    ProcessResources.isAddressSanitized ? 300 << 20 : 0
  }
}
