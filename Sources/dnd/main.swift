import Foundation
import SystemInterface

// Before anything is opened: a closed 0, 1 or 2 must not be reused by the next open.
Syscalls.occupyClosedStandardDescriptors()

// Arguments and environment as the bytes the system gave: a path in them need not be UTF-8.
let status = DNDTool.main(
  Syscalls.processArguments().dropFirst().map(CommandLineArgument.init(bytes:)),
  context: ToolContext(
    environment: ToolContext.variables.reduce(into: [:]) { found, name in
      found[name] = Syscalls.environmentVariable(name)
    },
    executablePath: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "dnd",
    invokedAs: CommandLine.arguments.first ?? "dnd"))
exit(status)
