import Locking

/// What a bounded wait saw: the awaited result, or nothing within the limit.
enum Bounded<Value: Sendable>: Sendable {
  case finished(Value)
  /// No result within the limit: the awaited work is stuck (it is left running, not awaited).
  case hung

  var value: Value? {
    if case .finished(let value) = self { return value }
    return nil
  }

  var isHung: Bool {
    if case .hung = self { return true }
    return false
  }
}

/// Awaits `task` for at most `limit` of wall-clock time and never longer: a stuck task yields
/// `.hung` instead of hanging the test. The limit is a guard against hangs, not synchronisation:
/// every caller states why the result is already decided when it looks.
func boundedValue<Value: Sendable>(of task: Task<Value, Never>, within limit: Duration) async -> Bounded<Value> {
  // The first result wins; it waits in `result` if it comes before the continuation is stored.
  let slot = Locked<(continuation: CheckedContinuation<Bounded<Value>, Never>?, result: Bounded<Value>?)>((nil, nil))
  @Sendable func finish(_ result: Bounded<Value>) {
    let continuation = slot.withLock { state -> CheckedContinuation<Bounded<Value>, Never>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: result)
  }
  let waiter = Task { finish(.finished(await task.value)) }
  let timer = Task {
    try? await Task.sleep(for: limit)  // the hang guard
    if !Task.isCancelled { finish(.hung) }
  }
  let result = await withCheckedContinuation { continuation in
    let early = slot.withLock { state -> Bounded<Value>? in
      if let result = state.result { return result }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(returning: early) }
  }
  timer.cancel()
  if result.isHung { waiter.cancel() }
  return result
}

/// The outcome of a throwing task, bounded (see ``boundedValue(of:within:)``).
func boundedResult<Value: Sendable>(
  of task: Task<Value, any Error>, within limit: Duration
) async -> Bounded<Result<Value, any Error>> {
  await boundedValue(of: Task { await task.result }, within: limit)
}

/// Records named events from any thread; a test awaits an event instead of sleeping for it.
final class EventLog: Sendable {
  private struct Waiter {
    let event: String
    let count: Int
    let continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var events: [String] = []
    var waiters: [Int: Waiter] = [:]
    var timedOut: Set<Int> = []
    var nextID = 0
  }

  private let state = Locked(State())

  func record(_ event: String) {
    let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
      state.events.append(event)
      let events = state.events
      let due = state.waiters.filter { _, waiter in events.filter { $0 == waiter.event }.count >= waiter.count }
      for id in due.keys { state.waiters[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume(returning: true) }
  }

  var events: [String] { state.withLock { $0.events } }

  func count(of event: String) -> Int { state.withLock { $0.events.filter { $0 == event }.count } }

  /// Returns `true` once `event` was recorded `count` times (at once if it already was), `false` if
  /// that did not happen within `limit` (a hang guard: the event is expected long before).
  @discardableResult
  func wait(for event: String, count: Int = 1, within limit: Duration = .seconds(10)) async -> Bool {
    let id = state.withLock { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    let timer = Task { [self] in
      try? await Task.sleep(for: limit)  // the hang guard
      guard !Task.isCancelled else { return }
      let waiter = state.withLock { state -> Waiter? in
        guard let waiter = state.waiters.removeValue(forKey: id) else {
          state.timedOut.insert(id)
          return nil
        }
        return waiter
      }
      waiter?.continuation.resume(returning: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let answer = state.withLock { state -> Bool? in
        if state.events.filter({ $0 == event }).count >= count { return true }
        if state.timedOut.contains(id) { return false }
        state.waiters[id] = Waiter(event: event, count: count, continuation: continuation)
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let count = Locked(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}

/// SplitMix64: a small seeded generator, so a random plan is the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An error a scripted source answers with.
struct SourceError: Error, Hashable, Sendable {
  let code: Int
}
