import Foundation

/// SplitMix64: a small seeded generator, so that a random plan is the same on every run with the
/// same seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed from the environment variable `name` (decimal or 0x-hex), or a fresh random one, so
  /// that every run explores a new plan and a failing one can be replayed.
  static func seed(fromEnvironment name: String) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment[name] {
      let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
      if let parsed { return parsed }
    }
    return UInt64.random(in: .min ... .max)
  }

  /// A whole number from the environment variable `name`, or `fallback`.
  static func count(fromEnvironment name: String, default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? fallback
  }
}
