import Testing

@testable import FlowTesting

/// The linear-space line diff behind snapshot failures: always a correct diff (applying its changes
/// to the reference gives the actual lines), the shortest one while the texts differ little, and
/// still a correct one when they differ too much for the shortest to be affordable.
@Suite("Snapshots: the line diff")
struct SnapshotLineDiffTests {
  @Test("random texts: the changes turn the reference into the actual text, in as few lines as can be")
  func shortestAndCorrect() {
    var random = SeededRandom(seed: 28)
    for _ in 0..<300 {
      let reference = random.lines(count: Int.random(in: 0...40, using: &random), alphabet: 6)
      let actual = random.lines(count: Int.random(in: 0...40, using: &random), alphabet: 6)
      let diff = LineDiff(reference: reference, actual: actual)
      #expect(apply(diff.changes, to: reference, actual: actual) == actual)
      #expect(changedLines(diff.changes) == reference.count + actual.count - 2 * lcsLength(reference, actual))
    }
  }

  @Test("texts too different for the shortest diff within the cost limit: still correct")
  func pastTheCostLimit() {
    var random = SeededRandom(seed: 26)
    let reference = random.lines(count: 3_000, alphabet: 30)
    let actual = random.lines(count: 3_000, alphabet: 30)
    let diff = LineDiff(reference: reference, actual: actual)
    #expect(apply(diff.changes, to: reference, actual: actual) == actual)
  }

  @Test("past the work budget the rest is one replacement: still correct")
  func pastTheWorkBudget() {
    var random = SeededRandom(seed: 19)
    let reference = random.lines(count: 2_000, alphabet: 10)
    let actual = random.lines(count: 2_000, alphabet: 10)
    let diff = LineDiff(reference: reference, actual: actual, workBudget: 1_000)
    #expect(apply(diff.changes, to: reference, actual: actual) == actual)
  }

  @Test("changes are in order, never empty and never adjacent")
  func changesAreWellFormed() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<100 {
      let reference = random.lines(count: 30, alphabet: 4)
      let actual = random.lines(count: 30, alphabet: 4)
      let changes = LineDiff(reference: reference, actual: actual).changes
      #expect(changes.allSatisfy { !$0.referenceRange.isEmpty || !$0.actualRange.isEmpty })
      for (earlier, later) in zip(changes, changes.dropFirst()) {
        #expect(earlier.referenceRange.upperBound < later.referenceRange.lowerBound)
        #expect(earlier.actualRange.upperBound < later.actualRange.lowerBound)
      }
    }
  }

  /// The reference with each change's lines replaced by the actual lines it names.
  private func apply(_ changes: [LineDiff.Change], to reference: [String], actual: [String]) -> [String] {
    var result: [String] = []
    var position = 0
    for change in changes {
      result += reference[position..<change.referenceRange.lowerBound]
      result += actual[change.actualRange]
      position = change.referenceRange.upperBound
    }
    return result + reference[position...]
  }

  private func changedLines(_ changes: [LineDiff.Change]) -> Int {
    changes.reduce(0) { $0 + $1.referenceRange.count + $1.actualRange.count }
  }

  /// The textbook quadratic table, as the reference for small inputs.
  private func lcsLength(_ a: [String], _ b: [String]) -> Int {
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    return lengths[0][0]
  }
}

/// A fixed-seed generator (SplitMix64), so that every run diffs the same texts.
private struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func lines(count: Int, alphabet: Int) -> [String] {
    (0..<count).map { _ in "line \(Int.random(in: 0..<alphabet, using: &self))" }
  }
}
