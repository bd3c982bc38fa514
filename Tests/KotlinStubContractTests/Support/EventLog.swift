import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a test waits for an event a correct runtime delivers within milliseconds. Only a hang guard:
/// 5 s, or 30 s under a sanitizer, which slows the two Kotlin worker threads by an order of magnitude.
let eventTimeout: Duration = runsUnderSanitizer ? .seconds(30) : .seconds(5)

private let runsUnderSanitizer: Bool = {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
}()

/// State guarded by a `Locked`, plus tasks awaiting a condition on it.
///
/// Callbacks mutate the state with `update`; tests `wait(until:)` for a condition. Satisfied waiters are
/// collected under the lock and resumed after it is released: a continuation is never resumed while the lock
/// is held.
final class EventLog<State: Sendable>: Sendable {
  private struct Waiter: Sendable {
    let id: UInt64
    let condition: @Sendable (State) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  private struct Storage: Sendable {
    var state: State
    var waiters: [Waiter] = []
    /// Waits that have an id but whose continuation is not stored yet (or has just been resumed).
    var unregistered: Set<UInt64> = []
    /// Unregistered waits whose timeout already fired.
    var expired: Set<UInt64> = []
    var lastID: UInt64 = 0
  }

  private let storage: Locked<Storage>

  init(_ initial: State) {
    storage = Locked(Storage(state: initial))
  }

  /// A copy of the current state.
  var state: State { storage.withLock { $0.state } }

  /// Mutates the state, then resumes (outside the lock) every waiter whose condition now holds.
  @discardableResult
  func update<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    let (result, satisfied) = storage.withLock { storage in
      let result = body(&storage.state)
      var satisfied: [CheckedContinuation<Bool, Never>] = []
      storage.waiters.removeAll { waiter in
        guard waiter.condition(storage.state) else { return false }
        satisfied.append(waiter.continuation)
        return true
      }
      return (result, satisfied)
    }
    for continuation in satisfied {
      continuation.resume(returning: true)
    }
    return result
  }

  /// Waits until `condition` holds; false if it did not within `timeout`.
  func wait(timeout: Duration = eventTimeout, until condition: @escaping @Sendable (State) -> Bool) async -> Bool {
    let id = storage.withLock { storage in
      storage.lastID += 1
      storage.unregistered.insert(storage.lastID)
      return storage.lastID
    }
    return await withTaskGroup(of: Void.self) { group in
      group.addTask {
        // Hang guard: a correct runtime satisfies the condition long before.
        try? await Task.sleep(for: timeout)
        self.expire(id)
      }
      let satisfied = await withCheckedContinuation { continuation in
        let immediate: Bool? = storage.withLock { storage in
          storage.unregistered.remove(id)
          if storage.expired.remove(id) != nil { return condition(storage.state) }
          if condition(storage.state) { return true }
          storage.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
          return nil
        }
        if let immediate {
          continuation.resume(returning: immediate)
        }
      }
      group.cancelAll()
      return satisfied
    }
  }

  private func expire(_ id: UInt64) {
    let timedOut: CheckedContinuation<Bool, Never>? = storage.withLock { storage in
      if let index = storage.waiters.firstIndex(where: { $0.id == id }) {
        return storage.waiters.remove(at: index).continuation
      }
      if storage.unregistered.contains(id) {
        storage.expired.insert(id)
      }
      return nil
    }
    timedOut?.resume(returning: false)
  }
}
