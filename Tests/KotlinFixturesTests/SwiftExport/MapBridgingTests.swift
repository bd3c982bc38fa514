import KotlinBridge
import KotlinFixtures
import Testing

/// Kotlin `Map` values beyond upstream's `withMapParam`: a map where Kotlin's type is erased (`Any`)
/// arrives as `[AnyHashable: (any _KotlinBridgeable)?]`, as Swift export bridges `Map<*, *>`.
@Suite("Kotlin Map values", .timeLimit(.minutes(1)))
struct MapBridgingTests {
  @Test("a dictionary passed as Any crosses into Kotlin as a Map and comes back as a dictionary")
  func erasedMapRoundTrip() async throws {
    try await withLeakCheckedScope { _ in
      // Inspected on the calling thread: the erased values are not Sendable.
      let seen = await offPool { () -> [String] in
        let result = withAny(arg: ["count": Int32(3), "owner": Foo.shared, "tags": ["a", "b"]] as [String: Any]) {
          arg in
          await Task.yield()
          return arg
        }
        guard let map = result as? [AnyHashable: (any _KotlinBridgeable)?] else { return ["not a dictionary"] }
        return [
          "\(map.count) entries",
          "count: \(map["count"] as? Int32 ?? -1)",
          "owner is Foo: \(map["owner"] as? Foo == Foo.shared)",
          "tags: \((map["tags"] as? [(any _KotlinBridgeable)?])?.compactMap { $0 as? String } ?? [])",
        ]
      }
      #expect(seen == ["3 entries", "count: 3", "owner is Foo: true", "tags: [\"a\", \"b\"]"])
    }
  }

  @Test("a typed map of 50 000 string keys keeps every entry both ways (strings encode flat, not one stack frame each)")
  func typedMapBothWays() async throws {
    try await withLeakCheckedScope { _ in
      var entries: [String: Int32] = [:]
      for index in 0..<50_000 { entries["key \(index)"] = Int32(index) }
      let sent = entries
      let result = await offPool {
        withMapParam(map: sent) { map in
          await Task.yield()
          return map.filter { $0.value % 2 == 0 }
        }
      }
      #expect(result == entries.filter { $0.value % 2 == 0 })
    }
  }
}
