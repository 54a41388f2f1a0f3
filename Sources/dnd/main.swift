import Foundation
import SystemInterface

// Before anything is opened: a closed 0, 1 or 2 must not be reused by the next open.
Syscalls.occupyClosedStandardDescriptors()

let status = DNDTool.main(
  Array(CommandLine.arguments.dropFirst()),
  context: ToolContext(
    environment: ProcessInfo.processInfo.environment,
    executablePath: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "dnd",
    invokedAs: CommandLine.arguments.first ?? "dnd"))
exit(status)
