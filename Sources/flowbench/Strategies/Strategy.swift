import KotlinFixtures

/// How a Kotlin flow reaches the Swift loop: two per-element baselines over the raw C API, and
/// the adaptor (`KotlinFlowSequence`) with three of its buffering policies.
enum Strategy: String, CaseIterable, Sendable {
  case baselineA = "baseline A"
  case baselineB = "baseline B"
  case rendezvous = "ours rendezvous"
  case batched = "ours bounded (.batched)"
  case conflated = "ours conflated"

  /// Stable key for JSON.
  var key: String {
    switch self {
    case .baselineA: "baselineA"
    case .baselineB: "baselineB"
    case .rendezvous: "oursRendezvous"
    case .batched: "oursBatched"
    case .conflated: "oursConflated"
    }
  }

  /// The adaptor's policy, for the strategies that are the adaptor.
  var policy: KotlinBufferingPolicy? {
    switch self {
    case .baselineA, .baselineB: nil
    case .rendezvous: .rendezvous
    case .batched: .batched
    case .conflated: .conflated
    }
  }

  /// Whether the Swift side takes one element per hand-over (a continuation or a stream yield).
  var perElement: Bool {
    switch self {
    case .baselineA, .baselineB, .rendezvous: true
    case .batched, .conflated: false
    }
  }

  /// Strategies for a bulk (cold, finite) flow: conflation would drop elements, so it is not one.
  static let bulk: [Strategy] = [.baselineA, .baselineB, .rendezvous, .batched]
  /// Strategies for a StateFlow, where dropping stale values is the point.
  static let stateFlow: [Strategy] = allCases

  static let bulkSkipNote =
    "ours conflated is not run on bulk flows: conflate() drops every element the consumer has not "
    + "taken yet, so its elements/s would not count the same elements"
}

/// Where the loop that consumes the flow runs.
enum Consumer: String, CaseIterable, Sendable {
  case offMain = "off-main"
  case mainActor = "@MainActor"

  var key: String { self == .offMain ? "offMain" : "mainActor" }
}

/// The order strategies (or consumers) run in a round: rotated every round so that none always
/// runs first (warm caches) or last (a noisy neighbour's burst).
func rotated<T>(_ items: [T], round: Int) -> [T] {
  guard !items.isEmpty else { return items }
  let shift = round % items.count
  return Array(items[shift...] + items[..<shift])
}
