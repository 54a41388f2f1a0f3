import DNDTestSupport
import Foundation
import OfflinePush
import PushRecallReader
import XCTest

/// Every error text the documentation quotes is what the tools and the library print: the
/// README, the DocC articles (`Sources/*/*.docc/*.md`), the DocC comments of the library
/// products, and every `dnd` help text.
///
/// What is checked is read from the documentation when the test runs, never listed here:
///
/// - In Markdown, an error text is quoted in prose as a code span, and an
///   `<!-- error-example: INPUT -->` comment in the same file gives an input that prints it;
///   in a Swift source the same marker is a plain `// error-example: INPUT` line beside the
///   DocC comment (so neither renders). INPUT is either a shell command, run by `/bin/sh`
///   with the built `dnd` first on the PATH (`printf '%s' '{…}' | dnd check --rule -`), or a
///   library call that takes the document as a raw string literal
///   (`RecallCommand(payload: #"{…}"#)`), whose thrown error is printed with `"\(error)"`.
/// - A quoted text is what an input prints when it is one of the lines printed (for
///   `dnd eval`, an error line's `message` too), or such a line's end after a `: ` (the tools
///   say where before the library's text: `dnd check: error: rule in standard input: `),
///   optionally followed by a hint in parentheses; quoted in part it does not count.
/// - Every code span in prose or a DocC comment (and every line of a Markdown block other
///   than Swift) that has the shape of an error message (``errorShapes``) must be printed by
///   some example of its file, and every example must print some code span of its file,
///   whatever its shape (so a marker left behind by a rewrite fails, and a text reworded into
///   a new shape is still compared). A quoted form with placeholders
///   (`invalid JSON at KEYPATH: REASON`, `<code>`, `…`) must match a text some example prints.
/// - In a help text, an example command (under `Example:` or `Examples:`) followed by lines
///   is run, and those lines must be exactly what it prints; an error line quoted anywhere
///   else in a help text must be such an example's output or a form with placeholders that
///   one matches.
///
/// Each source must give at least ``minimumPairs`` checked pairs, so that a rewrite that
/// drops its examples fails here instead of passing with nothing checked. Swift code blocks
/// in the documentation (`print(error)  // …`) are `.ci/examples`'s to run.
final class DocumentedErrorTextTests: XCTestCase {
  /// The fewest (input, quoted text) pairs each source gives today; a source that gives
  /// fewer has lost documented examples.
  static let minimumPairs: [Source: Int] = [
    .readme: 2, .doccArticles: 10, .doccComments: 6, .help: 2,
  ]

  /// The shapes of the error messages that DNDKit's libraries and tools write: a code span
  /// of one of these shapes in the documentation is an error text, which an example must
  /// print.
  static let errorShapes: [String] = [
    // A decoding error, as RuleError and dnd eval write it: bytes that are not JSON, and
    // JSON of the wrong shape.
    #"^invalid JSON( at [^ ]+)?: "#,
    #"^invalid document( at [^ ]+)?: "#,
    // A received payload that is not a recall command (RecallPayloadError).
    #"^not a recall command( at [^ ]+)?: "#,
    // A dnd error line, and a dnd eval error line.
    #"^dnd( [a-z]+)?: error: "#,
    #"^\{"error": "#,
    // A field error: key path = value: reason (RuleFieldError).
    #"^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*|\[[0-9]+\])+ = .+: "#,
    #"^[A-Za-z_][\w-]* = [-0-9"\[{].*: "#,
    // The strict reader's reasons, quoted alone.
    #"^at byte [0-9]+: "#,
    #" is a lone surrogate escape, not a character$"#,
    #"^the key appears twice in one object$"#,
    #" is not an integer within 64 bits$"#,
    // A payload over a size limit (PayloadTooLargeError, RecallCommand).
    #"payload is [0-9]+ bytes; "#,
  ]

  typealias Source = Documentation.Source

  func testREADME() throws { try check(.readme) }
  func testDocCArticles() throws { try check(.doccArticles) }
  func testDocCComments() throws { try check(.doccComments) }

