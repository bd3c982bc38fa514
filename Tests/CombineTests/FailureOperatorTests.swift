import Combine
import Testing

private struct Offline: Error, Equatable {}

/// `replaceError(with:)` and `assertNoFailure()`, as Apple documents them: what flow-wrapper
/// view models put after a Kotlin flow exposed as a publisher that can fail.
@Suite(.timeLimit(.minutes(1)))
struct FailureOperatorTests {
  @Test("replaceError passes values through, then sends the replacement and finishes on a failure")
  func replaceErrorAfterValues() {
    let subject = PassthroughSubject<String, Offline>()
    let recorder = Recorder<String, Never>(demand: .unlimited)
    subject.replaceError(with: "offline").subscribe(recorder)
    subject.send("a")
    subject.send(completion: .failure(Offline()))
    subject.send("late")  // the stream is over
    #expect(recorder.values == ["a", "offline"])
    #expect(recorder.completions.count == 1)
  }

  @Test("replaceError waits for demand before sending the replacement")
  func replaceErrorHonoursDemand() {
    let subject = PassthroughSubject<Int, Offline>()
    let recorder = Recorder<Int, Never>(demand: .max(1))
    subject.replaceError(with: -1).subscribe(recorder)
    subject.send(1)  // uses the only demand
    subject.send(completion: .failure(Offline()))
    #expect(recorder.values == [1])
    #expect(recorder.completions.isEmpty)
    recorder.subscription?.request(.max(1))
    #expect(recorder.values == [1, -1])
    #expect(recorder.completions.count == 1)
  }

  @Test("replaceError forwards .finished without the replacement; cancelling drops a pending one")
  func replaceErrorFinishAndCancel() {
    let finishing = PassthroughSubject<Int, Offline>()
    let finished = Recorder<Int, Never>(demand: .unlimited)
    finishing.replaceError(with: 0).subscribe(finished)
    finishing.send(completion: .finished)
    #expect(finished.values.isEmpty)
    #expect(finished.completions.count == 1)

    let failing = PassthroughSubject<Int, Offline>()
    let cancelled = Recorder<Int, Never>(demand: .none)
    failing.replaceError(with: 0).subscribe(cancelled)
    failing.send(completion: .failure(Offline()))
    cancelled.subscription?.cancel()
    cancelled.subscription?.request(.max(1))
    #expect(cancelled.values.isEmpty)
    #expect(cancelled.completions.isEmpty)
  }

  @Test("assertNoFailure republishes values and .finished")
  func assertNoFailurePassesThrough() {
    let subject = CurrentValueSubject<Int, Offline>(1)
    var values: [Int] = []
    var finished = false
    let cancellable = subject.assertNoFailure().sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
    subject.send(2)
    subject.send(completion: .finished)
    #expect(values == [1, 2])
    #expect(finished)
    cancellable.cancel()
  }

  @Test("assertNoFailure stops the program when the upstream fails, as Apple's does")
  func assertNoFailureTraps() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, Offline>()
      let cancellable = subject.assertNoFailure("state").sink { _ in }
      subject.send(completion: .failure(Offline()))
      cancellable.cancel()
    }
  }
}
