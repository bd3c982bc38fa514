import KotlinFixtures
import Testing

/// Kotlin's `buffer(capacity)` takes an `Int` (32 bits). A capacity outside 1...Int32.max is refused
/// with an error naming it, never clamped: clamping 2^40 to Int32.max silently turned a typo into a
/// buffer that could hold 2 billion elements.
@Suite("Buffer capacity range")
struct BufferCapacityRangeTests {
  @Test("bounded(n) outside 1...Int32.max is refused with a message naming n", arguments: [0, -1, 1 << 31, 1 << 40])
  func outOfRangeIsRefused(capacity: Int) async throws {
    try await withLeakCheckedScope { _ in
      var thrown: (any Error)?
      do {
        for try await _ in range(count: 3).asAsyncSequence(bufferingPolicy: .bounded(capacity)) {}
      } catch {
        thrown = error
      }
      let error = try #require(thrown as? KotlinInteropError)
      #expect(error.code == .refused)
      #expect(error.message.contains(".bounded(\(capacity))"), "\(error.message)")
    }
  }

  @Test("bounded(Int32.max) is accepted")
  func largestIsAccepted() async throws {
    try await withLeakCheckedScope { _ in
      var seen: [Int32] = []
      for try await n in range(count: 3).asAsyncSequence(bufferingPolicy: .bounded(Int(Int32.max))) { seen.append(n) }
      #expect(seen == [0, 1, 2])
    }
  }
}
