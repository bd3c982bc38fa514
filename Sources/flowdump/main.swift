#if canImport(Glibc)
  import Glibc
#endif

// First, before any other thread exists: every thread inherits the blocked SIGINT, and the watcher
// takes it from here on, so a Ctrl-C at any moment of the run is seen (see SignalWatcher).
SignalWatcher.start()
Output.ignoreBrokenPipes()
let code = await Tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
