import FlowTesting
import Testing

/// A view model that lives on the main actor, as iOS view models usually do.
@MainActor
final class MainActorModel {
  var seen: [Int] = []
}

/// `test { }` runs its body on the caller's actor: a `@MainActor` test can touch main-actor state in
/// it (before, the body was sent off the actor, and such a test did not compile in Swift 6 mode).
@MainActor
@Suite("Turbine from a @MainActor test", .timeLimit(.minutes(1)))
struct TurbineCallerIsolationTests {
  let model = MainActorModel()

  @Test("the body runs on the main actor and can use main-actor state")
  func bodyRunsOnTheCallersActor() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    try await stream.test { turbine in
      MainActor.assertIsolated("the body left the caller's actor")
      model.seen.append(try await turbine.awaitItem())
      model.seen.append(try await turbine.awaitItem())
      try await turbine.awaitComplete()
    }
    #expect(model.seen == [1, 2])
  }
}
