import FuzzDriver

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs libFuzzer's driver on the process arguments with a test-one-input callback, and exits
/// with its status.
public func runFuzzer(
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
