import KotlinFixtures

/// A cold bulk flow of one element type, and how many elements to collect from it.
struct BulkWorkload<Element: BenchElement>: Sendable {
  let key: String
  let title: String
  let count: Int
  /// Elements for the strategies that hand over one element at a time (both baselines, ours
  /// rendezvous): at 10⁴–10⁶ elements/s, the full count would take minutes per run. Their
  /// elements/s is a steady-state rate, so ratios stay comparable.
  let perElementCount: Int
  func count(for strategy: Strategy) -> Int { strategy.perElement ? perElementCount : count }

  /// Makes a fresh flow of `count` elements, or `nil` when the Kotlin module has no such fixture.
  let makeFlow: (@Sendable (Int32) -> any KotlinTypedFlow<Element>)?
  /// Shown instead of results when `makeFlow` is `nil`.
  let unavailable: String

  /// Workload 1: `range(count:)`, summed.
  static func ints(count: Int, perElementCount: Int) -> BulkWorkload<Int32> {
    BulkWorkload<Int32>(
      key: "flowInt", title: "Flow<Int> bulk", count: count, perElementCount: min(count, perElementCount),
      makeFlow: { range(count: $0) }, unavailable: "")
  }

  /// Workload 2: a bulk `Flow<String>`; the consumer sums the UTF-8 lengths. With no fixture in
  /// the module, set `makeFlow` to `nil`: the report then says what is missing.
  static func strings(count: Int, perElementCount: Int) -> BulkWorkload<String> {
    BulkWorkload<String>(
      key: "flowString", title: "Flow<String> bulk", count: count, perElementCount: min(count, perElementCount),
      makeFlow: { KotlinFixtures.strings(count: $0) },
      unavailable: "not available: needs a bulk Flow<String> fixture (kotlin-stub `fixtures.strings(count:)`)")
  }
}
