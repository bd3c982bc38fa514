import KotlinFixtures
import Testing

/// Kotlin gives negative arguments a meaning (`0 until -1` is empty, `delay(-5)` returns at once) and
/// Swift export passes them through; the fixture module does the same instead of refusing them.
@Suite("Negative arguments behave as in Kotlin", .timeLimit(.minutes(1)))
struct NegativeArgumentsTests {
  @Test("range(count: -1) and strings(count: -1) are empty; ticks(-5, 2) emits at once")
  func negativeFlowArguments() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      var numbers: [Int32] = []
      for try await n in range(count: -1).asAsyncSequence() { numbers.append(n) }
      var strings: [String] = []
      for try await s in KotlinFixtures.strings(count: -1).asAsyncSequence() { strings.append(s) }
      var ticks: [Int64] = []
      for try await t in KotlinFixtures.ticks(periodMillis: -5, count: 2).asAsyncSequence() { ticks.append(t) }
      var none: [Int64] = []
      for try await t in KotlinFixtures.ticks(periodMillis: 10, count: -2).asAsyncSequence() { none.append(t) }
      #expect(numbers.isEmpty && strings.isEmpty && none.isEmpty)
      #expect(ticks == [0, 1])
      #expect(scope.currentTimeMillis == 0)  // the virtual clock was never advanced, and did not need to be
    }
  }

  @Test("callAfter(delayMillis: -1) returns the block's value without waiting")
  func negativeDelay() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let value = try await callAfter(delayMillis: -1) { 7 }
      #expect(value == 7)
    }
  }
}
