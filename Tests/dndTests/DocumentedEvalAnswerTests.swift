import Foundation
import XCTest

/// Every `dnd eval` answer the documentation shows for a query is the line `dnd eval`
/// prints for it, through the fast path (`dnd eval`) and the general one
/// (`dnd eval --no-cache`) alike: the README, the DocC articles, and the examples of `dnd`'s
/// help texts that pipe into `dnd eval`.
///
/// What is checked is read from the documentation when the test runs, never listed here.
/// In Markdown, a fenced block other than Swift with a line starting `→ {` is a transcript:
///
/// - A line starting with `{` starts a query written in full, which goes on over the next
///   lines until its braces close; it is sent as one line (its lines trimmed and joined with
///   a space).
/// - A line starting with `→` is the answer to the query above it: the JSON value after the
///   arrow, compared byte for byte with the line printed (the answers are shown as printed,
///   `{"quiet": true, "nextChange": 1767247200}`), so a change of spacing or key order fails
///   too. Anything after the value is a comment.
/// - Any other line is prose, and every `"key": VALUE` in it is a change: the query asked at
///   the next answer is the last query written in full with those top-level keys replaced
///   (or added), so `the same with "message": {"sender": "eve"}` asks that query again with
///   another message. The changes of one answer are those since the answer before it (they
///   do not carry over to the next), and each answer needs a query or a change of its own;
///   a query or change with no answer after it in its block fails.
///
/// In a help text, an example whose command ends in `| dnd eval` is run as it stands and
/// with `--no-cache`, and the lines shown under it must be exactly what each prints
/// (`DocumentedErrorTextTests` runs every help example once; this adds the general path).
/// DocC comments show no transcripts, and are not read. Each source must give at least
/// ``minimumPairs`` (query, answer) pairs, so a rewrite that drops them fails here.
final class DocumentedEvalAnswerTests: XCTestCase {
  typealias Source = Documentation.Source

  /// The fewest (query, answer) pairs each source gives today.
  static let minimumPairs: [Source: Int] = [.readme: 4, .doccArticles: 8, .help: 2]

  /// The two ways `dnd eval` answers, which must print the same documented lines.
  static let paths: [[String]] = [["eval"], ["eval", "--no-cache"]]

  /// A query the documentation asks and the answer line it shows for it.
  struct Pair {
    /// Where the answer is shown (`README.md:319`).
    var place: String
    var query: String
    var answer: String
  }

  func testREADME() throws { try check(.readme) }
  func testDocCArticles() throws { try check(.doccArticles) }

  /// Every help example that pipes into `dnd eval` prints its lines on both paths.
  func testHelpTexts() throws {
    var pairs = 0
    for (name, help) in try Documentation.helpTexts() {
      let lines = help.components(separatedBy: "\n")
      for example in Documentation.helpExamples(lines)
      where example.command.trimmingCharacters(in: .whitespaces).hasSuffix("| dnd eval") {
        let expected = example.outputLines.map { lines[$0].trimmingCharacters(in: .whitespaces) }
        for path in Self.paths {
          let command = ([example.command] + path.dropFirst()).joined(separator: " ")
          let printed = try Documentation.shell(command)
          XCTAssertEqual(
            printed, expected,
            "\(name): the example\n\(command)\nprints\n\(printed.joined(separator: "\n"))")
        }
        pairs += expected.count
      }
    }
    XCTAssertGreaterThanOrEqual(pairs, Self.minimumPairs[.help] ?? 1, "dnd --help: pairs")
    print("dnd --help: \(pairs) (query, answer) pairs checked on both paths")
  }

