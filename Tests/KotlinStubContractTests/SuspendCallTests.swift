import CInterop
import Testing

@Suite("Suspend calls")
struct SuspendCallTests {
  @Test("answer() resumes exactly once, on a worker thread, with 42")
  func answer() async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_answer($0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(42)))
      recorder.expectWellFormed()
      #expect(call.cancel() == shared_Status_finished)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("greet(name) copies the name and returns a greeting", arguments: ["Swift", "世界", ""])
  func greet(name: String) async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { continuation, status in
          name.withCString { shared_fixtures_greet($0, continuation, status) }
        })
      #expect(await recorder.waitForOutcome() == .completed(.string("Hello, \(name)!")))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("throwImmediately and throwAfter fail with the IllegalStateException", arguments: [false, true])
  func throwing(afterDelay: Bool) async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { continuation, status in
          afterDelay
            ? shared_fixtures_throwAfter(1_000, "late", continuation, status)
            : shared_fixtures_throwImmediately("now", continuation, status)
        })
      #expect(await recorder.waitForOutcome() == .failed(.illegalState(afterDelay ? "late" : "now")))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("callAfter invokes the lambda once, returns its value, then releases it once")
  func callAfter() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let block = BlockRecorder(returning: 7)
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(1_000, block.intBlock(), $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(7)))
      #expect(await block.waitForRelease())
      recorder.expectWellFormed()
      block.expectWellFormed(invocations: 1)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("a lambda without a release function is allowed")
  func lambdaWithoutRelease() async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let block = shared_IntBlock(context: nil, invoke: { _ in 11 }, release: nil)
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(1, block, $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(11)))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("cancelling neverCompletes resumes it with `cancelled`, requested by the consumer")
  func cancelNeverCompletes() async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_neverCompletes($0, $1) })
      #expect(call.cancel() == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: true))
      #expect(call.cancel() == shared_Status_finished)
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("a call cancelled right after it started never runs its lambda, and still releases it")
  func cancelledBeforeItRuns() async throws {
    try await withStubScope(.virtual) { scope in
      let block = BlockRecorder(returning: 1)
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(10_000, block.intBlock(), $0, $1) })
      #expect(call.cancel() == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: true))
      #expect(await block.waitForRelease())
      recorder.expectWellFormed()
      block.expectWellFormed(invocations: 0)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("cancel racing a call that completes at once: exactly one coherent outcome")
  func cancelRacingCompletion() async throws {
    try await withStubScope { scope in
      for _ in 0..<50 {
        let recorder = CallRecorder()
        let call = try #require(scope.start(recorder) { shared_fixtures_answer($0, $1) })
        let status = call.cancel()
        let outcome = await recorder.waitForOutcome()
        switch status {
        case shared_Status_ok:
          #expect(
            outcome == .cancelled(byConsumer: true) || outcome == .completed(.int(42)), "\(String(describing: outcome))"
          )
        case shared_Status_finished:
          #expect(outcome == .completed(.int(42)), "cancel said finished, so the outcome was already delivered")
        default:
          Issue.record("cancel returned \(status)")
        }
        recorder.expectWellFormed()
        #expect(call.release() == shared_Status_ok)
      }
    }
  }

  @Test("withFinally returns 67 and runs onFinally exactly once")
  func withFinallyCompletes() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let onFinally = BlockRecorder()
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { shared_fixtures_withFinally(1_000, onFinally.unitBlock(), $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(67)))
      #expect(await onFinally.waitForRelease())
      recorder.expectWellFormed()
      onFinally.expectWellFormed(invocations: 1)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("cancelling withFinally runs onFinally exactly once, then resumes with `cancelled`")
  func withFinallyCancelled() async throws {
    try await withStubScope(.virtual) { scope in
      let onFinally = BlockRecorder()
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { shared_fixtures_withFinally(1_000, onFinally.unitBlock(), $0, $1) })
      #expect(call.cancel() == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: true))
      #expect(await onFinally.waitForRelease())
      recorder.expectWellFormed()
      onFinally.expectWellFormed(invocations: 1)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("throwInFinallyOnCancel returns 1 when left alone")
  func throwInFinallyUncancelled() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { shared_fixtures_throwInFinallyOnCancel(1_000, "cleanup", $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(1)))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("cancelling throwInFinallyOnCancel: the exception thrown by `finally` wins over the cancellation")
  func throwInFinallyCancelled() async throws {
    try await withStubScope(.virtual) { scope in
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { shared_fixtures_throwInFinallyOnCancel(1_000, "cleanup", $0, $1) })
      #expect(call.cancel() == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .failed(.illegalState("cleanup")))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("cancelAfter cancels its own job: `cancelled`, not requested by the consumer, and cancels the caller")
  func cancelAfter() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_cancelAfter(1_000, $0, $1) })
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: false, cancelsCaller: true))
      recorder.expectWellFormed()
      #expect(call.cancel() == shared_Status_finished)
      #expect(call.release() == shared_Status_ok)
    }
  }

  /// Swift export hands back what the body returned (`continuation(block())`) and cancels the task.
  @Test("cancelSilentlyAfter: the body returns normally after cancelling its job: completed(9), cancelsCaller")
  func cancelSilentlyAfter() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let block = BlockRecorder(returning: 9)
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { shared_fixtures_cancelSilentlyAfter(1_000, block.intBlock(), $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(9), cancelsCaller: true))
      #expect(await block.waitForRelease())
      recorder.expectWellFormed()
      block.expectWellFormed(invocations: 1)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("releasing a call before its outcome implies cancel; the outcome is still delivered")
  func releaseImpliesCancel() async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_neverCompletes($0, $1) })
      #expect(call.release() == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: true))
      recorder.expectWellFormed()
    }
  }

  @Test("a short real-time delay completes on the real clock")
  func realClockDelay() async throws {
    try await withStubScope(.real) { scope in
      let block = BlockRecorder(returning: 2)
      let recorder = CallRecorder()
      let before = scope.now
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(20, block.intBlock(), $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(2)))
      #expect(scope.now - before >= 20)
      #expect(await block.waitForRelease())
      block.expectWellFormed(invocations: 1)
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }
}
