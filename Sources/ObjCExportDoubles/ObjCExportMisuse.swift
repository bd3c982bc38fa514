import CInterop
import KotlinBridge

/// A use of an Objective-C export shape that Kotlin would refuse with an exception (a value of the
/// wrong class, a read-only flow set): reported to the test's Kotlin runtime (its leak check fails
/// with the message) instead of stopping the test process; the call then does nothing.
enum ObjCExportMisuse {
  static func report(_ message: String) {
    KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
  }
}
