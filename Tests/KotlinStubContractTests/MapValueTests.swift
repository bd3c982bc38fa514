import CInterop
import Testing

/// `shared_ValueKind_map`: a Kotlin `Map` crosses as its entries, in order, and compares as Kotlin's
/// `Map.equals` does (the same keys with equal values, in any order).
@Suite("Map values")
struct MapValueTests {
  /// Calls `body` with a map value of `entries` (ints), whose storage lives until `body` returns.
  private func withMap<R>(_ entries: [(Int32, Int32)], _ body: (shared_Value) -> R) -> R {
    let slots = entries.flatMap { [Value.int($0.0), Value.int($0.1)] }
    return slots.withUnsafeBufferPointer { body(Value.map($0)) }
  }

  /// A test double's `MutableStateFlow<Any?>` (initially null): it takes values of every kind.
  private func anyStateFlow() -> MutableStateFlowRef? {
    var null = Value.null
    var status = shared_Status_ok
    let flow = shared_Doubles_MutableStateFlow(&null, &status)
    return status == shared_Status_ok ? flow : nil
  }

  private func item(_ entries: [(Int32, Int32)]) -> Item {
    .map(entries.map { MapEntry(key: .int($0.0), value: .int($0.1)) })
  }

  @Test("a map set into a StateFlow reads back with its entries in their order")
  func roundTrip() async throws {
    try await withStubScope { scope in
      let mutable = try #require(scope.withCurrent { anyStateFlow() })
      let entries: [(Int32, Int32)] = [(3, 30), (1, 10), (2, 20)]
      #expect(withMap(entries) { StateFlowAccess.set(mutable, $0) } == shared_Status_ok)
      #expect(StateFlowAccess.value(mutable) == (shared_Status_ok, item(entries)))
      #expect(withMap([]) { StateFlowAccess.set(mutable, $0) } == shared_Status_ok)
      #expect(StateFlowAccess.value(mutable) == (shared_Status_ok, .map([])))
      Kotlin.dispose(mutable)
    }
  }

  @Test("maps compare as Kotlin's Map.equals: the same entries in another order are equal")
  func equalityIgnoresOrder() async throws {
    try await withStubScope { scope in
      let mutable = try #require(scope.withCurrent { anyStateFlow() })
      #expect(withMap([(3, 30), (1, 10), (2, 20)]) { StateFlowAccess.set(mutable, $0) } == shared_Status_ok)
      let unequal: [[(Int32, Int32)]] = [
        [(1, 10), (2, 20), (3, 31)],  // a value differs
        [(1, 10), (2, 20), (4, 30)],  // a key differs
        [(1, 10), (2, 20)],  // an entry fewer
      ]
      for entries in unequal {
        let swapped = withMap(entries) { StateFlowAccess.compareAndSet(mutable, expect: $0, update: Value.int(0)) }
        #expect(swapped == (shared_Status_ok, false), "\(entries)")
      }
      let swapped = withMap([(1, 10), (2, 20), (3, 30)]) {
        StateFlowAccess.compareAndSet(mutable, expect: $0, update: Value.int(0))
      }
      #expect(swapped == (shared_Status_ok, true))
      #expect(StateFlowAccess.value(mutable) == (shared_Status_ok, .int(0)))
      Kotlin.dispose(mutable)
    }
  }

  @Test("a map of 100 000 entries crosses and compares without quadratic work")
  func largeMap() async throws {
    try await withStubScope { scope in
      let mutable = try #require(scope.withCurrent { anyStateFlow() })
      let entries = (0..<Int32(100_000)).map { ($0, $0 &* 7) }
      #expect(withMap(entries) { StateFlowAccess.set(mutable, $0) } == shared_Status_ok)
      let swapped = withMap(entries.reversed()) {
        StateFlowAccess.compareAndSet(mutable, expect: $0, update: Value.int(0))
      }
      #expect(swapped == (shared_Status_ok, true))
      Kotlin.dispose(mutable)
    }
  }
}
