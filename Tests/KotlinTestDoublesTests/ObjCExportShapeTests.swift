import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Locking
import ObjCExportDoubles
import Testing

/// enum class Filter { ALL, DONE }
private final class Filter: KotlinEnum<Filter>, @unchecked Sendable {
  static let all = Filter(name: "ALL", ordinal: 0)
  static let done = Filter(name: "DONE", ordinal: 1)
  static var entries: [Filter] { [all, done] }
}

/// An app's collector, written against Objective-C export's protocol with the completion handler.
private final class RecordingCollector: Kotlinx_coroutines_coreFlowCollector, @unchecked Sendable {
  let values = Locked<[String]>([])
  func emit(value: Any?, completionHandler: @escaping (Error?) -> Void) {  // as an iOS app writes it
    values.withLock { $0.append("\(value ?? "nil")") }
    completionHandler(nil)
  }
}

@Suite("Objective-C export shapes", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct ObjCExportShapeTests {
  @Test("boxes: initialisers and accessors as iOS code uses them; equal when their values are")
  func boxes() {
    #expect(KotlinInt(int: 3).intValue == 3 && KotlinInt(value: 3) == KotlinInt(int: 3))
    #expect(KotlinLong(longLong: 1 << 40).int64Value == 1 << 40)
    #expect(KotlinBoolean(bool: true).boolValue && "\(KotlinBoolean(value: false))" == "false")
    #expect(KotlinDouble(double: 2.5).doubleValue == 2.5 && KotlinDouble(double: 2.9).int32Value == 2)
    #expect(KotlinUnit() == KotlinUnit.shared)
  }

  @Test("enums: name, ordinal, entries, switch on entries, ordering")
  func enums() {
    #expect(Filter.entries.map(\.name) == ["ALL", "DONE"])
    #expect(Filter.done.ordinal == 1 && Filter.all < Filter.done && "\(Filter.done)" == "DONE")
    let picked: Filter = .done
    switch picked {
    case .all: Issue.record("matched the wrong entry")
    case .done: break
    default: Issue.record("matched no entry")
    }
  }

  @Test("a StateFlow<Int> shows a boxed value; a collector gets boxed values")
  func stateFlowShape() async throws {
    let typed = MutableStateFlow<Int32>(1)
    let exported: any Kotlinx_coroutines_coreMutableStateFlow = ObjCExportedStateFlow(typed)
    #expect((exported.value as? KotlinInt)?.intValue == 1)
    exported.value = KotlinInt(int: 2)
    #expect(typed.value == 2)
    #expect(exported.compareAndSet(expect: KotlinInt(int: 2), update: KotlinInt(int: 5)))
    #expect(typed.value == 5)

    let collector = RecordingCollector()
    let flow: any Kotlinx_coroutines_coreFlow = ObjCExportedFlow(flowOf(Int32(1), 2, 3))
    try await flow.collect(collector: collector)
    #expect(collector.values.withLock { $0 } == ["1", "2", "3"])
  }

  @Test("collect(collector:completionHandler:) runs as a Kotlin job and reports the flow's failure")
  func completionHandlerCollect() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("a")
      throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "offline")
    }
    let collector = RecordingCollector()
    let outcome: String = await withCheckedContinuation { continuation in
      ObjCExportedFlow(failing).collect(collector: collector) { error in
        continuation.resume(returning: (error as? KotlinThrowable)?.message ?? "no error")
      }
    }
    #expect(outcome == "offline")
    #expect(collector.values.withLock { $0 } == ["a"])
  }

  @Test("a suspend function's completion-handler form gets the value on the main actor")
  func completionHandlerSuspend() async throws {
    let value: Int32? = await withCheckedContinuation { continuation in
      withCompletionHandler({ (value: KotlinInt?, _) in
        MainActor.assertIsolated()
        continuation.resume(returning: value?.int32Value)
      }) {
        try await delay(10)
        return KotlinInt(int: 42)
      }
    }
    #expect(value == 42)
  }

  @Test("a launched Job is a Kotlinx_coroutines_coreJob")
  func jobShape() async throws {
    let scope = MainScope()
    let job: any Kotlinx_coroutines_coreJob = scope.launch { try await awaitCancellation() }
    #expect(job.isActive)
    job.cancel(cause: nil)
    try await job.join()
    #expect(job.isCancelled && job.isCompleted)
  }
}

@Suite("Objective-C export boxes take literals, as NSNumber does")
struct ObjCExportLiteralTests {
  @Test func literals() {
    let score: KotlinInt? = nil
    #expect((score ?? 0).intValue == 0)
    #expect(KotlinInt(integerLiteral: 7).int32Value == 7)
    let ratio: KotlinDouble = 0.5
    let flag: KotlinBoolean = true
    #expect(ratio.doubleValue == 0.5 && flag.boolValue)
  }
}
