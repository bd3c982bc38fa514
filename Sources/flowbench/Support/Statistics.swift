/// Median and range of a few measurements (one per round).
struct Summary: Sendable {
  let median: Double
  let min: Double
  let max: Double

  init?(_ values: [Double]) {
    let sorted = values.filter { $0.isFinite }.sorted()
    guard let first = sorted.first, let last = sorted.last else { return nil }
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    min = first
    max = last
  }
}
