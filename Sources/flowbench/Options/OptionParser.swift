/// A command-line mistake: one line for stderr, then the usage, then exit 64.
struct UsageError: Error {
  let message: String
}

/// Parses the arguments (without the program name). `--quick` sets the defaults the other flags
/// then override, whatever their order.
enum OptionParser {
  static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
    var options = arguments.contains("--quick") ? Options.quick : Options()
    var index = 0
    func value(_ flag: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--help", "-h": return nil
      case "--quick": break
      case "--json": options.json = true
      case "--count": options.intCount = try integer(try value(argument), argument, in: 1...Int(Int32.max))
      case "--string-count": options.stringCount = try integer(try value(argument), argument, in: 1...Int(Int32.max))
      case "--per-element-count":
        options.perElementCount = try integer(try value(argument), argument, in: 1...Int(Int32.max))
      case "--rounds": options.rounds = try integer(try value(argument), argument, in: 1...1_000)
      case "--hammer-seconds": options.hammerSeconds = try seconds(try value(argument), argument)
      case "--set-rate":
        options.setsPerSecond = Double(try integer(try value(argument), argument, in: 1_000...100_000_000))
      case "--collectors": options.collectorCounts = try list(try value(argument), argument)
      case "--host-tests": options.hostTests = try integer(try value(argument), argument, in: 1...1_000_000)
      case "--workloads": options.workloads = try workloads(try value(argument), argument)
      case "--strategies": options.strategies = try strategies(try value(argument), argument)
      default: throw UsageError(message: "unknown argument '\(argument)'")
      }
      index += 1
    }
    return options
  }

  private static func integer(_ text: String, _ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    let digits = text.filter { $0 != "_" }
    guard let number = Int(digits), range.contains(number) else {
      throw UsageError(message: "\(flag) needs an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
    }
    return number
  }

  private static func seconds(_ text: String, _ flag: String) throws(UsageError) -> Double {
    guard let number = Double(text), number > 0, number <= 3_600 else {
      throw UsageError(message: "\(flag) needs a number of seconds in (0, 3600], got '\(text)'")
    }
    return number
  }

  private static func list(_ text: String, _ flag: String) throws(UsageError) -> [Int] {
    var counts: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      counts.append(try integer(String(part), flag, in: 1...1_000_000))
    }
    return counts.sorted()
  }

  private static func strategies(_ text: String, _ flag: String) throws(UsageError) -> Set<Strategy> {
    var chosen = Set<Strategy>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let strategy = Strategy.allCases.first(where: { $0.key == part }) else {
        let known = Strategy.allCases.map(\.key).joined(separator: ",")
        throw UsageError(message: "\(flag): unknown strategy '\(part)' (known: \(known))")
      }
      chosen.insert(strategy)
    }
    return chosen
  }

  private static func workloads(_ text: String, _ flag: String) throws(UsageError) -> Set<Options.Workload> {
    var chosen = Set<Options.Workload>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let workload = Options.Workload(rawValue: String(part)) else {
        let known = Options.Workload.allCases.map(\.rawValue).joined(separator: ",")
        throw UsageError(message: "\(flag): unknown workload '\(part)' (known: \(known))")
      }
      chosen.insert(workload)
    }
    return chosen
  }
}
