import CInterop
import KotlinBridge

// The top-level functions of package `inheritance`: each makes a Kotlin VIRTUAL call, so a Swift
// subclass's override runs.

extension ExportedKotlinPackages.inheritance {
  /// `suspend fun callGreet(base: AsyncBase, name: String): String = base.greet(name)`.
  public static func callGreet(base: AsyncBase, name: String) async throws -> String {
    try await suspendCall("callGreet(base:name:)", .string) { continuation, status in
      withExtendedLifetime(base) {
        name.withCString { shared_inheritance_callGreet(base.ref.pointer, $0, continuation, status) }
      }
    }
  }

  /// `suspend fun callCount(base: AsyncBase): Int = base.count()`.
  public static func callCount(base: AsyncBase) async throws -> Int32 {
    try await suspendCall("callCount(base:)", .int) { shared_inheritance_callCount(base.ref.pointer, $0, $1) }
  }

  /// `suspend fun callNotOpen(base: AsyncBase): String = base.notOpen()`.
  public static func callNotOpen(base: AsyncBase) async throws -> String {
    try await suspendCall("callNotOpen(base:)", .string) { shared_inheritance_callNotOpen(base.ref.pointer, $0, $1) }
  }

  /// `suspend fun callGreetWithTimeout(base, name, timeoutMs): String =
  /// withTimeoutOrNull(timeoutMs) { base.greet(name) } ?: "timed_out"` — the timeout cancels the override.
  public static func callGreetWithTimeout(base: AsyncBase, name: String, timeoutMs: Int64) async throws -> String {
    try await suspendCall("callGreetWithTimeout(base:name:timeoutMs:)", .string) { continuation, status in
      name.withCString {
        shared_inheritance_callGreetWithTimeout(base.ref.pointer, $0, timeoutMs, continuation, status)
      }
    }
  }

  /// `fun callSyncTag(base: AsyncBase): String = base.syncTag()` (runs a Swift override on this thread).
  public static func callSyncTag(base: AsyncBase) -> String {
    withExtendedLifetime(base) { ownedString(shared_inheritance_callSyncTag(base.ref.pointer), "callSyncTag(base:)") }
  }

  /// `suspend fun callSpeak(s: AsyncSpeaker): String = s.speak()`.
  public static func callSpeak(s: any AsyncSpeaker) async throws -> String {
    try await suspendCall("callSpeak(s:)", .string) { shared_inheritance_callSpeak(s.ref.pointer, $0, $1) }
  }

  /// `suspend fun callAsyncDescribe(d: AsyncDefaulter): String = d.describe()`.
  public static func callAsyncDescribe(d: any AsyncDefaulter) async throws -> String {
    try await suspendCall("callAsyncDescribe(d:)", .string) {
      shared_inheritance_callAsyncDescribe(d.ref.pointer, $0, $1)
    }
  }

  /// `suspend fun callAsyncTag(d: AsyncDefaulter): String = d.tag()`.
  public static func callAsyncTag(d: any AsyncDefaulter) async throws -> String {
    try await suspendCall("callAsyncTag(d:)", .string) { shared_inheritance_callAsyncTag(d.ref.pointer, $0, $1) }
  }

  /// `suspend fun callBoom(t: AsyncThrower): String = t.boom()`.
  public static func callBoom(t: AsyncThrower) async throws -> String {
    try await suspendCall("callBoom(t:)", .string) { shared_inheritance_callBoom(t.ref.pointer, $0, $1) }
  }

  /// `suspend fun callNothingToReturn(p: AsyncPayloads) = p.nothingToReturn()`.
  public static func callNothingToReturn(p: AsyncPayloads) async throws {
    _ = try await suspendCall("callNothingToReturn(p:)", .unit) {
      shared_inheritance_callNothingToReturn(p.ref.pointer, $0, $1)
    }
  }

  /// `suspend fun callNumber(p: AsyncPayloads): Int = p.number()`.
  public static func callNumber(p: AsyncPayloads) async throws -> Int32 {
    try await suspendCall("callNumber(p:)", .int) { shared_inheritance_callNumber(p.ref.pointer, $0, $1) }
  }

  /// `suspend fun callPayload(p: AsyncPayloads): AsyncPayload? = p.payload()`.
  public static func callPayload(p: AsyncPayloads) async throws -> AsyncPayload? {
    try await suspendCall("callPayload(p:)", .optional(.asyncPayload)) {
      shared_inheritance_callPayload(p.ref.pointer, $0, $1)
    }
  }
}
