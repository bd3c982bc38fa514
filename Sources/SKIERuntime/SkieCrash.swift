import CInterop
import Foundation
import KotlinBridge

/// What SKIE's Swift code does with a `fatalError` on iOS, reported instead of done: the Kotlin
/// runtime counts it as a misuse (the test's leak check fails with the message) and the message
/// goes to standard error, so the test process goes on and the test fails clearly.
enum SkieCrash {
  static func report(_ what: String) {
    let message = "this would crash on iOS: SKIE: \(what)"
    KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
