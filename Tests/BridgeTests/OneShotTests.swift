import Dispatch
import KotlinBridge
import Locking
import Testing

@Suite("withOneShot / OneShotCompletion", .timeLimit(.minutes(1)))
struct OneShotTests {
  @Test("The first answer (a value) wins; a later value and a later error are ignored and counted")
  func valueThenDuplicates() async throws {
    let box = CompletionBox<Int>()
    let value = try await withOneShot { (completion: OneShotCompletion<Int>) in
      box.store(completion)
      #expect(completion.resume(returning: 1))
      #expect(!completion.resume(returning: 2))
      #expect(!completion.resume(throwing: SourceError(code: 3)))
    }
    #expect(value == 1)
    #expect(box.completion.ignoredAnswers == 2)
    #expect(box.completion.isFinished)
  }

  @Test("The first answer (an error) wins; a later value is ignored and counted")
  func errorThenValue() async throws {
    let box = CompletionBox<Int>()
    await #expect(throws: SourceError(code: 7)) {
      try await withOneShot { (completion: OneShotCompletion<Int>) in
        box.store(completion)
        completion.resume(throwing: SourceError(code: 7))
        completion.resume(returning: 1)
      }
    }
    #expect(box.completion.ignoredAnswers == 1)
  }

  @Test("An answer from another thread, after start returned, is delivered")
  func answerFromAnotherThread() async throws {
    let value = try await withOneShot { (completion: OneShotCompletion<String>) in
      DispatchQueue.global().async { completion.resume(returning: "later") }
    }
    #expect(value == "later")
  }

  @Test("Task cancellation ends the wait with CancellationError and calls onCancel exactly once")
  func cancellationForwardedOnce() async throws {
    let box = CompletionBox<Int>()
    let started = EventLog()
    let cancels = Counter()
    let request = Task {
      try await withOneShot(onCancel: { cancels.increment() }) { (completion: OneShotCompletion<Int>) in
        box.store(completion)
        started.record("started")
      }
    }
    #expect(await started.wait(for: "started"))
    request.cancel()
    request.cancel()  // a second cancel changes nothing
    let outcome = await boundedResult(of: request, within: .seconds(10))
    #expect(throws: CancellationError.self) { try outcome.value?.get() }
    #expect(cancels.value == 1)
    // The operation's late answer is ignored and counted, never a second resume.
    #expect(!box.completion.resume(returning: 5))
    #expect(box.completion.ignoredAnswers == 1)
    #expect(cancels.value == 1)
  }

  @Test("A task cancelled before the call never starts the operation and throws CancellationError")
  func cancelledBeforeStart() async throws {
    let starts = Counter()
    let cancels = Counter()
    let request = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await withOneShot(onCancel: { cancels.increment() }) { (_: OneShotCompletion<Int>) in
        starts.increment()
      }
    }
    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(starts.value == 0)
    #expect(cancels.value == 1)  // documented: onCancel runs once when the task is cancelled first
  }

  @Test("The answer wins over a later cancellation: onCancel is not called")
  func answerBeforeCancellation() async throws {
    let cancels = Counter()
    let request = Task {
      try await withOneShot(onCancel: { cancels.increment() }) { (completion: OneShotCompletion<Int>) in
        completion.resume(returning: 9)
      }
    }
    #expect(try await request.value == 9)
    request.cancel()
    #expect(cancels.value == 0)
  }

  @Test("Concurrent calls each get their own answer, answered out of order from a background thread")
  func concurrentCallsOwnAnswers() async throws {
    let answerer = DispatchQueue(label: "BridgeTests.answerer")
    let pending = Locked<[(id: Int, completion: OneShotCompletion<Int>)]>([])
    let count = 200
    let all = EventLog()
    let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for id in 0..<count {
        group.addTask {
          let value = try await withOneShot { (completion: OneShotCompletion<Int>) in
            pending.withLock { $0.append((id, completion)) }
            all.record("started")
          }
          return (id, value)
        }
      }
      // Answer every request once all have started, newest first, from one background thread.
      #expect(await all.wait(for: "started", count: count))
      answerer.async {
        for (id, completion) in pending.withLock({ $0 }).reversed() { completion.resume(returning: id * 10) }
      }
      var answers: [Int: Int] = [:]
      for try await (id, value) in group { answers[id] = value }
      return answers
    }
    #expect(answers.count == count)
    #expect(answers.allSatisfy { id, value in value == id * 10 })
  }

  @Test("Two answers racing from two threads: exactly one wins, the other is ignored and counted (1000 times)")
  func racingDuplicateAnswers() async throws {
    for round in 0..<1_000 {
      let box = CompletionBox<Int>()
      let racing = Locked<Task<[Bool], Never>?>(nil)
      let value = try await withOneShot { (completion: OneShotCompletion<Int>) in
        box.store(completion)
        racing.withLock { $0 = Task { await answerConcurrently(completion, with: [round, -round - 1]) } }
      }
      let wins = await racing.withLock { $0 }!.value
      #expect(wins.filter { $0 }.count == 1)
      #expect(box.completion.ignoredAnswers == 1)
      #expect(value == round || value == -round - 1)
    }
  }

  @Test("A timeout ends the wait with OneShotTimeoutError and forwards the cancel once; a late answer is ignored")
  func timeout() async throws {
    let box = CompletionBox<Int>()
    let cancels = Counter()
    let timeout = Duration.milliseconds(20)
    let error = await #expect(throws: OneShotTimeoutError.self) {
      try await withOneShot(timeout: timeout, onCancel: { cancels.increment() }) {
        (completion: OneShotCompletion<Int>) in
        box.store(completion)  // never answered in time
      }
    }
    #expect(error?.timeout == timeout)
    #expect(cancels.value == 1)
    #expect(!box.completion.resume(returning: 1))
    #expect(box.completion.ignoredAnswers == 1)
  }

  @Test("An answer before the timeout wins: no OneShotTimeoutError, no cancel")
  func answerBeforeTimeout() async throws {
    let cancels = Counter()
    let value = try await withOneShot(timeout: .seconds(30), onCancel: { cancels.increment() }) {
      (completion: OneShotCompletion<Int>) in
      DispatchQueue.global().async { completion.resume(returning: 3) }
    }
    #expect(value == 3)
    #expect(cancels.value == 0)
  }
}
