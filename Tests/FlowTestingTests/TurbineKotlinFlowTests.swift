import FlowTesting
import KotlinFixtures
import Testing

/// The happy paths of `test { }` on Kotlin flows: items in order, then the terminal event.
///
/// Where a test awaits several events, it first lets the background collector deliver them (see
/// ``CollectorProbe``), so each test checks one behaviour and does not depend on scheduling.
@Suite("Turbine over Kotlin flows", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineKotlinFlowTests {
  @Test("elements(): three items, then Complete")
  func elementsInOrderThenComplete() async throws {
    let flow = elements().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      let first = try await turbine.awaitItem()
      let second = try await turbine.awaitItem()
      let third = try await turbine.awaitItem()
      #expect(first == Element1.shared)
      #expect(second == Element2.shared)
      #expect(third == Element3.shared)
      try await turbine.awaitComplete()
    }
  }

  @Test("the KotlinTypedFlow overload collects the flow itself")
  func kotlinTypedFlowOverload() async throws {
    try await words().test { turbine in
      let first = try await turbine.awaitItem()
      #expect(first == "hello")
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("noElements(): Complete at once")
  func noElementsCompletes() async throws {
    try await noElements().test { turbine in
      try await turbine.awaitComplete()
    }
  }

  @Test("failing(): two items, then the Kotlin exception")
  func failingEndsWithTheKotlinException() async throws {
    let flow = failing().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      try await turbine.skipItems(2)
      let error = try await turbine.awaitError()
      let kotlin = try #require(error as? ExportedKotlinPackages.kotlin.Throwable)
      #expect(kotlin.className == "kotlin.IllegalStateException")
      #expect(kotlin.message == "Flow has failed")
    }
  }

  @Test("a StateFlow: its current value first, then each change")
  func stateFlowValueThenChanges() async throws {
    let store = Store()
    let state = store.state.asAsyncSequence().probed()
    try await state.test { turbine in
      let initial = try await turbine.awaitItem()
      #expect(initial == 0)
      store.increment()
      await state.probe.waitUntilDelivered(2)
      let incremented = try await turbine.awaitItem()
      #expect(incremented == 1)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("the buffering policy is passed on", arguments: [KotlinBufferingPolicy.rendezvous, .bounded(2), .unbounded])
  func bufferingPolicy(policy: KotlinBufferingPolicy) async throws {
    try await range(count: 3).test(bufferingPolicy: policy) { turbine in
      let first = try await turbine.awaitItem()
      #expect(first == 0)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }
}
