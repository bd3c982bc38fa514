import KotlinBridge
import Locking
import Testing

@Suite("CallbackStream", .timeLimit(.minutes(1)))
struct CallbackStreamTests {
  @Test("Subscribes at creation: a value sent before the first next() is received")
  func subscribesAtCreation() async throws {
    let source = CountingSource<Int>()
    let stream = source.stream()
    #expect(source.subscribeCount == 1)
    #expect(source.send(1) == 1)
    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    stream.cancel()
    #expect(source.unsubscribeCount == 1)
  }

  @Test("Default buffering keeps the newest value only (seed 001's .bufferingNewest(1))")
  func newestOneByDefault() async throws {
    let source = CountingSource<Int>()
    let stream = source.stream()
    for value in 1...3 { source.send(value) }
    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == 3)
    source.send(4)
    #expect(try await iterator.next() == 4)
    stream.cancel()
    #expect(try await iterator.next() == nil)
  }

  @Test("An explicit policy is honoured: .unbounded keeps every value in order")
  func unboundedPolicy() async throws {
    let source = CountingSource<Int>()
    let stream = source.stream(bufferingPolicy: .unbounded)
    for value in 1...5 { source.send(value) }
    stream.cancel()  // ends the sequence after what is buffered
    var received: [Int] = []
    for try await value in stream { received.append(value) }
    #expect(received == [1, 2, 3, 4, 5])
    #expect(source.unsubscribeCount == 1)
  }

  @Test("wait() returns the first value, then unsubscribes exactly once")
  func waitUnsubscribesOnce() async throws {
    let source = CountingSource<Int>()
    let stream = source.stream()
    let waiting = Task { try await stream.wait() }
    source.send(10)  // before or after the wait began: either way it is delivered
    #expect(try await waiting.value == 10)
    #expect(source.unsubscribeCount == 1)
    #expect(source.listenerCount == 0)
    #expect(source.send(11) == 0)  // nobody listens any more
    stream.cancel()  // and a later cancel (or deinit) does not unsubscribe again
    #expect(source.unsubscribeCount == 1)
  }

  @Test("cancel() ends a pending wait() with nil and unsubscribes once (200 rounds, both orders)")
  func cancelEndsPendingWait() async throws {
    for _ in 0..<200 {
      let source = CountingSource<Int>()
      let stream = source.stream()
      let waiting = Task { try await stream.wait() }
      stream.cancel()
      #expect(try await waiting.value == nil)
      #expect(source.unsubscribeCount == 1)
    }
  }

  @MainActor
  @Test("cancel() ends a next() that is certainly pending (suspended on the main actor) with nil")
  func cancelEndsSuspendedNext() async throws {
    let source = CountingSource<Int>()
    let stream = source.stream()
    let waiting = Task { @MainActor in
      var iterator = stream.makeAsyncIterator()
      return try await iterator.next(isolation: MainActor.shared)
    }
    await drainMainActor()  // the waiter ran up to its suspension in next()
    stream.cancel()
    #expect(try await waiting.value == nil)
    #expect(source.unsubscribeCount == 1)
  }

  @Test("break out of for-await unsubscribes exactly once (also after the stream is released)")
  func breakUnsubscribesOnce() async throws {
    let source = CountingSource<Int>()
    do {
      let stream = source.stream(bufferingPolicy: .unbounded)
      source.send(1)
      source.send(2)
      for try await value in stream {
        #expect(value == 1)
        break
      }
      #expect(source.unsubscribeCount == 1)  // the dropped iterator unsubscribed
      #expect(source.send(3) == 0)
    }
    #expect(source.unsubscribeCount == 1)  // the stream's deinit did not unsubscribe again
  }

  @Test("Cancelling the consuming task ends iteration and unsubscribes exactly once")
  func taskCancellationUnsubscribesOnce() async throws {
    let source = CountingSource<Int>()
    let received = EventLog()
    let stream = source.stream()
    let consumer = Task {
      var count = 0
      for try await _ in stream {
        count += 1
        received.record("value")
      }
      return count
    }
    source.send(1)
    #expect(await received.wait(for: "value"))
    consumer.cancel()
    let outcome = await boundedResult(of: consumer, within: .seconds(10))
    #expect((try? outcome.value?.get()) == 1)
    #expect(source.unsubscribeCount == 1)
    stream.cancel()
    #expect(source.unsubscribeCount == 1)
  }

  @Test("Releasing a stream that was never iterated unsubscribes exactly once (deinit)")
  func deinitUnsubscribesOnce() {
    let source = CountingSource<Int>()
    do {
      let stream = source.stream()
      source.send(1)
      _ = stream
    }
    #expect(source.subscribeCount == 1)
    #expect(source.unsubscribeCount == 1)
  }

  @Test("Releasing an iterator and its stream without iterating unsubscribes exactly once")
  func droppedIteratorUnsubscribesOnce() {
    let source = CountingSource<Int>()
    do {
      let stream = source.stream()
      _ = stream.makeAsyncIterator()
    }
    #expect(source.unsubscribeCount == 1)
  }

  @Test("The source finishing (with an error) ends the sequence and unsubscribes exactly once")
  func sourceFinishes() async throws {
    let sinks = Locked<[CallbackStream<Int>.Sink]>([])
    let unsubscribes = Counter()
    let stream = CallbackStream<Int> { sink in
      sinks.withLock { $0.append(sink) }
      return { unsubscribes.increment() }
    }
    let sink = try #require(sinks.withLock { $0.first })
    sink.yield(1)
    sink.finish(throwing: SourceError(code: 4))
    var received: [Int] = []
    await #expect(throws: SourceError(code: 4)) {
      for try await value in stream { received.append(value) }
    }
    #expect(received == [1])
    #expect(unsubscribes.value == 1)
    sink.yield(2)  // after the end: does nothing
    stream.cancel()
    #expect(unsubscribes.value == 1)
  }

  @Test("A source that finishes during subscribe is unsubscribed once, after subscribe returned")
  func finishDuringSubscribe() async throws {
    let unsubscribes = Counter()
    let stream = CallbackStream<Int> { sink in
      sink.yield(1)
      sink.finish()
      return { unsubscribes.increment() }
    }
    #expect(unsubscribes.value == 1)
    #expect(try await stream.wait() == 1)
    #expect(unsubscribes.value == 1)
  }
}
