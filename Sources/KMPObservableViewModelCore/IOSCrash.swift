import CInterop
import Foundation
import KotlinBridge

/// A crash the app would have on iOS — a `fatalError` of KMP-ObservableViewModel, or Kotlin/Native
/// terminating on an exception — reported instead: the Kotlin runtime counts it as a misuse (the
/// test's leak check fails with the message) and the message goes to standard error, so the test
/// process goes on and the test fails clearly. Shared with ObservableViewModelDoubles.
package enum IOSCrash {
  package static func report(_ what: String) {
    let message = "this would crash on iOS: KMP-ObservableViewModel: \(what)"
    KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
