import Foundation
import KMPNativeCoroutinesCore
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Locking

/// A fake of a Kotlin class exposed with KMP-NativeCoroutines, as a module's view model would be:
///
/// ```kotlin
/// class Clock {
///     private val _time = MutableStateFlow(0L)
///     @NativeCoroutines val time: StateFlow<Long> = _time
///     @NativeCoroutines val ticks: Flow<Int> = flow { try { repeat(3) { delay(1_000); emit(it) } } finally { … } }
///     @NativeCoroutines suspend fun sync(): String { delay(500); return "synced" }
///     @NativeCoroutines suspend fun fail(): String = throw IOException("offline")
/// }
/// ```
final class FakeClock: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the flows and the flag are thread-safe.
  let mutableTime = MutableStateFlow<Int64>(0)
  /// How many times a Kotlin `finally` of `ticks` or `sync` ran.
  let finallyRuns = Locked(0)

  var time: NativeFlow<Int64, Error, KotlinUnit> { mutableTime.asNativeFlow() }
  var timeValue: Int64 { mutableTime.value }

  var ticks: NativeFlow<Int32, Error, KotlinUnit> {
    flow { [finallyRuns] (collector: FlowCollector<Int32>) in
      defer { finallyRuns.withLock { $0 += 1 } }
      for tick in Int32(0)..<3 {
        try await delay(1_000)
        try await collector.emit(tick)
      }
    }
    .asNativeFlow()
  }

  func sync() -> NativeSuspend<String, Error, KotlinUnit> {
    nativeSuspend { [finallyRuns] in
      defer { finallyRuns.withLock { $0 += 1 } }
      try await delay(500)
      return "synced"
    }
  }

  func fail() -> NativeSuspend<String, Error, KotlinUnit> {
    nativeSuspend {
      try await delay(100)
      throw ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: "java.io.IOException", message: "offline")
    }
  }

  func reset() -> NativeSuspend<KotlinUnit, Error, KotlinUnit> {
    nativeSuspend { [mutableTime] in
      mutableTime.value = 0
      return KotlinUnit.shared
    }
  }
}

/// The Kotlin exception an `NSError` made by KMP-NativeCoroutines carries.
func kotlinException(of error: any Error) -> ExportedKotlinPackages.kotlin.Throwable? {
  (error as NSError).userInfo["KotlinException"] as? ExportedKotlinPackages.kotlin.Throwable
}
