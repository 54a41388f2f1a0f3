import BatchEvaluation
import DNDSchedule
import DNDTestSupport
import Foundation
import OfflinePush
import StrictJSON
import XCTest
import ZoneInfo

@testable import dnd

/// `dnd eval --help` lists exactly the query shapes the engine answers and the error codes it
/// writes, from the engine's own lists.
final class EvalHelpListTests: XCTestCase {
  let help = EvalCommand.spec.help

  /// The help's lines from the one starting with `first` to the next blank line.
  func section(startingWith first: String) -> [Substring] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(first) }) else { return [] }
    return Array(lines[start...].prefix { !$0.isEmpty })
  }

  /// The words of a text that have the form of an error code (`invalidHour`,
  /// `missingOnceEnd`, `tooManySenders`).
  static func codeLikeWords(in text: String) -> Set<String> {
    let words = text.split { !$0.isLetter }.map(String.init)
    return Set(
      words.filter { word in
        ["invalid", "missing", "tooMany"].contains { prefix in
          word.hasPrefix(prefix) && word.dropFirst(prefix.count).first?.isUppercase == true
        }
      })
  }

  func testEveryErrorCodeIsListedAndNoOther() {
    let all = RuleFieldError.Code.evalCodes.map(\.rawValue)
    let errors = section(startingWith: "Error line:")
    // One line per code, in the engine's order, each with what it means.
    let listed = errors.compactMap { line -> String? in
      guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLowercase else {
        return nil
      }
      let word = line.dropFirst(2).prefix { !$0.isWhitespace }
      let meaning = line.dropFirst(2 + word.count).trimmingCharacters(in: .whitespaces)
      XCTAssertFalse(meaning.isEmpty, "\(word) has a meaning")
      return String(word)
    }
    XCTAssertEqual(listed, all)
    XCTAssertEqual(Set(EvalHelp.meanings.keys.map(\.rawValue)), Set(all), "a meaning per code")
    // No code-like word anywhere in the help that the engine does not write.
    let mentioned = Self.codeLikeWords(in: help)
    XCTAssertTrue(
      mentioned.isSubset(of: Set(all)), "\(mentioned.subtracting(all).sorted()) not written")
    XCTAssertEqual(mentioned, Set(all))
  }

  func testEveryQueryShapeIsListedAndNoOther() {
    let queries = section(startingWith: "Queries")
    let headings = queries.dropFirst().filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
      .map { String($0.dropLast()) }
    XCTAssertEqual(headings, EvalQueryShape.all.map(\.name))
    XCTAssertEqual(Set(headings).count, headings.count, "each shape once")
    let text = queries.joined(separator: "\n")
    for shape in EvalQueryShape.all {
      for key in Self.keys(in: shape.query) + Self.keys(in: shape.answer) {
        XCTAssertTrue(text.contains("\"\(key)\": "), "\(shape.name): \(key)")
      }
    }
    for name in SuppressionReason.allCases.map(\.description)
      + Breakthrough.allCases.map(\.description)
    {
      XCTAssertTrue(text.contains("\"\(name)\""), name)
    }
    for line in queries {
      XCTAssertLessThanOrEqual(line.count, CommandSpec.width, String(line))
    }
  }

  /// The keys of JSON templates: `"name": `.
  static func keys(in lines: [String]) -> [String] {
    var keys: [String] = []
    for line in lines {
      let parts = line.components(separatedBy: "\": ")
      for part in parts.dropLast() {
        if let quote = part.lastIndex(of: "\"") {
          keys.append(String(part[part.index(after: quote)...]))
        }
      }
    }
    return keys
  }

  /// Each shape's example is answered by the engine, through both parsers, as that shape,
  /// with the answer keys the shape lists; and the engine's message to a line that is no
  /// query names every shape that has a key of its own.
  func testTheEngineAnswersEachShapeAsListed() throws {
    let zones = try ZoneDatabase(root: TestPaths.zoneinfo)
    var reached: [String] = []
    for usesFastPath in [true, false] {
      var engine = EvalEngine(zones: zones, usesFastPath: usesFastPath)
      for shape in EvalQueryShape.all {
        let answer = Array(shape.example.utf8).withUnsafeBufferPointer { engine.answer($0) }
        XCTAssertEqual(EvalQueryShape.of(answer)?.name, shape.name, shape.example)
        var out = JSONWriter()
        answer.write(to: &out)
        let object = try XCTUnwrap(
          JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), Set(Self.keys(in: shape.answer)), shape.name)
        reached.append(shape.name)
      }
      let answer = Array(#"{"at": 0}"#.utf8).withUnsafeBufferPointer { engine.answer($0) }
      guard case .error(let error) = answer else { return XCTFail("\(answer)") }
      XCTAssertEqual(error.code, .invalidQuery)
      for brief in EvalQueryShape.all.compactMap(\.brief) {
        XCTAssertTrue(error.message.contains(brief), "\(error.message) names \(brief)")
      }
    }
    XCTAssertEqual(Set(reached), Set(EvalQueryShape.all.map(\.name)))
  }
}
