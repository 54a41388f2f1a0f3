import XCTest

@testable import StrictJSON

/// The memory of a decoder's key names: freed with the last copy of the names, and never made
/// per document, so reading many documents leaves no key tables behind.
final class JSONKeyNamesLifetimeTests: XCTestCase {
  static let xy = JSONKeyNames(["x", "y"])

  /// The fields of an object's members read with `names`, or nil when reading stopped.
  static func fields(_ document: String, names: JSONKeyNames) -> [Int]? {
    let read = ReaderProbes.members(Array(document.utf8), names: names)
    return read.stop == nil ? read.fields : nil
  }

  /// Names made and used, then dropped: their storage goes with them, however many are made.
  func testKeyNamesAreFreedWithTheirLastCopy() {
    var storages: [Weak] = []
    for round in 0..<10_000 {
      let names = JSONKeyNames(["x", "y", "z"])
      storages.append(Weak(names.storage))
      let copy = names
      XCTAssertEqual(
        Self.fields(#"{"z": 1, "x": [2], "w": 3}"#, names: copy), [2, 0, -1], "round \(round)")
      XCTAssertEqual(copy.name(2), "z")
    }
    XCTAssertEqual(storages.filter { $0.object != nil }.count, 0, "key tables left alive")
  }

  /// Reading many documents with a `static let` of names, as a decoder does, reads them from
  /// the one table made for the process: no table per document.
  func testReadingManyDocumentsUsesOneTable() {
    let table = ObjectIdentifier(Self.xy.storage)
    let none = ObjectIdentifier(JSONKeyNames.none.storage)
    for value in 0..<10_000 {
      XCTAssertEqual(Self.fields(#"{"y": \#(value), "x": "\#(value)"}"#, names: Self.xy), [1, 0])
      XCTAssertEqual(Self.fields(#"{"y": \#(value)}"#, names: .none), [-1])
    }
    XCTAssertEqual(ObjectIdentifier(Self.xy.storage), table)
    XCTAssertEqual(ObjectIdentifier(JSONKeyNames.none.storage), none)
    XCTAssertEqual(Self.xy.names.count, 2)
    XCTAssertEqual(JSONKeyNames.none.names.count, 0)
  }
}

/// A reference that does not keep its object alive.
struct Weak {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