  /// Every help text's examples print what they show, and every error line a help text
  /// quotes is an example's output or a form one matches.
  func testHelpTexts() throws {
    let helps = try Documentation.helpTexts()
    XCTAssertGreaterThan(helps.count, 5, "dnd --help and one help per subcommand")
    var outputs: [String] = []
    var pairs = 0
    var pending: [(place: String, text: String)] = []
    for (name, help) in helps {
      let lines = help.components(separatedBy: "\n")
      var shown = Set<Int>()
      for example in Documentation.helpExamples(lines) {
        shown.formUnion(example.outputLines)
        let run = try Self.run(example.command)
        let printed = run.lines
        outputs += run.texts
        let expected = example.outputLines.map { lines[$0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(
          printed, expected,
          "\(name): the example\n\(example.command)\nprints\n\(printed.joined(separator: "\n"))")
        if printed == expected {
          pairs += expected.filter { $0.contains(#"{"error""#) }.count
        }
      }
      for (index, line) in lines.enumerated() where !shown.contains(index) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let start = line.range(of: #"{"error""#)?.lowerBound {
          pending.append(("\(name), line \(index + 1)", String(line[start...])))
        } else if Self.isErrorText(trimmed) {
          pending.append(("\(name), line \(index + 1)", trimmed))
        }
      }
    }
    for (place, text) in pending {
      if Self.isTemplate(text),
        let giver = outputs.first(where: { Self.prints($0, text, asForm: true) })
      {
        pairs += 1
        print("\(place): \(text) is the form of \(giver)")
      } else {
        XCTFail("\(place): \(text) is quoted without an example that prints it")
      }
    }
    let minimum = Self.minimumPairs[.help] ?? 1
    XCTAssertGreaterThanOrEqual(pairs, minimum, "checked error texts in the help texts")
    print("dnd --help: \(pairs) error texts checked")
  }

  // MARK: - The documentation's sources

  /// A code span of the documentation, or an error line of one of its blocks.
  struct Quote {
    var place: String
    var text: String
    /// Whether it has the shape of an error message (``errorShapes``): then an example
    /// must print it.
    var isErrorText: Bool { DocumentedErrorTextTests.isErrorText(text) }
  }

  /// An input the documentation gives, where.
  struct Example {
    var place: String
    var input: String
  }

  /// One file's code spans (and error lines of its blocks) and examples.
  struct Document {
    var path: String
    var quotes: [Quote] = []
    var examples: [Example] = []
  }

  /// Checks one source: its examples print its quoted texts, and the other way round.
  func check(_ source: Source) throws {
    let documents = try Self.documents(of: source)
    XCTAssertFalse(documents.isEmpty, "\(source.rawValue): no files read")
    // Forms with placeholders may describe what any example prints.
    var everyOutput: [String]?
    func allOutputs() throws -> [String] {
      if let everyOutput { return everyOutput }
      var texts: [String] = []
      for other in Source.allCases where other != .help {
        for document in try Self.documents(of: other) {
          for example in document.examples { texts += try Self.run(example.input).texts }
        }
      }
      everyOutput = texts
      return texts
    }
    var pairs = 0
    for document in documents {
      var printedBy: [(example: Example, texts: [String])] = []
      for example in document.examples {
        printedBy.append((example, try Self.run(example.input).texts))
      }
      // An example must print a text its file quotes, whatever its shape.
      for (example, texts) in printedBy
      where !document.quotes.contains(where: { quote in
        texts.contains { Self.prints($0, quote.text, asForm: quote.isErrorText) }
      }) {
        XCTFail(
          "\(example.place): the example \(example.input) prints no text that "
            + "\(document.path) quotes; it prints:\n\(texts.joined(separator: "\n"))")
      }
      for quote in document.quotes {
        if quote.isErrorText && Self.isTemplate(quote.text) {
          if let giver = try allOutputs().first(where: { Self.prints($0, quote.text, asForm: true) }
          ) {
            pairs += 1
            print("\(quote.place): `\(quote.text)` is the form of \(giver)")
          } else {
            XCTFail("\(quote.place): no example prints text of the form `\(quote.text)`")
          }
          continue
        }
        let givers = printedBy.filter { $0.texts.contains { Self.prints($0, quote.text) } }
        if givers.isEmpty && quote.isErrorText {
          let printed = printedBy.flatMap(\.texts).map { "  " + $0 }.joined(separator: "\n")
          XCTFail(
            "\(quote.place): `\(quote.text)` is quoted as an error text, but no error-example "
              + "of \(document.path) prints it; they print:\n\(printed)")
        }
        guard quote.isErrorText else { continue }
        pairs += givers.count
        for giver in givers { print("\(quote.place): `\(quote.text)` <- \(giver.example.place)") }
      }
    }
    let minimum = Self.minimumPairs[source] ?? 1
    XCTAssertGreaterThanOrEqual(pairs, minimum, "\(source.rawValue): checked pairs")
    print("\(source.rawValue): \(pairs) (input, error text) pairs checked")
  }

  /// The files of a source, read.
  static func documents(of source: Source) throws -> [Document] {
    let root = TestPaths.packageRoot
    switch source {
    case .readme, .doccArticles:
      return try Documentation.markdownFiles(of: source).map {
        try markdown($0.path, name: $0.name)
      }
    case .doccComments:
      // The library products' sources: what their DocC documentation is built from.
      return try Documentation.files(under: root + "/Sources", suffix: ".swift")
        .filter { path in productModules.contains { path.hasPrefix($0 + "/") } }
        .map { try swiftSource(root + "/Sources/" + $0, name: "Sources/" + $0) }
    case .help:
      return []
    }
  }

  /// The modules whose DocC documentation is published (`.ci/docs`).
  static let productModules = [
    "ZoneInfo", "ZoneInfoBundle", "DNDSchedule", "OfflinePush", "PushRecallReader", "PushRecall",
    "DNDKitFoundation", "BatchEvaluation", "DNDKitTesting", "DNDKitTestingXCTest",
  ]

  static let markdownMarker = "<!-- error-example: "
  static let swiftMarker = "// error-example: "

  /// A Markdown file's quoted error texts and its examples. A quoted text is a code span in
  /// prose, or a line of a fenced block other than Swift (which `.ci/examples` runs) that is
  /// an error text once a leading `→`, `$` or `//` is taken off.
  static func markdown(_ path: String, name: String) throws -> Document {
    let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
    var document = Document(path: name)
    var paragraph: [(line: Int, text: String)] = []
    func endParagraph() {
      document.quotes += quotes(in: paragraph, name: name)
      paragraph = []
    }
    let kinds = Documentation.markdownLines(lines)
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if kinds[index] == .fence {
        endParagraph()
      } else if case .block(let language) = kinds[index] {
        var text = Substring(trimmed)
        for lead in ["→", "$", "//"] where text.hasPrefix(lead) {
          text = text.dropFirst(lead.count).drop(while: \.isWhitespace)
        }
        if language != "swift" && isErrorText(String(text)) {
          document.quotes.append(Quote(place: "\(name):\(index + 1)", text: String(text)))
        }
      } else if trimmed.hasPrefix(markdownMarker) && trimmed.hasSuffix(" -->") {
        endParagraph()
        let input = trimmed.dropFirst(markdownMarker.count).dropLast(" -->".count)
        document.examples.append(Example(place: "\(name):\(index + 1)", input: String(input)))
      } else if trimmed.isEmpty {
        endParagraph()
      } else {
        paragraph.append((index + 1, trimmed))
      }
    }
    endParagraph()
    return document
  }

  /// A Swift source's quoted error texts (code spans in its DocC comments) and its examples.
  static func swiftSource(_ path: String, name: String) throws -> Document {
    let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
    var document = Document(path: name)
    var comment: [(line: Int, text: String)] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("///") {
        comment.append((index + 1, trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)))
        continue
      }
      if !comment.isEmpty {
        document.quotes += quotes(in: comment, name: name)
        comment = []
      }
      if trimmed.hasPrefix(swiftMarker) {
        let input = String(trimmed.dropFirst(swiftMarker.count))
        document.examples.append(Example(place: "\(name):\(index + 1)", input: input))
      }
    }
    return document
  }

