/// The changes between two texts, line by line, in space linear in their length.
///
/// A golden can be large (a 100 000-line frame dump) and an actual output can be anything (a
/// golden against two lines), so the diff must not grow with the product of the line counts, as a
/// longest-common-subsequence table does (80 GB for 100 000 lines). This is Myers' O(ND) algorithm
/// in its linear-space form (find the middle snake of the shortest edit path, recurse on the two
/// halves), with the common prefix and suffix trimmed first so that one changed line in a long
/// golden costs one comparison per line.
///
/// When the texts differ a lot, the exact shortest path costs time proportional to the line count
/// times the number of differences. So, as git's xdiff does, each search gives up past a cost
/// (`max(256, √lines)` differences) and splits at the furthest point it reached, and after a total
/// work budget the rest is reported as one replacement. The result is then not always the shortest
/// diff, but it is always a correct one: applying it to the reference gives the actual text.
struct LineDiff {
  /// Lines `reference[referenceRange]` were replaced by `actual[actualRange]` (either may be empty).
  struct Change: Equatable {
    var referenceRange: Range<Int>
    var actualRange: Range<Int>
  }

  /// The changes, in order, never adjacent (adjacent ones are merged) and never empty.
  private(set) var changes: [Change] = []

  private let a: [Int32]
  private let b: [Int32]
  private let costLimit: Int
  private var budget: Int

