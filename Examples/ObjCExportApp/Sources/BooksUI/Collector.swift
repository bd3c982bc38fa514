import Shared

/// The FlowCollector of classic Objective-C export apps: a Kotlin flow's values, cast to `T`, to a
/// callback.
final class Collector<T>: Kotlinx_coroutines_coreFlowCollector {
  let callback: (T) -> Void

  init(callback: @escaping (T) -> Void) {
    self.callback = callback
  }

  func emit(value: Any?, completionHandler: @escaping (Error?) -> Void) {
    if let value = value as? T {
      callback(value)
    }
    completionHandler(nil)
  }
}
