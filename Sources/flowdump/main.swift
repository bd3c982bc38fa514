#if canImport(Glibc)
  import Glibc
#endif

// First: from here on every Ctrl-C is seen, whatever the tool is doing (see SignalWatcher).
SignalWatcher.start()
Output.ignoreBrokenPipes()
let code = await Tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
