import KotlinFixtures
import Testing

/// Swift export's execution tests for suspend functions over a sealed class (JetBrains/kotlin,
/// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/sealedSuspend),
/// one test here per upstream test, named after it. Kotlin's `delay(1)` runs on a virtual clock.
@Suite("Swift export execution tests: sealedSuspend", .timeLimit(.minutes(1)))
struct SealedSuspendExecutionTests {
  private func describe(_ state: LoadState) -> String {
    switch state.sealedType() {
    case .loading: "loading"
    case .success(let type): "success: \(type.value.data)"
    case .failure(let type): "failure: \(type.value.reason)"
    }
  }

  @Test("testSuspendFunctionReturningASealedTypeIsMatchable: the awaited value switches over its subclasses")
  func testSuspendFunctionReturningASealedTypeIsMatchable() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let success = try await loadSuccess()
      #expect(describe(success) == "success: loaded")
      let failure = try await loadFailure()
      #expect(describe(failure) == "failure: boom")
    }
  }

  @Test("testSuspendFunctionReturningANullableSealedType: null, then the data object")
  func testSuspendFunctionReturningANullableSealedType() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let empty = try await loadNullable(empty: true)
      #expect(empty == nil)
      let value = try #require(try await loadNullable(empty: false))
      #expect(describe(value) == "loading")
      #expect(value === LoadState.Loading.shared)
    }
  }

  @Test("testSealedTypeAsSuspendParameter: Kotlin's toString of the data class")
  func testSealedTypeAsSuspendParameter() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let consumed = try await consume(state: LoadState.Success(data: "payload"))
      #expect(consumed == "consumed:Success(data=payload)")
    }
  }
}
