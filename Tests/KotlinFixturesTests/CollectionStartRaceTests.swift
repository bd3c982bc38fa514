import CInterop
import Testing

@testable import KotlinBridge

/// The terminal event of a collection can run on a Kotlin worker before `shared_Flow_collect` has
/// returned its handle to Swift (the scope was being cancelled: the producer ran its `finally` and
/// `cancelled` went out at once). The state machine must still release that handle once the start
/// returns; it used to mark the collection running again and never release it (liveCollections
/// stayed at 1 for good). Driven step by step, so the order is exact, not a timing window.
@Suite("Flow collection: terminal event before the start returned")
struct CollectionStartRaceTests {
  typealias Machine = FlowCollectionStateMachine<Int32>
  typealias Outcome = Result<UncheckedTransfer<[Int32]>?, any Error>

  /// A token standing for a handle: the state machine never dereferences it.
  private static let handle = shared_Collection(pinned: UnsafeMutableRawPointer(bitPattern: 0x5_0001))

  /// Runs `steps` with the continuation of a parked `next()`; `steps` returns what to resume it with.
  private static func parked(_ steps: @escaping @Sendable (Machine.Continuation) -> Void) async -> Outcome {
    await withCheckedContinuation { outer in
      Task {
        do {
          outer.resume(returning: .success(try await withCheckedThrowingContinuation(steps)))
        } catch {
          outer.resume(returning: .failure(error))
        }
      }
    }
  }

  @Test("cancelled arrives while .starting: the handle is released when the start returns")
  func terminalWhileStarting() async throws {
    let outcome = await Self.parked { continuation in
      var machine = Machine()
      guard case .start = machine.suspend(continuation) else {
        Issue.record("the first next() must start the collection")
        return continuation.resume(throwing: CancellationError())
      }
      // On a worker, before shared_Flow_collect returned: the terminal event.
      let (delivery, releasable) = machine.terminated(.cancelled)
      #expect(releasable == nil, "the handle is not known yet, and the start still uses it")
      // Back on the consumer's thread: shared_Flow_collect returns the handle.
      let started = machine.started(.success(Self.handle))
      if case .alreadyFinished = started {
      } else {
        Issue.record("a collection whose terminal event came first must not be requested on: \(started)")
      }
      let released = machine.handleUseDone()
      #expect(released?.pinned == Self.handle.pinned, "the start's use ended: the handle must be released")
      guard case .resume(let waiter, let result) = delivery else {
        Issue.record("the parked next() must be answered by the terminal event")
        return continuation.resume(throwing: CancellationError())
      }
      waiter.resume(with: result)
    }
    #expect(throws: CancellationError.self) { try outcome.get() }
  }

  @Test("terminal event after the start: released exactly once, when the last use ends")
  func terminalAfterStart() async throws {
    let outcome = await Self.parked { continuation in
      var machine = Machine()
      _ = machine.suspend(continuation)
      guard case .request(let handle, let thenCancel) = machine.started(.success(Self.handle)) else {
        Issue.record("a started collection asks for its first batch")
        return continuation.resume(throwing: CancellationError())
      }
      #expect(handle.pinned == Self.handle.pinned && !thenCancel)
      let (delivery, early) = machine.terminated(.completed)
      #expect(early == nil, "the request call still uses the handle")
      #expect(machine.handleUseDone()?.pinned == Self.handle.pinned)
      guard case .resume(let waiter, let result) = delivery else {
        Issue.record("the parked next() must be answered by the terminal event")
        return continuation.resume(throwing: CancellationError())
      }
      waiter.resume(with: result)
    }
    let value = try outcome.get()
    #expect(value == nil, "completed: next() answers nil")
  }
}
