#if canImport(Glibc)
  import Glibc
#endif

Output.ignoreBrokenPipes()
let code = await Tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
