import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// A user type a script's items decode into.
private struct Message: Codable, Equatable, Sendable {
  let id: Int
  let text: String
}

@Suite(
  "FlowScript as a flow, run by the Kotlin runtime", .kotlinLeakCheck(clock: .virtualAutoAdvance),
  .timeLimit(.minutes(1)))
struct FlowScriptFlowTests {
  @Test("items and delays replay on the scope's virtual clock, anew for each collection")
  func itemsAndDelays() async throws {
    let script = try FlowScript([.item(1), .delay(60_000), .item("two"), .delay(500), .item([3])])
    let scope = try #require(KotlinRuntimeScope.current)
    for run in 0..<2 {
      let start = scope.currentTimeMillis
      var seen: [String] = []
      for try await value in script.flow().asAsyncSequence() {
        seen.append("\(value.json)@\(scope.currentTimeMillis - start)")
      }
      #expect(seen == ["1@0", "\"two\"@60000", "[3]@60500"], "collection \(run + 1)")
      #expect(scope.currentTimeMillis - start == 60_500)
    }
  }

  @Test("an error end reaches the collector as the Kotlin exception, after the items")
  func errorEnd() async throws {
    let script = try FlowScript(
      [.item("first")], end: .error(className: "java.io.IOException", message: "offline"))
    try await script.flow().asAsyncSequence().test { turbine in
      #expect(try await turbine.awaitItem() == "first")
      let error = try await turbine.awaitError()
      #expect((error as? ExportedKotlinPackages.kotlin.Throwable)?.toString() == "java.io.IOException: offline")
    }
  }

  @Test("a cancelled end is the Kotlin side cancelling the collection")
  func cancelledEnd() async throws {
    let script = try FlowScript([.item(1)], end: .cancelled)
    var seen: [ScriptValue] = []
    await #expect(throws: CancellationError.self) {
      for try await value in script.flow().asAsyncSequence() { seen.append(value) }
    }
    #expect(seen == [1])
  }

  @Test("awaitCancellation: no clock runs and the scope goes idle; leaving the loop cancels it")
  func awaitCancellationEnd() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let script = try FlowScript([.item(1)], end: .awaitCancellation)
    let iterator = script.flow().asAsyncSequence().makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    let waiting = Task { [iterator] in
      let iterator = iterator
      return try await iterator.next()
    }
    // The body is parked in awaitCancellation: not running, so the scope goes idle with the collection
    // alive, and virtual time has nothing to advance to. (Polled without blocking: the body needs a
    // thread of the cooperative pool to reach awaitCancellation.)
    try await scope.waitFor { [scope] in
      $0.waitingConsumers == 1 && $0.liveCollections == 1 && scope.waitUntilIdle(timeoutMillis: 0)
    }
    #expect(scope.runNextDelay() == false)
    #expect(scope.currentTimeMillis == 0)
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    try await scope.waitForQuiet()
    let snapshot = scope.snapshot()
    #expect(snapshot.producerFinallyRuns == snapshot.collectionsStarted)
  }

  @Test("cancelling during a script's delay stops it there; no later item is emitted")
  func cancelDuringDelay() async throws {
    let script = try FlowScript([.item(1), .delay(1_000_000), .item(2)])
    var seen: [ScriptValue] = []
    for try await value in script.flow().asAsyncSequence() {
      seen.append(value)
      break
    }
    try await KotlinRuntimeScope.current!.waitForQuiet()
    #expect(seen == [1])
    #expect(KotlinRuntimeScope.current!.currentTimeMillis < 1_000_000)
  }

  @Test("items decode into the user's Decodable type")
  func decoding() async throws {
    let script = try FlowScript(
      jsonl: """
        {"step":"item","value":{"id":1,"text":"Welcome"}}
        {"step":"delay","millis":1000}
        {"step":"item","value":{"id":2,"text":"You have 1 new message"}}
        {"step":"complete"}
        """)
    var messages: [Message] = []
    for try await message in script.flow(decoding: Message.self).asAsyncSequence() { messages.append(message) }
    #expect(messages == [Message(id: 1, text: "Welcome"), Message(id: 2, text: "You have 1 new message")])
  }

  @Test("an item that does not decode fails the flow there, as kotlinx.serialization would")
  func decodingFailure() async throws {
    let script = try FlowScript([.item(["id": 1, "text": "ok"]), .item(["id": "two"]), .item(["id": 3, "text": ""])])
    try await script.flow(decoding: Message.self).asAsyncSequence().test { turbine in
      #expect(try await turbine.awaitItem() == Message(id: 1, text: "ok"))
      let error = try #require(try await turbine.awaitError() as? ExportedKotlinPackages.kotlin.Throwable)
      #expect(error.className == "kotlinx.serialization.SerializationException")
      #expect(error.message?.hasPrefix(#"the item {"id":"two"} does not decode as Message: "#) == true)
    }
  }

  @Test("a transform sees each item's value and text")
  func transform() async throws {
    let script = try FlowScript([.item("Element1", text: "Element1"), .item("plain")])
    var seen: [String] = []
    for try await text in script.flow({ value, text in text ?? value.json }).asAsyncSequence() { seen.append(text) }
    #expect(seen == ["Element1", "\"plain\""])
  }

  @Test("awaitCancellation outside a Kotlin body is refused with what to do")
  func awaitCancellationOutsideABody() async {
    await #expect(
      throws: KotlinTestDoubleError(
        "awaitCancellation() was called outside a Kotlin body: call it inside flow { }, kotlinSuspend { } or a "
          + "launched job, where it runs on the Kotlin scope's clock")
    ) {
      try await awaitCancellation()
    }
  }
}
