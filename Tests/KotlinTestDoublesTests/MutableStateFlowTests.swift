import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

@Suite("MutableStateFlow double", .kotlinLeakCheck)
struct MutableStateFlowTests {
  @Test("a data-class state conflates equal values, as Kotlin's MutableStateFlow does")
  func equalValuesAreConflated() async throws {
    let state = MutableStateFlow<LoginState>(.idle)
    try await state.asAsyncSequence().test { turbine in
      #expect(try await turbine.awaitItem() == .idle)
      state.value = .loggedIn(user: "ann")
      #expect(try await turbine.awaitItem() == .loggedIn(user: "ann"))
      state.value = .loggedIn(user: "ann")  // an equal data class: no emission
      try await turbine.expectNoEvents()
      state.value = .failed(reason: "offline")
      #expect(try await turbine.awaitItem() == .failed(reason: "offline"))
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("compareAndSet compares by equality, not identity")
  func compareAndSetUsesEquality() {
    let state = MutableStateFlow<LoginState>(.loggedIn(user: "ann"))
    #expect(state.compareAndSet(expect: .loggedIn(user: "ann"), update: .idle))
    #expect(state.value == .idle)
    #expect(!state.compareAndSet(expect: .loading, update: .failed(reason: "x")))
    #expect(state.value == .idle)
  }

  @Test("class instances compare by identity")
  func classesCompareByIdentity() async throws {
    let first = Session(token: "a")
    let state = MutableStateFlow<Session>(first)
    #expect(state.compareAndSet(expect: first, update: first))
    #expect(!state.compareAndSet(expect: Session(token: "a"), update: first))
    #expect(state.value === first)
  }

  @Test("scalars, strings, optionals and lists cross as Kotlin values")
  func builtInTypes() async throws {
    let count = MutableStateFlow<Int32>(0)
    count.update { $0 + 1 }
    #expect(count.value == 1)
    let name = MutableStateFlow<String?>(nil)
    #expect(name.value == nil)
    name.value = "ann"
    #expect(name.value == "ann")
    let messages = MutableStateFlow<[String]>([])
    messages.value = ["a", "b"]
    #expect(messages.value == ["a", "b"])
    #expect(messages.replayCache == [["a", "b"]])
    let unread = MutableStateFlow<[String: Int32]>([:])
    unread.value = ["inbox": 3, "spam": 0]
    #expect(unread.value == ["inbox": 3, "spam": 0])
    #expect(unread.compareAndSet(expect: ["spam": 0, "inbox": 3], update: [:]), "a Map equals one in any order")
    #expect(unread.value.isEmpty)
  }

  @Test("a map state conflates an equal map, whatever its entries' order, as Kotlin's Map.equals does")
  func equalMapsAreConflated() async throws {
    let unread = MutableStateFlow<[String: Int32]>(["inbox": 1])
    try await unread.asAsyncSequence().test { turbine in
      #expect(try await turbine.awaitItem() == ["inbox": 1])
      var entries: [String: Int32] = [:]
      for index in 0..<50 { entries["folder \(index)"] = Int32(index) }
      unread.value = entries
      #expect(try await turbine.awaitItem() == entries)
      // The same entries inserted in the opposite order: a Swift dictionary may iterate them in
      // another order, so they may cross in another order; Kotlin's Map.equals ignores order.
      var reversed: [String: Int32] = [:]
      for index in (0..<50).reversed() { reversed["folder \(index)"] = Int32(index) }
      unread.value = reversed
      try await turbine.expectNoEvents()
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("Double state: NaN equals NaN and 0.0 differs from -0.0, as Kotlin's Double.equals")
  func doubleEquality() async throws {
    let level = MutableStateFlow<Double>(.nan)
    #expect(level.compareAndSet(expect: .nan, update: 0.0), "a boxed NaN equals NaN in Kotlin")
    #expect(!level.compareAndSet(expect: -0.0, update: 1.0), "0.0 and -0.0 are not equal in Kotlin")
    #expect(level.value.sign == .plus && level.value == 0)
  }

  @Test("a slow collector sees the latest value, never a backlog")
  func slowCollectorIsConflated() async throws {
    let state = MutableStateFlow<Int32>(0)
    let iterator = state.asAsyncSequence().makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    for value in Int32(1)...100 { state.value = value }
    #expect(try await iterator.next() == 100)
  }
}

@Suite("MutableStateFlow of a type without equality")
struct UncomparableStateTests {
  @Test("is reported as a misuse naming the type and the fix")
  func reportsMisuse() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let state = MutableStateFlow<Uncomparable>(Uncomparable(payload: 1))
      state.value = Uncomparable(payload: 2)
      #expect(state.value.payload == 2)
      #expect(scope.snapshot().misuses == 1)
      let message = try #require(scope.lastMisuse)
      #expect(message.contains("Uncomparable is neither Equatable nor a class"))
      #expect(message.contains("make it Equatable"))
    }
  }

  @Test("subscriptionCount counts the collectors while they collect, as Kotlin's MutableStateFlow does")
  func subscriptionCountFollowsCollectors() async throws {
    let state = MutableStateFlow<Int>(0)
    try await state.subscriptionCount.asAsyncSequence().test { (counts: FlowTurbine<Int32>) async throws in
      #expect(try await counts.awaitItem() == 0)
      let collector = Task {
        for try await _ in state.asAsyncSequence() {}
      }
      #expect(try await counts.awaitItem() == 1)
      collector.cancel()
      _ = await collector.result
      #expect(try await counts.awaitItem() == 0)
      await counts.cancelAndIgnoreRemainingEvents()
    }
  }
}
