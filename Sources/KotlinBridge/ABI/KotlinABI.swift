import CInterop

/// The one place the adaptor calls into the Kotlin module's C ABI (`CInterop`).
///
/// Every call that creates something (a kref, a collection, a call) runs with the C runtime's
/// "current scope" set to ``KotlinRuntimeScope/current``, so that the stub charges it to the
/// scope of the Swift task that made it. Status codes become ``KotlinInteropError``s here.
package enum KotlinABI {
  /// The module's symbol table; valid for the life of the process.
  package static var symbols: UnsafeMutablePointer<shared_ExportedSymbols> { shared_symbols() }

  /// Runs `body` with the task's runtime scope made current on this thread (synchronously).
  package static func inCurrentScope<R>(_ body: () throws -> R) rethrows -> R {
    guard let scope = KotlinRuntimeScope.current else { return try body() }
    let previous = shared_TestRuntime_setCurrentScope(scope.handle)
    defer { _ = shared_TestRuntime_setCurrentScope(previous) }
    return try body()
  }

  /// Throws a ``KotlinInteropError`` for a non-OK status; `finished` is not an error.
  package static func check(_ status: shared_Status, _ operation: String) throws(KotlinInteropError) {
    switch status {
    case shared_Status_ok, shared_Status_finished: return
    default: throw KotlinInteropError(status: status, operation: operation)
    }
  }

  /// Why the runtime refused the call just made in `scope` (the task's by default): the scope's last
  /// misuse message, which the refusal recorded, else a description of `status`. The process's last
  /// message, which could be another test's, only when asked (`processWide`: for a call made outside
  /// any scope that is about to stop the program, where it is the best account there is).
  package static func refusalReason(
    _ status: shared_Status, in scope: KotlinRuntimeScope? = KotlinRuntimeScope.current, processWide: Bool = false
  ) -> String {
    if let scope { return scope.lastMisuse ?? KotlinInteropError.describe(status) }
    let processMessage = processWide ? takeString(shared_TestRuntime_lastMisuse(shared_Scope(pinned: nil))) : nil
    return processMessage ?? KotlinInteropError.describe(status)
  }

  /// Whether a call that passed a Swift value took effect. A value the runtime refused, in a task with
  /// a runtime scope, is a misuse counted there (the leak check reports it) that changed nothing: false,
  /// and the caller carries on. Any other refusal, or one outside a scope, where nobody would see it,
  /// stops the program naming `operation` and the reason.
  package static func tookValue(_ status: shared_Status, _ operation: @autoclosure () -> String) -> Bool {
    if status == shared_Status_ok { return true }
    if status == shared_Status_invalidArgument, KotlinRuntimeScope.current != nil { return false }
    preconditionFailure("\(operation()): \(refusalReason(status, processWide: true))")
  }

  package static func disposeStablePointer(_ pointer: shared_KNativePtr?) {
    guard let pointer else { return }
    symbols.pointee.DisposeStablePointer(pointer)
  }

  /// Copies and frees a string the module returned (owned by the caller per the contract).
  package static func takeString(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { symbols.pointee.DisposeString(pointer) }
    return String(cString: pointer)
  }

  /// Copies class name and message of a thrown Kotlin exception and disposes its kref at once, so the
  /// Swift error holds no Kotlin object (leak counters do not depend on how long it is kept). The
  /// result is an instance of the Swift class registered for the Kotlin class name.
  package static func takeThrowable(_ throwable: shared_kref_kotlin_Throwable)
    -> ExportedKotlinPackages.kotlin.Throwable
  {
    let (className, message) = readThrowable(throwable)
    return ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: className, message: message)
  }

  private static func readThrowable(_ throwable: shared_kref_kotlin_Throwable) -> (String, String?) {
    defer { disposeStablePointer(throwable.pinned) }
    let table = symbols.pointee.kotlin.root.kotlin.Throwable
    return (takeString(table.get_className(throwable)) ?? "kotlin.Throwable", takeString(table.get_message(throwable)))
  }

  package static func isInstance(_ pointer: shared_KNativePtr?, _ type: OpaquePointer?) -> Bool {
    guard let pointer else { return false }
    return symbols.pointee.IsInstance(pointer, type)
  }
}
