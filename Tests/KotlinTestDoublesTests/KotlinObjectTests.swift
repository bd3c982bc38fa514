import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// A fake Kotlin view model, the way a user writes one.
final class CounterViewModel: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the flows are thread-safe.
  let count = MutableStateFlow<Int32>(0)
  func increment() { count.update { $0 + 1 } }
}

@Suite("KotlinObject")
struct KotlinObjectTests {
  @Test("an object is a live stable ref until it is released")
  func countedAsStableRef() async throws {
    try await KotlinTestRuntime.withScope { scope in
      var model: CounterViewModel? = CounterViewModel()
      model?.increment()
      #expect(model?.count.value == 1)
      #expect(scope.snapshot().liveStableRefs == 2)  // the object and its state flow
      model = nil
      #expect(scope.snapshot().liveStableRefs == 0)
    }
  }

  @Test("an object kept alive past its scope shows as a leak")
  func leakIsVisible() async throws {
    var kept: CounterViewModel?
    try await KotlinTestRuntime.withScope { scope in
      kept = CounterViewModel()
      #expect(scope.snapshot().liveStableRefs == 2)
    }
    #expect(kept != nil)
    kept = nil
  }

  @Test("the class name defaults to the Swift type")
  func className() async throws {
    let model = CounterViewModel()
    #expect(String(describing: type(of: model)) == "CounterViewModel")
  }
}

@Suite("What a leak report names")
struct LiveObjectClassesTests {
  @Test("live objects are grouped by class name, most numerous first, ties by name, at most 8 classes")
  func groupedByClass() async throws {
    try await KotlinTestRuntime.withScope { scope in
      #expect(scope.liveObjectClasses == nil)
      let models = (0..<3).map { _ in KotlinObject(className: "com.example.InboxViewModel") }
      let api = KotlinObject(className: "com.example.InboxApi")
      let state = MutableStateFlow<Int32>(0)
      #expect(
        scope.liveObjectClasses
          == "3 × com.example.InboxViewModel, 1 × com.example.InboxApi, 1 × kotlinx.coroutines.flow.MutableStateFlow")
      let many = (0..<10).map { KotlinObject(className: "com.example.Screen\($0)") }
      let summary = try #require(scope.liveObjectClasses)
      #expect(summary.hasPrefix("3 × com.example.InboxViewModel, 1 × com.example.InboxApi, 1 × com.example.Screen0"))
      #expect(summary.hasSuffix(", and 5 more classes (5 refs)"), "\(summary)")
      withExtendedLifetime((models, api, state, many)) {}
    }
  }
}