  /// Runs every pair of a source's files through both paths of `dnd eval`.
  func check(_ source: Source) throws {
    let files = try Documentation.markdownFiles(of: source)
    XCTAssertFalse(files.isEmpty, "\(source.rawValue): no files read")
    var count = 0
    for file in files {
      let text = try String(contentsOfFile: file.path, encoding: .utf8)
      let pairs = Self.pairs(inMarkdown: text.components(separatedBy: "\n"), name: file.name)
      guard !pairs.isEmpty else { continue }
      count += pairs.count
      let input = pairs.map { $0.query + "\n" }.joined()
      for path in Self.paths {
        let run = try DNDProcess.run(path, input: input)
        let command = (["dnd"] + path).joined(separator: " ")
        XCTAssertEqual(run.status, 0, "\(command): \(run.stderr)")
        XCTAssertEqual(run.lines.count, pairs.count, "\(command): one answer a query")
        for (pair, printed) in zip(pairs, run.lines) where printed != pair.answer {
          XCTFail(
            "\(pair.place): \(command) answers\n\(pair.query)\nwith\n\(printed)\n"
              + "where the documentation shows\n\(pair.answer)")
        }
      }
      for pair in pairs { print("\(pair.place): \(pair.answer)") }
    }
    XCTAssertGreaterThanOrEqual(
      count, Self.minimumPairs[source] ?? 1, "\(source.rawValue): checked pairs")
    print("\(source.rawValue): \(count) (query, answer) pairs checked on both paths")
  }

  // MARK: - Reading transcripts

  /// The (query, answer) pairs of a Markdown file's transcripts, in order; a transcript that
  /// cannot be read (an answer with no query, a query that never closes) fails the test.
  static func pairs(inMarkdown lines: [String], name: String) -> [Pair] {
    let kinds = Documentation.markdownLines(lines)
    var blocks: [[Int]] = []
    for (index, kind) in kinds.enumerated() {
      guard case .block(let language) = kind, language != "swift" else { continue }
      // Fences stand between blocks, so a block line after a fence starts a block.
      if kinds[index - 1] == .fence { blocks.append([]) }
      blocks[blocks.count - 1].append(index)
    }
    var pairs: [Pair] = []
    for block in blocks where block.contains(where: { isAnswer(lines[$0]) }) {
      pairs += transcript(block.map { ($0 + 1, lines[$0]) }, name: name)
    }
    return pairs
  }

  static func isAnswer(_ line: String) -> Bool {
    line.trimmingCharacters(in: .whitespaces).range(of: #"^→\s*\{"#, options: .regularExpression)
      != nil
  }

  /// The pairs of one transcript, given its lines with their line numbers.
  static func transcript(_ lines: [(number: Int, text: String)], name: String) -> [Pair] {
    var pairs: [Pair] = []
    var full: [UInt8]?
    var reading: (start: Int, text: [UInt8])?
    var changes: [(key: [UInt8], value: [UInt8])] = []
    var asked = false
    for (number, line) in lines {
      let bytes = Array(line.utf8)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if reading == nil && trimmed.hasPrefix("{") { reading = (number, []) }
      if var query = reading {
        query.text += Array(((query.text.isEmpty ? "" : " ") + trimmed).utf8)
        reading = query
        let start = skipSpace(query.text, from: 0)
        guard let end = valueEnd(query.text, from: start) else { continue }
        if skipSpace(query.text, from: end) != query.text.count {
          XCTFail("\(name):\(number): text after the query that starts on line \(query.start)")
        }
        full = Array(query.text[start..<end])
        reading = nil
        changes = []
        asked = true
      } else if isAnswer(line) {
        let answer = Array(trimmed.utf8.drop { $0 != UInt8(ascii: "{") })
        guard let end = valueEnd(answer, from: 0) else {
          XCTFail("\(name):\(number): the answer \(trimmed) does not close")
          continue
        }
        guard let query = full, asked else {
          XCTFail("\(name):\(number): an answer with no query or change since the last answer")
          continue
        }
        pairs.append(
          Pair(
            place: "\(name):\(number)",
            query: String(
              decoding: changed(query, by: changes, place: "\(name):\(number)"), as: UTF8.self),
            answer: String(decoding: answer[..<end], as: UTF8.self)))
        changes = []
        asked = false
      } else {
        let found = members(inProse: bytes)
        if !found.isEmpty && full == nil {
          XCTFail("\(name):\(number): a change before any query written in full")
        }
        changes += found
        asked = asked || !found.isEmpty
      }
    }
    if let reading {
      XCTFail("\(name):\(reading.start): the query that starts here never closes")
    } else if asked, let last = lines.last {
      XCTFail("\(name):\(last.number): a query or change with no answer after it")
    }
    return pairs
  }

  /// The `"key": VALUE` members written in a line of prose, in order.
  static func members(inProse bytes: [UInt8]) -> [(key: [UInt8], value: [UInt8])] {
    var found: [(key: [UInt8], value: [UInt8])] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == quote, let keyEnd = stringEnd(bytes, from: index) else {
        index += 1
        continue
      }
      var next = skipSpace(bytes, from: keyEnd)
      guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else {
        index = keyEnd
        continue
      }
      next = skipSpace(bytes, from: next + 1)
      guard let valueEnd = valueEnd(bytes, from: next) else {
        index = keyEnd
        continue
      }
      found.append((Array(bytes[index..<keyEnd]), Array(bytes[next..<valueEnd])))
      index = valueEnd
    }
    return found
  }

