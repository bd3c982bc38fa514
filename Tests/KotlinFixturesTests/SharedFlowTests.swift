import KotlinFixtures
import Testing

/// `Subject.mutableSharedFlow` is `MutableSharedFlow<Elem>(replay = 3)`: emit from Swift, replay to
/// new subscribers, back-pressure on a lagging subscriber, `subscriptionCount`.
@Suite("SharedFlow", .timeLimit(.minutes(1)))
struct SharedFlowTests {
  private let e1: Elem = Element1.shared
  private let e2: Elem = Element2.shared
  private let e3: Elem = Element3.shared

  @Test("after four emits from Swift the replay cache holds the last three")
  func replayCache() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      #expect(subject.sharedFlow.replayCache.isEmpty)
      for element in [e1, e2, e3, e1] { try await subject.mutableSharedFlow.emit(value: element) }
      #expect(subject.mutableSharedFlow.replayCache == [e2, e3, e1])
      #expect(subject.sharedFlow.replayCache == [e2, e3, e1])
    }
  }

  @Test("a new subscriber gets the replay first, then what is emitted after", arguments: Policies.lossless)
  func replayThenLive(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      for element in [e1, e2, e3, e1] { try await subject.mutableSharedFlow.emit(value: element) }
      let iterator = subject.sharedFlow.asAsyncSequence(bufferingPolicy: policy).makeAsyncIterator()
      var seen: [Elem?] = []
      for _ in 0..<3 { seen.append(try await iterator.next()) }
      #expect(seen == [e2, e3, e1])
      try await subject.mutableSharedFlow.emit(value: e3)  // the subscriber is subscribed: it gets it live
      let live = try await iterator.next()
      #expect(live === e3)
      #expect(subject.sharedFlow.replayCache == [e3, e1, e3])
    }
  }

  @Test("every subscriber receives every emission")
  func broadcast() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      try await subject.mutableSharedFlow.emit(value: e1)
      let first = subject.sharedFlow.asAsyncSequence().makeAsyncIterator()
      let second = subject.sharedFlow.asAsyncSequence(bufferingPolicy: .batched).makeAsyncIterator()
      var seenFirst: [Elem?] = [try await first.next()]
      var seenSecond: [Elem?] = [try await second.next()]
      for element in [e2, e3] {
        try await subject.mutableSharedFlow.emit(value: element)
        seenFirst.append(try await first.next())
        seenSecond.append(try await second.next())
      }
      #expect(seenFirst == [e1, e2, e3])
      #expect(seenSecond == [e1, e2, e3])
    }
  }

  @Test("resetReplayCache(): a new subscriber gets only later emissions")
  func resetReplay() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      try await subject.mutableSharedFlow.emit(value: e1)
      try await subject.mutableSharedFlow.emit(value: e2)
      subject.mutableSharedFlow.resetReplayCache()
      #expect(subject.sharedFlow.replayCache.isEmpty)
      let iterator = subject.sharedFlow.asAsyncSequence().makeAsyncIterator()
      let emitter = Task { try await subject.mutableSharedFlow.emit(value: Element3.shared) }
      let first = try await iterator.next()
      #expect(first === e3)
      try await emitter.value
    }
  }

  @Test("tryEmit never fails without subscribers")
  func tryEmitWithoutSubscribers() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let accepted = [e1, e2, e3, e1, e2].map { subject.mutableSharedFlow.tryEmit(value: $0) }
      #expect(accepted == [true, true, true, true, true])
      #expect(subject.sharedFlow.replayCache == [e3, e1, e2])
    }
  }

  /// A rendezvous subscriber that took one element and stops asking holds the buffer: with
  /// `replay = 3` and no extra capacity, three more emissions fit, the fourth would suspend.
  @Test("a lagging subscriber makes tryEmit fail and emit wait until it catches up")
  func backPressure() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let flow = subject.mutableSharedFlow
      try await flow.emit(value: e1)
      let iterator = subject.sharedFlow.asAsyncSequence().makeAsyncIterator()
      let taken = try await iterator.next()
      #expect(taken === e1)
      let accepted = [e2, e3, e1, e2].map { flow.tryEmit(value: $0) }
      #expect(accepted == [true, true, true, false])
      let suspendedEmit = Task { try await flow.emit(value: Element3.shared) }
      var seen: [Elem?] = []
      for _ in 0..<4 { seen.append(try await iterator.next()) }
      #expect(seen == [e2, e3, e1, e3])
      try await suspendedEmit.value
    }
  }

  @Test("cancelling an emit that waits for a lagging subscriber throws CancellationError and emits nothing")
  func cancelSuspendedEmit() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let flow = subject.mutableSharedFlow
      try await flow.emit(value: e1)
      let iterator = subject.sharedFlow.asAsyncSequence().makeAsyncIterator()
      _ = try await iterator.next()
      for element in [e2, e3, e1] { #expect(flow.tryEmit(value: element)) }
      let suspendedEmit = Task { try await flow.emit(value: Element2.shared) }
      suspendedEmit.cancel()
      await #expect(throws: CancellationError.self) { try await suspendedEmit.value }
      #expect(flow.replayCache == [e2, e3, e1])
      var seen: [Elem?] = []
      for _ in 0..<3 { seen.append(try await iterator.next()) }
      #expect(seen == [e2, e3, e1])
      #expect(flow.tryEmit(value: e2))  // the subscriber caught up: room again
    }
  }

  @Test("subscriptionCount follows subscribers as they come and go")
  func subscriptionCount() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      try await subject.mutableSharedFlow.emit(value: e1)  // so that a subscriber's first next() proves it subscribed
      let counts = subject.mutableSharedFlow.subscriptionCount
      #expect(counts.value == 0)
      let observed = counts.asAsyncSequence().makeAsyncIterator()
      var seen: [Int32?] = [try await observed.next()]
      do {
        let first = subject.sharedFlow.asAsyncSequence().makeAsyncIterator()
        _ = try await first.next()
        seen.append(try await observed.next())
        do {
          let second = subject.sharedFlow.asAsyncSequence(bufferingPolicy: .unbounded).makeAsyncIterator()
          _ = try await second.next()
          seen.append(try await observed.next())
          #expect(counts.value == 2)
          // Swift may release a value after its last use: keep each subscriber to the end of its block.
          withExtendedLifetime(second) {}
        }  // the second subscriber is dropped
        seen.append(try await observed.next())
        withExtendedLifetime(first) {}
      }  // the first subscriber is dropped
      seen.append(try await observed.next())
      #expect(seen == [0, 1, 2, 1, 0])
      #expect(counts.value == 0)
    }
  }
}
