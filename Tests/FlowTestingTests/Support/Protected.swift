import Foundation

/// A value behind a lock, for the state the tests share between tasks.
///
/// Not `Synchronization.Mutex`: on Linux its contended path is invisible to ThreadSanitizer, which
/// then reports races that do not exist (the project's `Locking.Locked` exists for that reason; this
/// target does not depend on it). `NSLock` locks a pthread mutex, which ThreadSanitizer intercepts.
final class Protected<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
