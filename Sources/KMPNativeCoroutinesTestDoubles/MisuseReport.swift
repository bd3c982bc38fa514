import CInterop
import KotlinBridge

/// Reports what the real library would do on iOS but the harness refuses to do (hang, crash) as a
/// misuse of `scope` — the leak check then fails the test with `message` — and prints it, so that a
/// test without a leak check sees it too.
enum MisuseReport {
  static func report(_ message: String, in scope: KotlinRuntimeScope?) {
    KotlinRuntimeScope.$current.withValue(scope) {
      KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
    }
    print("KMP-NativeCoroutines (harness): \(message)")
  }
}
