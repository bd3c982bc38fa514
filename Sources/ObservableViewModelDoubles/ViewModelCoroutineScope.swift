import KMPObservableViewModelCore
import KotlinTestDoubles
import Locking

/// A view model's `viewModelScope.coroutineScope`: the Kotlin coroutines the view model launches,
/// cancelled together when the view model is cleared.
///
/// ```swift
/// public func refresh() {
///   viewModelScope.coroutineScope.launch { [_items] in
///     try await delay(1_000)
///     _items.value = ["one", "two"]
///   }
/// }
/// ```
public final class ViewModelCoroutineScope: Sendable {
  private struct State {
    var isCancelled = false
    var nextID = 0
    var jobs: [Int: Task<Void, Never>] = [:]
  }

  private let state = Locked(State())

  init() {}

  /// Kotlin's `launch { … }` in this scope: `body` runs as a Kotlin job (counted as running work, on
  /// the scope's clock, cancelled at its next `delay` when the scope is cancelled). In a cancelled
  /// scope nothing starts, as in Kotlin.
  ///
  /// An error other than cancellation escaping `body` is an uncaught exception in a coroutine, which
  /// terminates the app on iOS (Kotlin/Native's default handler): that is reported as
  /// "this would crash on iOS: …" (the leak check fails with it). Catch errors inside the body, as the
  /// Kotlin code must.
  public func launch(_ body: @escaping @Sendable () async throws -> Void) {
    state.withLock { state in
      guard !state.isCancelled else { return }
      let id = state.nextID
      state.nextID += 1
      // Creating a task only enqueues it: no user code runs here, under the lock. The main actor is
      // Kotlin's Dispatchers.Main, where viewModelScope starts its coroutines.
      state.jobs[id] = Task { @MainActor [weak self] in
        do {
          try await kotlinSuspend(body)
        } catch is CancellationError {
          // Cancelled with the scope: not an error.
        } catch {
          IOSCrash.report(
            "an exception escaped viewModelScope.coroutineScope.launch { } (\(error)); Kotlin/Native terminates the "
              + "app on an uncaught exception in a coroutine: catch it inside the coroutine")
        }
        self?.finished(id)
      }
    }
  }

  /// Whether ``cancel()`` ran.
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Cancels every running job; later launches do nothing.
  func cancel() {
    let jobs = state.withLock { state in
      state.isCancelled = true
      defer { state.jobs.removeAll() }
      return Array(state.jobs.values)
    }
    for job in jobs { job.cancel() }
  }

  private func finished(_ id: Int) {
    _ = state.withLock { $0.jobs.removeValue(forKey: id) }
  }
}

extension ViewModelScope {
  /// The coroutine scope of a fake view model's scope (Kotlin's `ViewModelScope.coroutineScope`).
  ///
  /// ```swift
  /// viewModelScope.coroutineScope.launch { try await delay(500) }
  /// ```
  public var coroutineScope: ViewModelCoroutineScope {
    guard let native = self as? NativeViewModelScope else {
      preconditionFailure(
        "\(type(of: self)) is not the scope of a Kmp_observableviewmodel_coreViewModel: only the fake Kotlin "
          + "view models of ObservableViewModelDoubles have a coroutineScope")
    }
    return native.coroutineScope
  }
}