  /// The code spans of a text (single backticks; ``Symbol`` links are not quotes).
  ///
  /// - Parameters:
  ///   - lines: A paragraph's lines, trimmed, with their line numbers; a span may go on from
  ///     one line to the next (the lines are joined with a space).
  ///   - name: The file's name, for the places.
  static func quotes(in lines: [(line: Int, text: String)], name: String) -> [Quote] {
    var characters: [Character] = []
    var lineAt: [Int] = []
    for (line, text) in lines {
      if !characters.isEmpty {
        characters.append(" ")
        lineAt.append(line)
      }
      characters += text
      lineAt += repeatElement(line, count: text.count)
    }
    var found: [Quote] = []
    var index = 0
    while index < characters.count {
      guard characters[index] == "`" else {
        index += 1
        continue
      }
      var run = 0
      while index + run < characters.count && characters[index + run] == "`" { run += 1 }
      // The span ends at the next run of exactly as many backticks.
      var end = index + run
      var close: Int?
      while end < characters.count {
        if characters[end] == "`" {
          var other = 0
          while end + other < characters.count && characters[end + other] == "`" { other += 1 }
          if other == run {
            close = end
            break
          }
          end += other
        } else {
          end += 1
        }
      }
      guard let close else { break }
      let span = String(characters[(index + run)..<close])
      if run == 1 {
        found.append(Quote(place: "\(name):\(lineAt[index])", text: span))
      }
      index = close + run
    }
    return found
  }

