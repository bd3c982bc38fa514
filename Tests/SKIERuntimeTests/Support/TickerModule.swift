import KotlinBridge
import KotlinTestDoubles
import SKIERuntime

/// A fake of this Kotlin class, with the properties SKIE generates for it:
///
/// ```kotlin
/// class Ticker {
///     val counter = MutableStateFlow(0)
///     val ticks: Flow<Int> = flow { for (i in 1..3) { delay(1_000); emit(i) } }
///     val failing: Flow<Int> = flow { emit(1); delay(500); throw IllegalStateException("sensor disconnected") }
///     val events = MutableSharedFlow<String>(replay = 1)
///     val selection = MutableStateFlow<String?>(null)
/// }
/// ```
final class Ticker: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties only; the flows are thread-safe.
  private let counterFlow = MutableStateFlow<Int32>(0)
  private let eventFlow = MutableSharedFlow<String>(replay: 1)
  private let selectionFlow = MutableStateFlow<String?>(nil)

  var counter: SkieSwiftMutableStateFlow<Int32> { SkieSwiftMutableStateFlow(counterFlow) }
  var events: SkieSwiftMutableSharedFlow<String> { SkieSwiftMutableSharedFlow(eventFlow) }
  var selection: SkieSwiftOptionalMutableStateFlow<String> { SkieSwiftMutableStateFlow(selectionFlow) }

  private let tickFlow = flow { (collector: FlowCollector<Int32>) in
    for tick: Int32 in 1...3 {
      try await delay(1_000)
      try await collector.emit(tick)
    }
  }

  private let failingFlow = flow { (collector: FlowCollector<Int32>) in
    try await collector.emit(1)
    try await delay(500)
    throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "sensor disconnected")
  }

  var ticks: SkieSwiftFlow<Int32> { SkieSwiftFlow(tickFlow) }
  var failing: SkieSwiftFlow<Int32> { SkieSwiftFlow(failingFlow) }
}
