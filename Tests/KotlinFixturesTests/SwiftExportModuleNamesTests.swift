import KotlinCoroutineSupport
import KotlinFixtures
import KotlinRuntime
import KotlinRuntimeSupport
import Testing

/// Generated Swift export code names types through its modules; those spellings must resolve here.
@Suite("Swift export module names")
struct SwiftExportModuleNamesTests {
  @Test("KotlinRuntime.KotlinBase and KotlinCoroutineSupport.KotlinTypedFlow resolve as in generated code")
  func qualifiedNamesResolve() async throws {
    let store: KotlinRuntime.KotlinBase = Store()
    let flow: any KotlinCoroutineSupport.KotlinTypedStateFlow<Int32> = (store as! Store).state
    #expect(flow.value == 0)
    var seen: [Int32] = []
    for try await value in flow.asAsyncSequence() {
      seen.append(value)
      break
    }
    #expect(seen == [0])
  }
}
