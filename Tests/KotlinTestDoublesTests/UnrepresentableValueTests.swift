import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// Swift values Kotlin cannot hold: a dictionary with two NaN keys (Swift keeps both, NaN != NaN; in a
/// Kotlin Map they are one key) and a string with U+0000 (the C contract's strings cannot carry it).
/// Each is refused as a misuse charged to the test's scope, with the reason, and nothing hangs, crashes
/// or changes.
@Suite("Values Kotlin cannot hold", .timeLimit(.minutes(1)))
struct UnrepresentableValueTests {
  private static var twoNaNKeys: [Double: Int32] {
    var map: [Double: Int32] = [:]
    map[.nan] = 1
    map[.nan] = 2
    return map
  }

  private func expectRefusal(in scope: KotlinRuntimeScope, count: Int = 1, naming fragment: String) {
    #expect(scope.snapshot().misuses == count)
    #expect(scope.lastMisuse?.contains(fragment) == true, "\(scope.lastMisuse ?? "no misuse")")
  }

  @Test("setting such a value on a MutableStateFlow: refused, the flow keeps its value")
  func stateFlowKeepsValue() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let levels = MutableStateFlow<[Double: Int32]>([1.5: 1])
      levels.value = Self.twoNaNKeys
      #expect(levels.value == [1.5: 1])
      #expect(!levels.compareAndSet(expect: [1.5: 1], update: Self.twoNaNKeys))
      expectRefusal(in: scope, count: 2, naming: "equal keys at entries 0 and 1")
      let name = MutableStateFlow<String>("ann")
      name.value = "a\u{0}b"
      #expect(name.value == "ann")
      expectRefusal(in: scope, count: 3, naming: "NUL")
    }
  }

  @Test("trySend of such a value: false, and the refusal is charged to the test's scope")
  func channelTrySend() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let channel = Channel<[Double: Int32]>(capacity: .unlimited)
      #expect(!channel.trySend(element: Self.twoNaNKeys))
      expectRefusal(in: scope, naming: "equal keys")
      channel.cancel()
    }
  }

  @Test("a suspend body returning such a value: the call fails with the reason instead of hanging")
  func suspendResult() async throws {
    try await KotlinTestRuntime.withScope { scope in
      do {
        _ = try await kotlinSuspend { Self.twoNaNKeys }
        Issue.record("the call returned")
      } catch let exception as ExportedKotlinPackages.kotlin.IllegalArgumentException {
        #expect(exception.message?.contains("cannot cross into Kotlin") == true)
        #expect(exception.message?.contains("equal keys") == true, "\(exception.message ?? "")")
      }
      expectRefusal(in: scope, naming: "equal keys")
    }
  }

  @Test("a flow body emitting such a value: the collector gets an error with the reason")
  func flowEmit() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let levels: ColdFlow<[Double: Int32]> = flow { collector in
        try await collector.emit([0: 0])
        try await collector.emit(Self.twoNaNKeys)
      }
      var received: [[Double: Int32]] = []
      do {
        for try await level in levels.asAsyncSequence() { received.append(level) }
        Issue.record("the flow completed")
      } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
        // The same exception class as a refused result: Kotlin's for a bad argument.
        #expect(exception.className == "kotlin.IllegalArgumentException", "\(exception)")
        #expect(exception.message?.contains("equal keys") == true, "\(exception)")
      }
      #expect(received == [[0: 0]])
      expectRefusal(in: scope, naming: "equal keys")
    }
  }
}
