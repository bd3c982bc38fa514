import CInterop

/// One argument of a call into Kotlin, with the codec that lends it to C.
///
/// Arguments are encoded one inside the other (each encoding is valid only while its closure runs), so
/// a list of them becomes one contiguous buffer of `shared_Value`s for the duration of a call.
package struct KotlinArgument {
  fileprivate let encode: ((UnsafePointer<shared_Value>) -> Void) -> Void

  package init<Value>(_ value: Value, _ codec: KotlinValueCodec<Value>) {
    self.encode = { codec.encode(value, $0) }
  }
}

/// Calls `body` with `arguments` encoded into one buffer (borrowed: valid only during `body`).
package func withKotlinArguments<R>(_ arguments: [KotlinArgument], _ body: (UnsafeBufferPointer<shared_Value>) -> R)
  -> R
{
  var encoded: [shared_Value] = []
  encoded.reserveCapacity(arguments.count)
  var result: R?
  func encodeFrom(_ index: Int) {
    guard index < arguments.count else {
      result = encoded.withUnsafeBufferPointer { body($0) }
      return
    }
    arguments[index].encode { value in
      encoded.append(value.pointee)
      encodeFrom(index + 1)
    }
  }
  encodeFrom(0)
  guard let result else { preconditionFailure("an argument codec did not call its body") }
  return result
}
