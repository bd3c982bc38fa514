/// Moves a value that is not `Sendable` from one thread to another through a lock.
///
/// Used for flow elements: each one is decoded on a Kotlin worker thread, stored under the
/// collection's lock, and taken out by exactly one consumer; no two threads ever use it at once.
struct UncheckedTransfer<Value>: @unchecked Sendable {
  var value: Value
}
