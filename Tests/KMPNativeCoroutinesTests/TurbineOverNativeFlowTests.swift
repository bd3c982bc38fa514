import FlowTesting
import Foundation
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesCore
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Testing

/// Turbine's `test { }` on `asyncSequence(for:)`, which is not `Sendable` (a NativeFlow is a plain
/// closure): the sequence is handed to the turbine's collecting task.
@Suite(.timeLimit(.minutes(1)))
struct TurbineOverNativeFlowTests {
  @Test("items and completion of a NativeFlow, one event each", .kotlinLeakCheck(clock: .virtualAutoAdvance))
  func itemsThenComplete() async throws {
    let clock = FakeClock()
    try await asyncSequence(for: clock.ticks).test { (turbine: FlowTurbine<Int32>) async throws in
      let first = try await turbine.awaitItem()
      let second = try await turbine.awaitItem()
      let third = try await turbine.awaitItem()
      #expect([first, second, third] == [0, 1, 2])
      try await turbine.awaitComplete()
    }
    #expect(clock.finallyRuns.withLock { $0 } == 1)
  }

  @Test("a Kotlin exception arrives as the NSError Kotlin made", .kotlinLeakCheck(clock: .virtual))
  func errorEvent() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("first")
      throw ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: "java.io.IOException", message: "offline")
    }
    try await asyncSequence(for: failing.asNativeFlow()).test { (turbine: FlowTurbine<String>) async throws in
      let item = try await turbine.awaitItem()
      #expect(item == "first")
      let error = try await turbine.awaitError() as NSError
      #expect(error.domain == "KotlinException")
      #expect(error.localizedDescription == "offline")
    }
  }

  @Test("cancelling the turbine cancels the Kotlin job", .kotlinLeakCheck(clock: .virtualAutoAdvance))
  func cancelStopsTheJob() async throws {
    let clock = FakeClock()
    try await asyncSequence(for: clock.ticks).test { (turbine: FlowTurbine<Int32>) async throws in
      let first = try await turbine.awaitItem()
      #expect(first == 0)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
    // The leak check then waits for the job's end: its producer ran `finally`, nothing is left.
  }
}