  static func isErrorText(_ text: String) -> Bool {
    errorShapes.contains { text.range(of: $0, options: .regularExpression) != nil }
  }

  // MARK: - Running the examples

  /// What an example printed.
  struct Printed {
    /// The lines printed (standard output, then standard error), or the error's text.
    var lines: [String]
    /// The lines, and the `message` of each `dnd eval` error line.
    var texts: [String] {
      lines + lines.compactMap(Self.evalMessage)
    }

    static func evalMessage(_ line: String) -> String? {
      guard line.hasPrefix(#"{"error": "#),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let error = object["error"] as? [String: Any]
      else { return nil }
      return error["message"] as? String
    }
  }

  /// The library calls an example may name, each taking the document's bytes.
  static let libraryCalls: [String: @Sendable ([UInt8]) throws -> Void] = [
    "RecallCommand(payload:)": { _ = try RecallCommand(payload: $0) },
    "OfflinePushRule(jsonBytes:)": { _ = try OfflinePushRule(jsonBytes: $0) },
  ]

  /// Runs an example's input: a library call, or a shell command.
  static func run(_ input: String) throws -> Printed {
    if let call = input.wholeMatch(of: #/(\w+)\((\w+): #"(.*)"#\)/#) {
      let name = "\(call.1)(\(call.2):)"
      let perform = try XCTUnwrap(
        libraryCalls[name], "\(input): \(name) is not one of \(libraryCalls.keys.sorted())")
      do {
        try perform(Array(call.3.utf8))
        return Printed(lines: ["(\(name) threw no error)"])
      } catch {
        return Printed(lines: ["\(error)"])
      }
    }
    return Printed(lines: try Documentation.shell(input))
  }

  // MARK: - Comparing

  /// Whether a printed text prints a quoted one: the whole text, or its end after a `: `,
  /// either optionally followed by a hint in parentheses.
  ///
  /// - Parameters:
  ///   - printed: A line printed, or an error's text.
  ///   - quoted: The documentation's text.
  ///   - asForm: Whether placeholders in the quoted text (``placeholder``) stand for any text
  ///     of at least one character; only for error texts, as `TZDIR` is a name.
  static func prints(_ printed: String, _ quoted: String, asForm: Bool = false) -> Bool {
    let pattern =
      asForm && isTemplate(quoted)
      ? templatePieces(quoted).map(NSRegularExpression.escapedPattern(for:)).joined(
        separator: ".+")
      : NSRegularExpression.escapedPattern(for: quoted)
    let anchored = "^(.*: )?" + pattern + "( \\(.*\\))?$"
    return printed.range(of: anchored, options: .regularExpression) != nil
  }

  /// A placeholder: `<…>`, `…`, or a word in capitals of five letters or more (`KEYPATH`;
  /// `JSON` and `UTF` are words).
  static let placeholder = #"<[^>]*>|…|\b[A-Z]{5,}\b"#

  static func isTemplate(_ text: String) -> Bool {
    text.range(of: placeholder, options: .regularExpression) != nil
  }

  /// The literal parts of a form with placeholders.
  static func templatePieces(_ text: String) -> [String] {
    var pieces: [String] = []
    var rest = Substring(text)
    while let range = rest.range(of: placeholder, options: .regularExpression) {
      pieces.append(String(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    pieces.append(String(rest))
    return pieces
  }
}
