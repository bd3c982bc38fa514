import CInterop

/// An element type the benchmarks move: decoded straight from a borrowed `shared_Value` by the
/// baselines (as a hand-written wrapper would), and folded into a checksum by every consumer so
/// that no loop can be optimised away.
protocol BenchElement: Sendable {
  /// Decodes a borrowed value of the right kind (the flows are fixed, so a wrong kind is a bug).
  static func decode(_ value: shared_Value) -> Self
  /// What the consumer adds to its checksum.
  var weight: Int64 { get }
}

extension Int32: BenchElement {
  @inline(__always)
  static func decode(_ value: shared_Value) -> Int32 {
    precondition(value.kind == Int32(shared_ValueKind_int.rawValue), "expected a Kotlin Int")
    return value.as.i
  }

  @inline(__always)
  var weight: Int64 { Int64(self) }
}

extension String: BenchElement {
  @inline(__always)
  static func decode(_ value: shared_Value) -> String {
    precondition(value.kind == Int32(shared_ValueKind_string.rawValue), "expected a Kotlin String")
    guard let bytes = value.as.string else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(value.count)), as: UTF8.self)
  }

  @inline(__always)
  var weight: Int64 { Int64(utf8.count) }
}
