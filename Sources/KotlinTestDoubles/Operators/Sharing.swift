import KotlinBridge

/// Kotlin's `SharingStarted`: when `stateIn` / `shareIn` collect their upstream.
public struct SharingStarted: Sendable, Hashable {
  enum Strategy: Hashable {
    case eagerly, lazily
    case whileSubscribed(stopTimeoutMillis: Int64, replayExpirationMillis: Int64)
  }

  let strategy: Strategy

  /// Starts at once and never stops.
  public static let Eagerly = SharingStarted(strategy: .eagerly)
  /// Starts with the first subscriber and never stops.
  public static let Lazily = SharingStarted(strategy: .lazily)

  /// Starts with the first subscriber; stops `stopTimeoutMillis` (on the scope's clock) after the last
  /// one left, and resets the cached value to the initial one `replayExpirationMillis` after that
  /// (never, by default). The usual view-model choice is `WhileSubscribed(5_000)`.
  public static func WhileSubscribed(
    _ stopTimeoutMillis: Int64 = 0, replayExpirationMillis: Int64 = .max
  ) -> SharingStarted {
    precondition(stopTimeoutMillis >= 0, "stopTimeout(\(stopTimeoutMillis) ms) cannot be negative")
    precondition(replayExpirationMillis >= 0, "replayExpiration(\(replayExpirationMillis) ms) cannot be negative")
    return SharingStarted(
      strategy: .whileSubscribed(stopTimeoutMillis: stopTimeoutMillis, replayExpirationMillis: replayExpirationMillis))
  }

  /// Kotlin's `SharingCommand`.
  enum Command: Sendable, Equatable {
    case start, stop, stopAndResetReplayCache
  }

  /// The commands for a shared flow whose subscribers `subscriptionCount` counts, as Kotlin's
  /// `SharingStarted.command(subscriptionCount)` gives them (distinct, from the first `start`).
  func commands(_ subscriptionCount: any KotlinTypedStateFlow<Int32>) -> ColdFlow<Command> {
    switch strategy {
    case .eagerly:
      return flowOf(.start)
    case .lazily:
      return flow { collector in
        _ = try await subscriptionCount.first { $0 > 0 }
        try await collector.emit(.start)
      }
    case .whileSubscribed(let stopTimeout, let replayExpiration):
      return subscriptionCount.flatMapLatest { count in
        flow { (collector: FlowCollector<Command>) in
          guard count <= 0 else { return try await collector.emit(.start) }
          try await delay(stopTimeout)
          if replayExpiration > 0 {
            try await collector.emit(.stop)
            if replayExpiration == .max { try await awaitCancellation() }  // Kotlin's delay(Long.MAX_VALUE)
            try await delay(replayExpiration)
          }
          try await collector.emit(.stopAndResetReplayCache)
        }
      }
      .dropWhile { $0 != .start }
      .distinctUntilChanged()
    }
  }
}

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `stateIn(scope, started, initialValue)`: a state flow whose value is `initialValue`
  /// until a coroutine of `scope` collects the upstream into it, when `started` says.
  ///
  /// The collecting coroutine lives as long as `scope` (cancel it, as `viewModelScope` is cleared, or
  /// the leak check reports it).
  public func stateIn(
    _ scope: CoroutineScope, started: SharingStarted, initialValue: Element
  ) -> any KotlinTypedStateFlow<Element> {
    let state = MutableStateFlow(initialValue)
    launchSharing(in: scope, started: started, subscriptionCount: state.subscriptionCount) { command in
      switch command {
      case .start: for try await element in self.asAsyncSequence() { state.value = element }
      case .stop: break
      case .stopAndResetReplayCache: state.value = initialValue
      }
    }
    return state
  }

  /// Kotlin's `shareIn(scope, started, replay)`: a shared flow that a coroutine of `scope` emits the
  /// upstream's values into, when `started` says; new subscribers get the last `replay` values.
  public func shareIn(
    _ scope: CoroutineScope, started: SharingStarted, replay: Int32 = 0
  ) -> any KotlinTypedSharedFlow<Element> {
    // Kotlin's configuration: the default channel buffer (64) beyond the replay, suspending.
    let shared = MutableSharedFlow<Element>(replay: replay, extraBufferCapacity: max(0, 64 - replay))
    launchSharing(in: scope, started: started, subscriptionCount: shared.subscriptionCount) { command in
      switch command {
      case .start: for try await element in self.asAsyncSequence() { try await shared.emit(value: element) }
      case .stop: break
      case .stopAndResetReplayCache: shared.resetReplayCache()
      }
    }
    return shared
  }

  /// The sharing coroutine: runs `handle` for each command, a newer command cancelling the previous
  /// one's work (Kotlin's `collectLatest`).
  private func launchSharing(
    in scope: CoroutineScope, started: SharingStarted, subscriptionCount: any KotlinTypedStateFlow<Int32>,
    _ handle: @escaping @Sendable (SharingStarted.Command) async throws -> Void
  ) {
    scope.launch {
      let handled = started.commands(subscriptionCount).mapLatest { command in
        try await handle(command)
        return true
      }
      for try await _ in handled.asAsyncSequence() {}
    }
  }
}