  /// - Parameter workBudget: diagonal steps and line comparisons to spend before reporting the rest
  ///   as one replacement (about a second, even in a debug build).
  init<Line: StringProtocol & Hashable>(reference: [Line], actual: [Line], workBudget: Int = 20_000_000) {
    // The common prefix and suffix are trimmed here, before the lines are interned, so that a long
    // golden with one change costs no table at all.
    var prefix = 0
    while prefix < reference.count, prefix < actual.count, reference[prefix] == actual[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < reference.count - prefix, suffix < actual.count - prefix,
      reference[reference.count - 1 - suffix] == actual[actual.count - 1 - suffix]
    {
      suffix += 1
    }
    // Lines become small integers, so that comparing two lines is comparing two numbers. Lines
    // are only ever compared across the two texts, so only the shorter text's lines are kept in
    // the table; a line of the longer one that is not among them can match nothing (-1).
    let referenceMiddle = reference[prefix..<(reference.count - suffix)]
    let actualMiddle = actual[prefix..<(actual.count - suffix)]
    var ids: [Line: Int32] = [:]
    func intern(_ lines: ArraySlice<Line>) -> [Int32] {
      lines.map { line in
        if let id = ids[line] { return id }
        let id = Int32(ids.count)
        ids[line] = id
        return id
      }
    }
    func lookUp(_ lines: ArraySlice<Line>) -> [Int32] { lines.map { ids[$0] ?? -1 } }
    let shared: Bool  // some line is in both texts
    if referenceMiddle.count <= actualMiddle.count {
      a = intern(referenceMiddle)
      b = lookUp(actualMiddle)
      shared = b.contains { $0 >= 0 }
    } else {
      b = intern(actualMiddle)
      a = lookUp(referenceMiddle)
      shared = a.contains { $0 >= 0 }
    }
    costLimit = max(256, Int(Double(a.count + b.count).squareRoot()))
    budget = workBudget
    guard !a.isEmpty || !b.isEmpty else { return }
    if shared {
      compare(0..<a.count, 0..<b.count)
    } else {
      record(0..<a.count, 0..<b.count)  // no line in common: one replacement, no search
    }
    if prefix > 0 {
      changes = changes.map {
        Change(
          referenceRange: ($0.referenceRange.lowerBound + prefix)..<($0.referenceRange.upperBound + prefix),
          actualRange: ($0.actualRange.lowerBound + prefix)..<($0.actualRange.upperBound + prefix))
      }
    }
  }

  /// Diffs the boxes on a work list (not by recursion, whose depth a long diff could exhaust).
  private mutating func compare(_ reference: Range<Int>, _ actual: Range<Int>) {
    var boxes = [(reference, actual)]
    while let (reference, actual) = boxes.popLast() {
      var aLow = reference.lowerBound
      var aHigh = reference.upperBound
      var bLow = actual.lowerBound
      var bHigh = actual.upperBound
      while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
        aLow += 1
        bLow += 1
      }
      while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
        aHigh -= 1
        bHigh -= 1
      }
      if aLow == aHigh || bLow == bHigh || budget <= 0 {
        record(aLow..<aHigh, bLow..<bHigh)
        continue
      }
      guard let (x, y) = split(aLow..<aHigh, bLow..<bHigh),
        (x, y) != (aLow, bLow), (x, y) != (aHigh, bHigh)
      else {
        record(aLow..<aHigh, bLow..<bHigh)  // never expected; a replacement is still correct
        continue
      }
      // Last in, first out: the first half is diffed (and its changes recorded) first.
      boxes.append((x..<aHigh, y..<bHigh))
      boxes.append((aLow..<x, bLow..<y))
    }
  }

  /// A point on a shortest edit path through the box (the start of its middle snake), or — past
  /// the cost limit — the furthest point a forward path reached. `a` and `b` both have lines in the
  /// box and differ at its first and at its last line.
  private mutating func split(_ reference: Range<Int>, _ actual: Range<Int>) -> (Int, Int)? {
    let n = reference.count
    let m = actual.count
    let aBase = reference.lowerBound
    let bBase = actual.lowerBound
    let maxD = (n + m + 1) / 2
    let dLimit = min(maxD, costLimit)
    let offset = dLimit + 1
    var forward = [Int](repeating: -1, count: 2 * dLimit + 3)
    var backward = forward
    forward[offset + 1] = 0
    backward[offset + 1] = 0
    let delta = n - m
    let forwardChecksOverlap = delta % 2 != 0
    var kForwardStart = 0
    var kForwardEnd = 0
    var kBackwardStart = 0
    var kBackwardEnd = 0
    var furthest: (x: Int, y: Int)?
    for d in 0..<dLimit {
      var k = -d + kForwardStart
      while k <= d - kForwardEnd {
        let index = offset + k
        let down = k == -d || (k != d && forward[index - 1] < forward[index + 1])
        var x = down ? forward[index + 1] : forward[index - 1] + 1
        var y = x - k
        budget -= 1
        while x < n, y < m, a[aBase + x] == b[bBase + y] {
          x += 1
          y += 1
          budget -= 1
        }
        forward[index] = x
        if x > n {
          kForwardEnd += 2  // ran off the right of the box
        } else if y > m {
          kForwardStart += 2  // ran off its bottom
        } else {
          if x + y > (furthest.map { $0.x + $0.y } ?? -1) { furthest = (x, y) }
          if forwardChecksOverlap {
            let other = offset + delta - k
            if other >= 0, other < backward.count, backward[other] != -1, x >= n - backward[other] {
              return (aBase + x, bBase + y)
            }
          }
        }
        k += 2
      }
      k = -d + kBackwardStart
      while k <= d - kBackwardEnd {
        let index = offset + k
        let down = k == -d || (k != d && backward[index - 1] < backward[index + 1])
        var x = down ? backward[index + 1] : backward[index - 1] + 1
        var y = x - k
        budget -= 1
        while x < n, y < m, a[aBase + n - x - 1] == b[bBase + m - y - 1] {
          x += 1
          y += 1
          budget -= 1
        }
        backward[index] = x
        if x > n {
          kBackwardEnd += 2
        } else if y > m {
          kBackwardStart += 2
        } else if !forwardChecksOverlap {
          let other = offset + delta - k
          if other >= 0, other < forward.count, forward[other] != -1 {
            let forwardX = forward[other]
            let forwardY = forwardX - (delta - k)
            if forwardX >= n - x { return (aBase + forwardX, bBase + forwardY) }
          }
        }
        k += 2
      }
    }
    // The paths did not meet within the cost limit: split where the forward search got furthest.
    // Every point reached lies on some edit path, so diffing both halves still gives a correct diff.
    return furthest.map { (aBase + $0.x, bBase + $0.y) }
  }

  /// Records a replacement, merged with the previous change when they touch.
  private mutating func record(_ reference: Range<Int>, _ actual: Range<Int>) {
    guard !reference.isEmpty || !actual.isEmpty else { return }
    if let last = changes.last, last.referenceRange.upperBound == reference.lowerBound,
      last.actualRange.upperBound == actual.lowerBound
    {
      changes[changes.count - 1] = Change(
        referenceRange: last.referenceRange.lowerBound..<reference.upperBound,
        actualRange: last.actualRange.lowerBound..<actual.upperBound)
    } else {
      changes.append(Change(referenceRange: reference, actualRange: actual))
    }
  }
}
