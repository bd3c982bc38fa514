/// An opaque runtime token (a kref's `pinned`, a collection, call or scope handle) as a plain, `Sendable` value.
///
/// Tokens are never dereferenced by Swift; the header allows every handle to be used from any thread, so carrying
/// the bit pattern across tasks is safe.
struct Token: Sendable, Hashable, CustomStringConvertible {
  let bits: UInt

  init(_ pointer: UnsafeMutableRawPointer?) {
    bits = UInt(bitPattern: pointer)
  }

  /// A token made up by a test (e.g. `0xdead0001`), never issued by the runtime.
  init(madeUp bits: UInt) {
    self.bits = bits
  }

  var pointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: bits) }
  var isNull: Bool { bits == 0 }
  var description: String { "0x" + String(bits, radix: 16) }
}
