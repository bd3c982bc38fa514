import CInterop
import Testing

/// shared_closures.h through the raw C API: Kotlin lambdas called as suspend calls, and the misuses the
/// runtime refuses (counted once each, never a crash).
@Suite("Suspend function types")
struct ClosureContractTests {
  /// produceClosureList()'s lambdas, owned (dispose the returned value with shared_Value_dispose).
  private static func produceClosureList(in scope: StubScope) throws -> shared_Value {
    var list = shared_Value()
    let status = scope.withCurrent { shared_closures_produce("produceClosureList", &list) }
    try #require(status == shared_Status_ok)
    try #require(list.kind == Int32(shared_ValueKind_list.rawValue) && list.count == 3)
    return list
  }

  @Test("a Kotlin lambda of produceClosureList() is a suspend call: { it * 2 }(5) completes with 10")
  func lambdaAsSuspendCall() async throws {
    try await withStubScope { scope in
      var list = try Self.produceClosureList(in: scope)
      let lambda = shared_kref_kotlin_SuspendFunction(pinned: list.as.list[1].as.object)
      let recorder = CallRecorder()
      var argument = shared_Value()
      argument.kind = Int32(shared_ValueKind_int.rawValue)
      argument.as.i = 5
      let call = try #require(
        scope.start(recorder) { continuation, status in
          shared_SuspendFunction_invoke(lambda, &argument, 1, continuation, status)
        })
      #expect(await recorder.waitForOutcome() == .completed(.int(10)))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
      #expect(!shared_SuspendFunction_swiftContext(lambda, nil))
      shared_Value_dispose(&list)  // the lambdas' krefs: live refs until here
    }
  }

  @Test("a lambda called with the wrong number of arguments is refused")
  func wrongArity() async throws {
    try await withStubScope(misuses: 1) { scope in
      var list = try Self.produceClosureList(in: scope)
      let lambda = shared_kref_kotlin_SuspendFunction(pinned: list.as.list[0].as.object)
      let recorder = CallRecorder()
      let (call, status) = scope.tryStart(recorder) { continuation, status in
        shared_SuspendFunction_invoke(lambda, nil, 0, continuation, status)
      }
      #expect(call == nil)
      #expect(status == shared_Status_invalidArgument)
      shared_Value_dispose(&list)
    }
  }

  @Test("a Swift closure without its callbacks is refused, and its context released")
  func swiftClosureWithoutCallbacks() async throws {
    try await withStubScope(misuses: 1) { scope in
      var status = shared_Status_ok
      let recorder = BlockRecorder()
      let block = recorder.unitBlock()  // only for its context and release callback
      let function = shared_SwiftSuspendFunction(
        context: block.context, invoke: nil, cancel: nil, end: nil, release: block.release)
      let kref = scope.withCurrent { shared_SuspendFunction_fromSwift(1, function, &status) }
      #expect(kref.pinned == nil)
      #expect(status == shared_Status_nullArgument)
      #expect(await recorder.waitForRelease())
    }
  }

  @Test("completing an invocation Kotlin never started is refused")
  func completeUnknownInvocation() async throws {
    try await withStubScope(misuses: 1) { scope in
      var outcome = shared_Outcome()
      outcome.kind = Int32(shared_TerminalKind_cancelled.rawValue)
      let status = scope.withCurrent {
        shared_SwiftInvocation_complete(shared_SwiftInvocation(pinned: madeUpToken.pointer), &outcome)
      }
      #expect(status == shared_Status_unknownHandle)
    }
  }

  @Test("runBlocking of a function closures.kt does not have is refused")
  func unknownFunction() async throws {
    try await withStubScope(misuses: 1) { scope in
      var result = shared_Value()
      let status = scope.withCurrent { shared_closures_runBlocking("noSuchFunction", nil, 0, &result) }
      #expect(status == shared_Status_invalidArgument)
      #expect(result.kind == Int32(shared_ValueKind_null.rawValue))
    }
  }
}
