import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

@Suite("Channel double", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct ChannelDoubleTests {
  struct Offline: Error {}

  /// Every element of `channel`, then how it ended.
  private func drain<E: Sendable>(_ channel: Channel<E>) async -> (elements: [E], end: String) {
    var elements: [E] = []
    do {
      for try await element in channel { elements.append(element) }
      return (elements, "closed")
    } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
      return (elements, "\(exception.className): \(exception.message ?? "null")")
    } catch {
      return (elements, "\(type(of: error))")
    }
  }

  @Test("a buffered channel keeps what trySend put in; receivers get it, then the close")
  func bufferedTrySend() async {
    let events = Channel<String>(capacity: .buffer(2))
    #expect(events.trySend(element: "connected"))
    #expect(events.trySend(element: "synced"))
    #expect(!events.trySend(element: "dropped"), "the buffer of 2 is full")
    #expect(events.close())
    #expect(!events.close(), "already closed")
    #expect(!events.trySend(element: "late"), "closed for send")
    let (elements, end) = await drain(events)
    #expect(elements == ["connected", "synced"])
    #expect(end == "closed")
    #expect(events.isClosedForReceive)
  }

  @Test("a rendezvous channel: trySend fails without a receiver; send waits for one")
  func rendezvousSend() async throws {
    let numbers = Channel<Int32>()
    #expect(!numbers.trySend(element: 0), "nobody is receiving")
    let sender = Task {
      for number in Int32(1)...3 { try await numbers.send(element: number) }
      numbers.close()
    }
    let (elements, end) = await drain(numbers)
    try await sender.value
    #expect(elements == [1, 2, 3])
    #expect(end == "closed")
  }

  @Test("close with a cause: the receiver gets every element, then the cause as a Kotlin exception")
  func closeWithCause() async {
    let updates = Channel<[String: Int32]>(capacity: .unlimited)
    #expect(updates.trySend(element: ["inbox": 1]))
    #expect(updates.close(cause: Offline()))
    let (elements, end) = await drain(updates)
    #expect(elements == [["inbox": 1]])
    #expect(end == "\(String(reflecting: Offline.self)): \(String(describing: Offline()))")

    let failing = Channel<Int32>(capacity: .buffered)
    failing.close(cause: ExportedKotlinPackages.kotlin.IllegalStateException(message: "socket closed"))
    #expect(await drain(failing).end == "kotlin.IllegalStateException: socket closed")
  }

  @Test("a Swift error declared inside a function crosses under a name that is the same every run")
  func localErrorName() async {
    struct SessionExpired: Error {}
    let channel = Channel<Int32>(capacity: .buffered)
    channel.close(cause: SessionExpired())
    let end = await drain(channel).end
    #expect(end.hasPrefix("KotlinTestDoublesTests.ChannelDoubleTests.SessionExpired: "), "\(end)")
  }

  @Test("send after close throws ClosedSendChannelException")
  func sendAfterClose() async {
    let channel = Channel<Int32>(capacity: .conflated)
    channel.close()
    await #expect(throws: ExportedKotlinPackages.kotlin.Throwable.self) { try await channel.send(element: 1) }
    do {
      try await channel.send(element: 1)
    } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
      #expect(exception.className == "kotlinx.coroutines.channels.ClosedSendChannelException")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("cancel() ends a send that waits: it throws CancellationError, and the element is not sent")
  func cancelWhileSending() async throws {
    let channel = Channel<Int32>()
    let sender = Task { try await channel.send(element: 7) }
    let scope = try #require(KotlinRuntimeScope.current)
    while scope.snapshot().pendingCalls == 0 { await Task.yield() }  // the send is waiting in Kotlin
    channel.cancel()
    await #expect(throws: CancellationError.self) { try await sender.value }
    #expect(await drain(channel).end == "CancellationError")
  }

  @Test("a conflated channel keeps only the latest element")
  func conflated() async {
    let latest = Channel<Int32>(capacity: .conflated)
    for value in Int32(1)...5 { #expect(latest.trySend(element: value)) }
    latest.close()
    #expect(await drain(latest).elements == [5])
  }
}
