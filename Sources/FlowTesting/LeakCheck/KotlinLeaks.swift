import KotlinBridge

/// What a leak-checked test leaves alive in its Kotlin runtime scope on purpose: a test of a cache
/// that must keep its object, or of the leak report itself. The check then passes as soon as
/// exactly this is left (instead of waiting its whole timeout for a leak that will not drain), and
/// fails, naming both, when something else is.
///
/// ```swift
/// @Test(.kotlinLeakCheck(expectingLeaks: .liveStableRefs(1))) func cacheKeepsTheStore() { … }
/// try await withKotlinLeakCheck(expectingLeaks: .init(liveStableRefs: 1, liveCollections: 1)) { _ in … }
/// ```
///
/// Counts not given are expected to be zero. Misuse of the runtime always fails the check. "As soon
/// as" means once Kotlin has nothing running or queued in the scope and Swift has picked up every
/// handoff, so that a count on its way down is not taken for the leak; a scope whose Kotlin work never
/// rests (a real-time ticker still collected) is compared when the timeout is over.
public struct KotlinLeaks: Hashable, Sendable, CustomStringConvertible {
  /// Stable references still handed to Swift (see ``KotlinRuntimeSnapshot/liveStableRefs``).
  public var liveStableRefs: Int
  /// Flow collections not finished and released.
  public var liveCollections: Int
  /// Suspend calls not finished and released.
  public var pendingCalls: Int
  /// Producers whose collection started but whose `finally` has not run.
  public var unfinishedProducers: Int

  public init(liveStableRefs: Int = 0, liveCollections: Int = 0, pendingCalls: Int = 0, unfinishedProducers: Int = 0) {
    self.liveStableRefs = liveStableRefs
    self.liveCollections = liveCollections
    self.pendingCalls = pendingCalls
    self.unfinishedProducers = unfinishedProducers
  }

  /// Nothing left: the ordinary leak check.
  public static let nothing = KotlinLeaks()

  /// `count` live stable refs and nothing else, e.g. an object the test keeps until it ends.
  public static func liveStableRefs(_ count: Int) -> KotlinLeaks { KotlinLeaks(liveStableRefs: count) }

  /// `count` live collections and nothing else.
  public static func liveCollections(_ count: Int) -> KotlinLeaks { KotlinLeaks(liveCollections: count) }

  /// `count` pending suspend calls and nothing else.
  public static func pendingCalls(_ count: Int) -> KotlinLeaks { KotlinLeaks(pendingCalls: count) }

  /// What `snapshot` says is left.
  init(_ snapshot: KotlinRuntimeSnapshot) {
    self.init(
      liveStableRefs: snapshot.liveStableRefs, liveCollections: snapshot.liveCollections,
      pendingCalls: snapshot.pendingCalls,
      unfinishedProducers: snapshot.collectionsStarted - snapshot.producerFinallyRuns)
  }

  /// "1 live stable ref, 1 live collection", or "nothing".
  public var description: String {
    var parts: [String] = []
    if liveStableRefs != 0 { parts.append(plural(liveStableRefs, "live stable ref")) }
    if liveCollections != 0 { parts.append(plural(liveCollections, "live collection")) }
    if pendingCalls != 0 { parts.append(plural(pendingCalls, "pending suspend call")) }
    if unfinishedProducers != 0 { parts.append(plural(unfinishedProducers, "unfinished producer")) }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }

  private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
