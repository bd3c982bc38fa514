import CInterop
import Testing

/// Freeing what the API did not hand out, or freeing it twice. Kotlin/Native leaves these
/// undefined; the stub tracks the strings and list storage it hands out as owned, so each is refused
/// as a misuse (counted once, with a message) and nothing is freed: no double free, no free of a
/// literal. (Run under ASan by CI, which would report a bad free.)
@Suite("Owned memory: disposing what was not handed out, or twice")
struct OwnedMemoryMisuseTests {
  @Test("DisposeString twice: the second is refused")
  func disposeStringTwice() async throws {
    // Two misuses: the first only makes a lastMisuse string to own; the second is the test.
    try await withStubScope(misuses: 2) { scope in
      scope.withCurrent { Kotlin.dispose(madeUpToken) }
      let message = try #require(shared_TestRuntime_lastMisuse(scope.handle))
      scope.withCurrent { Kotlin.symbols.DisposeString!(message) }
      #expect(scope.counters().misuses == 1, "the first dispose is fine")
      scope.withCurrent { Kotlin.symbols.DisposeString!(message) }
      #expect(scope.counters().misuses == 2)
      #expect(scope.lastMisuse()?.contains("already disposed") == true)
    }
  }

  @Test("DisposeString of a literal is refused and frees nothing")
  func disposeStringOfLiteral() async throws {
    try await withStubScope(misuses: 1) { scope in
      let literal: StaticString = "not yours"
      scope.withCurrent {
        Kotlin.symbols.DisposeString!(UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self))
      }
      #expect(scope.lastMisuse()?.contains("DisposeString") == true)
    }
  }

  @Test("shared_Value_dispose of a value the caller made is refused")
  func disposeOwnValue() async throws {
    try await withStubScope(misuses: 1) { scope in
      let literal: StaticString = "mine"
      var value = shared_Value()
      value.kind = Int32(shared_ValueKind_string.rawValue)
      value.count = 4
      value.as.string = UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
      scope.withCurrent { shared_Value_dispose(&value) }
      #expect(scope.lastMisuse()?.contains("shared_Value_dispose") == true)
    }
  }

  @Test("shared_Value_dispose of a copy of an owned list, after the original: refused")
  func disposeCopyTwice() async throws {
    try await withStubScope(misuses: 1) { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let shared = scope.withCurrent { Kotlin.Subject.mutableSharedFlow(subject) }
      var original = shared_Value()
      #expect(scope.withCurrent { shared_SharedFlow_replayCache(shared.cast(), &original) } == shared_Status_ok)
      var copy = original
      scope.withCurrent { shared_Value_dispose(&original) }
      #expect(scope.counters().misuses == 0, "the owned value is released once")
      scope.withCurrent { shared_Value_dispose(&copy) }
      #expect(scope.lastMisuse()?.contains("already disposed") == true)
      Kotlin.dispose(shared)
      Kotlin.dispose(subject)
    }
  }
}
