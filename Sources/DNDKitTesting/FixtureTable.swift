import Foundation

/// A tab-separated fixture table: `#` comment lines, one header line, then rows.
///
/// Tables are data only; this type reads them, ``FixtureVerifier`` checks them against the
/// library.
public struct FixtureTable: Sendable {
  /// One data row with the line it came from.
  public struct Row: Sendable {
    /// 1-based line number in the file.
    public var line: Int
    /// Values by column name.
    public var values: [String: String]

    /// The value of a column, or an empty string when the row has none.
    ///
    /// - Parameter column: The column name.
    public subscript(column: String) -> String { values[column] ?? "" }
  }

  /// The file the table was read from.
  public var path: String
  /// The header's column names.
  public var columns: [String]
  /// The data rows.
  public var rows: [Row]

  /// Parses a table from text.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file name, for messages.
  /// - Throws: ``FixtureError`` when there is no header or a row has the wrong field count.
  public init(text: String, path: String) throws(FixtureError) {
    self.path = path
    var columns: [String]?
    var rows: [Row] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard let header = columns else {
        columns = fields
        continue
      }
      guard fields.count == header.count else {
        throw FixtureError(
          path: path, line: index + 1,
          message: "expected \(header.count) tab-separated fields, found \(fields.count)")
      }
      rows.append(Row(line: index + 1, values: Dictionary(zip(header, fields)) { a, _ in a }))
    }
    guard let columns else { throw FixtureError(path: path, line: 0, message: "no header line") }
    self.columns = columns
    self.rows = rows
  }

  /// Reads a table from a file.
  ///
  /// - Parameter path: The file.
  /// - Throws: ``FixtureError`` when the file cannot be read or parsed.
  public init(contentsOf path: String) throws(FixtureError) {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      throw FixtureError(path: path, line: 0, message: "cannot read the file as UTF-8")
    }
    try self.init(text: text, path: path)
  }
}

/// A fixture file that cannot be read, or a row that cannot be checked.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// 1-based line, or 0 for the whole file.
  public var line: Int
  /// What is wrong.
  public var message: String

  /// `path:line: message`.
  public var description: String { "\(path):\(line): \(message)" }
}
