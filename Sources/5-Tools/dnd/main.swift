import Foundation

let status = DNDTool.main(
  Array(CommandLine.arguments.dropFirst()),
  context: ToolContext(
    environment: ProcessInfo.processInfo.environment,
    executablePath: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "dnd",
    invokedAs: CommandLine.arguments.first ?? "dnd"))
exit(status)
