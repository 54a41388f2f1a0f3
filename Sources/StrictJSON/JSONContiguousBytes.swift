/// Runs a decoder over a collection's bytes as one contiguous buffer: in place when the
/// collection stores them contiguously (an array, a slice of one, `Data`, a raw buffer), or
/// else copied into an array once. Every wire type's one byte initializer goes through it, so
/// each is written once for any bytes, keeping the decoder's typed error.
///
/// - Parameters:
///   - bytes: The document's bytes.
///   - body: The decoder.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
@inlinable
package func withContiguousJSONBytes<Value, Failure: Error>(
  _ bytes: some Collection<UInt8>,
  _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
) throws(Failure) -> Value {
  // `withContiguousStorageIfAvailable` rethrows untyped: the outcome comes back as a `Result`.
  if let outcome = bytes.withContiguousStorageIfAvailable({ buffer in
    Result { () throws(Failure) in try body(buffer) }
  }) {
    return try outcome.get()
  }
  return try Array(bytes).withUnsafeBufferPointer { buffer in
    Result { () throws(Failure) in try body(buffer) }
  }.get()
}
