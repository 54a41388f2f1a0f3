import DNDTestSupport
import Foundation
import XCTest

/// The documentation that the documentation tests read (`DocumentedErrorTextTests`,
/// `DocumentedEvalAnswerTests`), and the one way they read it and run what it shows.
enum Documentation {
  /// A place the documentation is read from.
  enum Source: String, CaseIterable, Sendable {
    case readme = "README.md"
    case doccArticles = "DocC articles"
    case doccComments = "DocC comments"
    case help = "dnd --help"
  }

  /// The Markdown files of a source (README.md, or the DocC articles
  /// `Sources/*/*.docc/*.md`), each with its path and the name the tests give it; none for
  /// the other sources.
  static func markdownFiles(of source: Source) throws -> [(path: String, name: String)] {
    let root = TestPaths.packageRoot
    switch source {
    case .readme:
      return [(root + "/README.md", "README.md")]
    case .doccArticles:
      return try files(under: root + "/Sources", suffix: ".md")
        .filter { $0.contains(".docc/") }
        .map { (root + "/Sources/" + $0, "Sources/" + $0) }
    case .doccComments, .help:
      return []
    }
  }

  /// The paths under a folder ending in a suffix, relative to it, sorted.
  static func files(under folder: String, suffix: String) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else {
      throw CocoaError(.fileReadNoSuchFile)
    }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted()
  }

  // MARK: - Markdown

  /// Where a line of a Markdown file stands.
  enum MarkdownLine: Equatable {
    /// A line that opens or closes a fenced block (` ``` `).
    case fence
    /// A line inside a fenced block, whose language is the opening fence's first word
    /// (`swift`, `sh`; empty when it names none).
    case block(language: String)
    /// Any other line.
    case prose
  }

  /// What each line of a Markdown file is, by index.
  static func markdownLines(_ lines: [String]) -> [MarkdownLine] {
    var language: String?
    return lines.map { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        language =
          language == nil
          ? String(trimmed.dropFirst(3).prefix { !$0.isWhitespace && $0 != "{" }) : nil
        return .fence
      }
      return language.map { .block(language: $0) } ?? .prose
    }
  }

  // MARK: - Help texts

  /// `dnd --help` and every subcommand's help, by the command that prints it; the
  /// subcommands are the ones `dnd --help` lists.
  static func helpTexts() throws -> [(String, String)] {
    let top = try DNDProcess.run(["--help"])
    XCTAssertEqual(top.status, 0, top.stderr)
    var helps = [("dnd --help", top.stdout)]
    let lines = top.stdout.components(separatedBy: "\n")
    guard let first = lines.firstIndex(of: "Subcommands:") else {
      XCTFail("dnd --help has no Subcommands: section")
      return helps
    }
    for line in lines[(first + 1)...] {
      guard line.hasPrefix("  "), let name = line.split(separator: " ").first else { break }
      let help = try DNDProcess.run([String(name), "--help"])
      XCTAssertEqual(help.status, 0, help.stderr)
      helps.append(("dnd \(name) --help", help.stdout))
    }
    return helps
  }

  /// An example of a help text: its command (lines ending in `\` continue it) and the
  /// indexes of the lines shown as its output.
  struct HelpExample {
    var command: String
    var outputLines: [Int]
  }

  /// The examples under each `Example:` or `Examples:` heading of a help text that show an
  /// output: a command starts with `echo`, `printf` or `dnd`, and the indented lines after it
  /// that are not commands are its output.
  static func helpExamples(_ lines: [String]) -> [HelpExample] {
    var examples: [HelpExample] = []
    var inside = false
    var current: HelpExample?
    var continuing = false
    func finish() {
      if let example = current, !example.outputLines.isEmpty { examples.append(example) }
      current = nil
    }
    for (index, line) in lines.enumerated() {
      if line.range(of: #"^Examples?( \(.*\))?:$"#, options: .regularExpression) != nil {
        finish()
        inside = true
        continue
      }
      guard inside else { continue }
      guard line.hasPrefix(" ") else {
        finish()
        inside = false
        continue
      }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if continuing {
        current?.command += "\n" + line
      } else if ["echo ", "printf ", "dnd "].contains(where: trimmed.hasPrefix) {
        finish()
        current = HelpExample(command: line, outputLines: [])
      } else {
        current?.outputLines.append(index)
      }
      continuing = trimmed.hasSuffix("\\")
    }
    finish()
    return examples
  }

  // MARK: - Running

  /// Runs a command with `/bin/sh`, the built `dnd` first on the PATH, from a scratch folder,
  /// and returns the non-empty lines it printed: standard output's, then standard error's.
  static func shell(_ command: String) throws -> [String] {
    let dnd = try XCTUnwrap(DNDProcess.executable, "the dnd executable is not built")
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("dnd-doc-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? error.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = scratch
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      dnd.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["DND_NOW"] = DNDProcess.pinnedNow
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    func lines(_ url: URL) throws -> [String] {
      String(decoding: try Data(contentsOf: url), as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .filter { !$0.isEmpty }
    }
    return try lines(outputURL) + lines(errorURL)
  }
}
