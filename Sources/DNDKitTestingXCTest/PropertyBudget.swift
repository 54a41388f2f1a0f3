import DNDKitTesting
import Foundation
import XCTest

/// A time budget for each case of a property test, kept by a watchdog thread, so that a search
/// that never ends (a `nextChange` that does not advance, a list of periods that grows for
/// ever) fails the test within seconds, naming the seed and the case, instead of running for
/// minutes and gigabytes.
///
/// ```swift
/// let seed = SplitMix64.seed(default: 0x5EED)
/// let budget = PropertyBudget(seed: seed)
/// for index in 0..<500 {
///   let schedule = …
///   try budget.check("case \(index): \(schedule) at \(t)") {
///     _ = try schedule.periods(overlapping: t..<(t + 86_400))
///   }
/// }
/// ```
///
/// A case runs on the test's own thread: a budget costs a lock and a clock reading a case. A
/// case that returns late fails the test (`XCTFail`). A case that does not return cannot be
/// stopped (Swift cannot interrupt a thread looping inside a library), so the watchdog records
/// the failure, writes it to standard error and ends the test process: the run fails at the
/// budget, not at the CI job's time limit.
///
/// Loops the test drives itself take a `SearchBudget` (DNDKitTesting) of steps instead.
public final class PropertyBudget: @unchecked Sendable {
  /// The seed of the test, printed with every failure.
  public let seed: UInt64
  /// The seconds one case may take.
  public let secondsPerCase: Double
  private let file: StaticString
  private let line: UInt
  private let lock = NSLock()
  /// The running case: its label and the uptime by which it must end; nil between cases.
  private var running: (label: String, deadline: Double)?
  private var watchdog: Thread?

  /// A budget for a test's cases.
  ///
  /// - Parameters:
  ///   - seed: The test's seed, for the failure message.
  ///   - secondsPerCase: How long one case may run. The default, 10 s, is a thousand times
  ///     what a case of DNDKit's property tests takes in a debug build, so that a loaded
  ///     machine does not trip it; `DNDKIT_CASE_SECONDS` overrides it.
  ///   - file: Where failures are reported (the caller by default).
  ///   - line: The line failures are reported at.
  public init(
    seed: UInt64, secondsPerCase: Double = 10, file: StaticString = #filePath, line: UInt = #line
  ) {
    self.seed = seed
    self.secondsPerCase =
      ProcessInfo.processInfo.environment["DNDKIT_CASE_SECONDS"].flatMap(Double.init)
      ?? secondsPerCase
    self.file = file
    self.line = line
  }

  /// Runs one case within the budget.
  ///
  /// - Parameters:
  ///   - label: The case, as the failure names it (the values that make it).
  ///   - body: The case.
  /// - Returns: What the case returns.
  /// - Throws: What the case throws.
  public func check<Result>(
    _ label: @autoclosure () -> String, _ body: () throws -> Result
  ) rethrows -> Result {
    let name = label()
    let start = ProcessInfo.processInfo.systemUptime
    lock.lock()
    running = (name, start + secondsPerCase)
    startWatchdogIfNeeded()
    lock.unlock()
    defer {
      lock.lock()
      running = nil
      lock.unlock()
      let elapsed = ProcessInfo.processInfo.systemUptime - start
      if elapsed > secondsPerCase {
        XCTFail(message(name, elapsed), file: file, line: line)
      }
    }
    return try body()
  }

  private func message(_ label: String, _ elapsed: Double) -> String {
    "[seed \(seed)] case \(label): ran \(Int(elapsed)) s, over its budget of "
      + "\(secondsPerCase) s (a search that does not end?)"
  }

  /// Starts the watchdog on the first case; called with the lock held.
  private func startWatchdogIfNeeded() {
    guard watchdog == nil else { return }
    // The thread holds the budget weakly: a test that ends releases it, and the thread stops.
    let thread = Thread { [weak self] in
      while let budget = self, budget.watch() {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    thread.name = "PropertyBudget watchdog"
    watchdog = thread
    thread.start()
  }

  /// One look at the running case; ends the process when a case has overrun its budget by a
  /// second (it is not coming back).
  ///
  /// - Returns: True, to look again.
  private func watch() -> Bool {
    lock.lock()
    let current = running
    lock.unlock()
    guard let current else { return true }
    let now = ProcessInfo.processInfo.systemUptime
    guard now > current.deadline + 1 else { return true }
    let text = message(current.label, now - current.deadline + secondsPerCase)
    XCTFail(text, file: file, line: line)
    FileHandle.standardError.write(Data(("error: " + text + "\n").utf8))
    fatalError(text)
  }
}
