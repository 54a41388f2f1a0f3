import CSystemTestBench
import SystemInterface

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("SystemTestBench has no branch for this platform's C library")
#endif

extension Syscalls {
  /// Swaps two directory entries in one step where the system can (Linux `renameat2` with
  /// `RENAME_EXCHANGE`, Darwin `renameatx_np` with `RENAME_SWAP`), else with three renames
  /// through `first + ".parked"` (a reader may then find `first` missing for a moment); for the
  /// tests that race a zone root's directories against readers.
  package static func swapEntries(_ first: String, _ second: String) {
    if dndkit_swap_entries(first, second) == 0 { return }
    let parked = first + ".parked"
    rename(first, parked)
    rename(second, first)
    rename(parked, second)
  }
}