  /// A query with top-level members replaced, or added before its closing brace when it has
  /// no such key; the bytes of everything else are kept.
  static func changed(
    _ query: [UInt8], by changes: [(key: [UInt8], value: [UInt8])], place: String
  ) -> [UInt8] {
    var query = query
    for change in changes {
      guard let object = topLevelMembers(query) else {
        XCTFail("\(place): the query written in full is not a JSON object to change")
        return query
      }
      if let member = object.members.first(where: { $0.key == change.key }) {
        query.replaceSubrange(member.value, with: change.value)
      } else {
        let separator = object.members.isEmpty ? "" : ", "
        query.insert(
          contentsOf: Array(separator.utf8) + change.key + Array(": ".utf8) + change.value,
          at: object.close)
      }
    }
    return query
  }

  /// The top-level members of a JSON object (each key with its quotes, and where its value
  /// stands) and where its closing brace stands; nil when it is not an object.
  static func topLevelMembers(_ bytes: [UInt8]) -> (
    members: [(key: [UInt8], value: Range<Int>)], close: Int
  )? {
    var index = skipSpace(bytes, from: 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    var members: [(key: [UInt8], value: Range<Int>)] = []
    index = skipSpace(bytes, from: index + 1)
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "}") { return (members, index) }
      guard bytes[index] == quote, let keyEnd = stringEnd(bytes, from: index) else { return nil }
      var next = skipSpace(bytes, from: keyEnd)
      guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { return nil }
      next = skipSpace(bytes, from: next + 1)
      guard let end = valueEnd(bytes, from: next) else { return nil }
      members.append((Array(bytes[index..<keyEnd]), next..<end))
      index = skipSpace(bytes, from: end)
      if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
        index = skipSpace(bytes, from: index + 1)
      }
    }
    return nil
  }

  // MARK: - Where a JSON value ends

  static let quote = UInt8(ascii: "\"")

  static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
    return index
  }

  /// The end of the string that starts with the quote at `start`, past its closing quote;
  /// nil when the text ends first.
  static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\\") {
        index += 2
      } else if bytes[index] == quote {
        return index + 1
      } else {
        index += 1
      }
    }
    return nil
  }

  /// The end of the JSON value that starts at `start`; nil when the text ends first or no
  /// value starts there. It finds where a value ends (strings with their escapes, nested
  /// brackets, a bare number or word up to a delimiter) and judges nothing else: whether
  /// the query is good JSON is `dnd eval`'s to say, in its answer.
  static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    switch bytes[start] {
    case quote:
      return stringEnd(bytes, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case quote:
          guard let end = stringEnd(bytes, from: index) else { return nil }
          index = end
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default:
          break
        }
        index += 1
      }
      return nil
    default:
      let delimiters = Array(" \t,:;)]}".utf8)
      var index = start
      while index < bytes.count && !delimiters.contains(bytes[index]) { index += 1 }
      return index > start ? index : nil
    }
  }
}
