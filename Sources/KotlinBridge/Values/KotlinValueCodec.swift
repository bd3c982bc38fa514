import CInterop

/// How values of one Swift type cross the C boundary as `shared_Value`s: decoding what the
/// module hands over (borrowed for the duration of a callback) and encoding what Swift passes in
/// (borrowed for the duration of a call). Bindings pick one per declared Kotlin type.
package struct KotlinValueCodec<Value>: Sendable {
  /// Decodes a borrowed value. Object krefs inside it are owned by the decoder (adopt or dispose).
  package let decode: @Sendable (shared_Value) throws(KotlinInteropError) -> Value
  /// Calls `body` with `value` encoded; pointers inside are valid only during `body`.
  package let encode: @Sendable (Value, (UnsafePointer<shared_Value>) -> Void) -> Void
  /// A faster decoder for whole batches, when the type has one (scalars).
  private let batchDecoder: (@Sendable (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> [Value])?

  package init(
    decode: @escaping @Sendable (shared_Value) throws(KotlinInteropError) -> Value,
    encode: @escaping @Sendable (Value, (UnsafePointer<shared_Value>) -> Void) -> Void,
    decodeBatch: (@Sendable (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> [Value])? = nil
  ) {
    self.decode = decode
    self.encode = encode
    self.batchDecoder = decodeBatch
  }

  /// Decodes a whole batch (the hot path of bulk flows). On failure, every object kref of the
  /// batch not adopted yet is disposed before the error is thrown.
  package func decodeBatch(_ items: UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> [Value] {
    if let batchDecoder { return try batchDecoder(items) }
    return try Self.decodeEach(items, decode)
  }

  /// The general batch decoder: element by element, disposing what is left after a failure.
  private static func decodeEach(
    _ items: UnsafeBufferPointer<shared_Value>, _ decode: (shared_Value) throws(KotlinInteropError) -> Value
  ) throws(KotlinInteropError) -> [Value] {
    var result: [Value] = []
    result.reserveCapacity(items.count)
    for index in items.indices {
      do throws(KotlinInteropError) {
        result.append(try decode(items[index]))
      } catch {
        disposeObjects(in: items[(index + 1)...])
        throw error
      }
    }
    return result
  }

  static func mismatch(_ value: shared_Value, expected: String, disposing: Bool = true) -> KotlinInteropError {
    // Object krefs we will not adopt (the value's own, or inside a list or map) are still ours: dispose
    // them so nothing leaks.
    if disposing { disposeObjects(in: CollectionOfOne(value)) }
    return KotlinInteropError(
      code: .unexpectedValue,
      message: "expected \(expected) from Kotlin but got a value of kind \(value.kind); the bindings and the module "
        + "disagree on this declaration's type")
  }

  private static func scalar<T>(
    _ kind: shared_ValueKind, _ name: String, read: @escaping @Sendable (shared_Value) -> T,
    write: @escaping @Sendable (T, inout shared_Value) -> Void,
    decodeBatch: @escaping @Sendable (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> [T]
  ) -> KotlinValueCodec<T> {
    let kind = Int32(kind.rawValue)
    return KotlinValueCodec<T>(
      decode: { value throws(KotlinInteropError) in
        guard value.kind == kind else { throw KotlinValueCodec<T>.mismatch(value, expected: name) }
        return read(value)
      },
      encode: { swiftValue, body in
        var value = shared_Value()
        value.kind = kind
        write(swiftValue, &value)
        withUnsafePointer(to: value) { body($0) }
      },
      decodeBatch: decodeBatch)
  }

  /// A batch of scalars of one kind, decoded in one pass: check each item's kind and copy its
  /// payload into the array's storage. Always inlined into a closure of one concrete type (see the
  /// codecs below), so the loop is specialized, with no generic or closure call per element.
  @inline(__always)
  static func decodeScalars<T>(
    _ items: UnsafeBufferPointer<shared_Value>, kind: shared_ValueKind, expected name: String,
    read: (shared_Value) -> T
  ) throws(KotlinInteropError) -> [T] {
    let kind = Int32(kind.rawValue)
    var wrong: shared_Value?
    let result = [T](unsafeUninitializedCapacity: items.count) { buffer, initialized in
      guard let target = buffer.baseAddress, let source = items.baseAddress else { return }
      for index in 0..<items.count {
        let item = source[index]
        if item.kind != kind {
          wrong = item
          break
        }
        (target + index).initialize(to: read(item))
        initialized = index + 1
      }
    }
    guard let wrong else { return result }
    // Scalars hold no krefs, but the wrong items might: every object kref of the batch is ours.
    disposeObjects(in: items)
    throw KotlinValueCodec<T>.mismatch(wrong, expected: name, disposing: false)
  }

  /// A batch of strings, decoded in one pass into the array's storage. A string of up to 15 UTF-8
  /// bytes is stored inside the `String` itself (Swift's small-string form): no allocation for it.
  static func decodeStrings(_ items: UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> [String] {
    let kind = Int32(shared_ValueKind_string.rawValue)
    var failedAt: Int?
    let result = [String](unsafeUninitializedCapacity: items.count) { buffer, initialized in
      guard let target = buffer.baseAddress, let source = items.baseAddress else { return }
      for index in 0..<items.count {
        let item = source[index]
        guard item.kind == kind, let bytes = item.as.string else {
          failedAt = index
          break
        }
        let utf8 = UnsafeRawBufferPointer(start: bytes, count: Int(item.count))
        (target + index).initialize(to: String(decoding: utf8, as: UTF8.self))
        initialized = index + 1
      }
    }
    guard let failedAt else { return result }
    // As decodeEach: the failing item (disposed by mismatch) and every later object kref are ours.
    disposeObjects(in: items[(failedAt + 1)...])
    throw KotlinValueCodec<String>.mismatch(items[failedAt], expected: "String")
  }
}

extension KotlinValueCodec where Value == Int32 {
  /// Kotlin `Int`.
  package static var int: Self {
    scalar(
      shared_ValueKind_int, "Int", read: { $0.as.i }, write: { $1.as.i = $0 },
      decodeBatch: { items throws(KotlinInteropError) in
        try decodeScalars(items, kind: shared_ValueKind_int, expected: "Int") { $0.as.i }
      })
  }
}

extension KotlinValueCodec where Value == Int64 {
  /// Kotlin `Long`.
  package static var long: Self {
    scalar(
      shared_ValueKind_long, "Long", read: { $0.as.l }, write: { $1.as.l = $0 },
      decodeBatch: { items throws(KotlinInteropError) in
        try decodeScalars(items, kind: shared_ValueKind_long, expected: "Long") { $0.as.l }
      })
  }
}

extension KotlinValueCodec where Value == UInt32 {
  /// Kotlin `UInt`.
  package static var uint: Self {
    scalar(
      shared_ValueKind_uint, "UInt", read: { $0.as.u }, write: { $1.as.u = $0 },
      decodeBatch: { items throws(KotlinInteropError) in
        try decodeScalars(items, kind: shared_ValueKind_uint, expected: "UInt") { $0.as.u }
      })
  }
}

extension KotlinValueCodec where Value == Double {
  /// Kotlin `Double`.
  package static var double: Self {
    scalar(
      shared_ValueKind_double, "Double", read: { $0.as.d }, write: { $1.as.d = $0 },
      decodeBatch: { items throws(KotlinInteropError) in
        try decodeScalars(items, kind: shared_ValueKind_double, expected: "Double") { $0.as.d }
      })
  }
}

extension KotlinValueCodec where Value == Bool {
  /// Kotlin `Boolean`.
  package static var boolean: Self {
    scalar(
      shared_ValueKind_boolean, "Boolean", read: { $0.as.boolean }, write: { $1.as.boolean = $0 },
      decodeBatch: { items throws(KotlinInteropError) in
        try decodeScalars(items, kind: shared_ValueKind_boolean, expected: "Boolean") { $0.as.boolean }
      })
  }
}

extension KotlinValueCodec where Value == KotlinUnit {
  /// Kotlin `Unit`.
  package static var unit: Self {
    scalar(
      shared_ValueKind_unit, "Unit", read: { _ in .shared }, write: { _, _ in },
      decodeBatch: { items throws(KotlinInteropError) in
        try decodeScalars(items, kind: shared_ValueKind_unit, expected: "Unit") { _ in .shared }
      })
  }
}

extension KotlinValueCodec where Value == String {
  /// Kotlin `String`: UTF-8 with an explicit length (empty strings survive). As with any C string,
  /// U+0000 cannot cross: the runtime refuses a string holding it (the count would not match).
  package static var string: Self {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        guard value.kind == Int32(shared_ValueKind_string.rawValue), let bytes = value.as.string else {
          throw mismatch(value, expected: "String")
        }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(value.count))
        return String(decoding: buffer, as: UTF8.self)
      },
      encode: { string, body in
        var copy = string
        copy.withUTF8 { utf8 in
          // The contract wants a NUL terminator after `count` bytes: copy into a terminated buffer.
          let terminated = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
          defer { terminated.deallocate() }
          utf8.withMemoryRebound(to: CChar.self) { source in
            if let base = source.baseAddress { terminated.initialize(from: base, count: utf8.count) }
          }
          terminated[utf8.count] = 0
          var value = shared_Value()
          value.kind = Int32(shared_ValueKind_string.rawValue)
          value.count = Int32(utf8.count)
          value.as.string = UnsafePointer(terminated)
          withUnsafePointer(to: value) { body($0) }
        }
      },
      decodeBatch: { items throws(KotlinInteropError) in try decodeStrings(items) })
  }
}

extension KotlinValueCodec {
  /// Kotlin `T?`: `null` is `nil`.
  package static func optional<Wrapped>(_ wrapped: KotlinValueCodec<Wrapped>) -> KotlinValueCodec<Wrapped?>
  where Value == Wrapped? {
    KotlinValueCodec<Wrapped?>(
      decode: { value throws(KotlinInteropError) in
        value.kind == Int32(shared_ValueKind_null.rawValue) ? nil : try wrapped.decode(value)
      },
      encode: { optional, body in
        guard let some = optional else {
          var null = shared_Value()
          null.kind = Int32(shared_ValueKind_null.rawValue)
          withUnsafePointer(to: null) { body($0) }
          return
        }
        wrapped.encode(some, body)
      })
  }

  /// Kotlin `List<T>`.
  package static func list<Element>(_ element: KotlinValueCodec<Element>) -> KotlinValueCodec<[Element]>
  where Value == [Element] {
    KotlinValueCodec<[Element]>(
      decode: { value throws(KotlinInteropError) in
        guard value.kind == Int32(shared_ValueKind_list.rawValue) else {
          throw KotlinValueCodec<[Element]>.mismatch(value, expected: "List")
        }
        let count = Int(value.count)
        guard count > 0, let items = value.as.list else { return [] }
        var result: [Element] = []
        result.reserveCapacity(count)
        var failure: KotlinInteropError?
        for index in 0..<count {
          if failure != nil {  // keep disposing owned krefs after a failure
            disposeObjects(in: CollectionOfOne(items[index]))
            continue
          }
          do throws(KotlinInteropError) { result.append(try element.decode(items[index])) } catch { failure = error }
        }
        if let failure { throw failure }
        return result
      },
      encode: { list, body in
        withContiguousEncoding(count: list.count, { element.encode(list[$0], $1) }) { items in
          var value = shared_Value()
          value.kind = Int32(shared_ValueKind_list.rawValue)
          value.count = Int32(items.count)
          value.as.list = items.baseAddress
          withUnsafePointer(to: value) { body($0) }
        }
      })
  }

  /// Encodes `count` values (value `i` by `encodeValue(i, next)`) into one contiguous array and calls
  /// `body` with it. An encoded value is valid only inside its encoder's body. Scalars are copied out,
  /// and so are strings (their bytes into memory held until `body` returns), so a list or map of
  /// numbers and strings encodes flat. A value lent with storage of its encoder's (a Kotlin object's
  /// kref, a nested list or map) keeps its encoder's body open: the values after it are encoded inside
  /// that body, and `body` runs inside the last one.
  package static func withContiguousEncoding(
    count: Int, _ encodeValue: (Int, (UnsafePointer<shared_Value>) -> Void) -> Void,
    _ body: (UnsafeBufferPointer<shared_Value>) -> Void
  ) {
    var copiedStrings: [UnsafeMutablePointer<CChar>] = []
    defer { for bytes in copiedStrings { bytes.deallocate() } }
    withoutActuallyEscaping(encodeValue) { encodeValue in
      withoutActuallyEscaping(body) { body in
        var encoded: [shared_Value] = []
        encoded.reserveCapacity(count)
        func encodeFrom(_ start: Int) {
          var index = start
          while index < count {
            var nested = false
            let current = index
            encodeValue(current) { item in
              var value = item.pointee
              switch value.kind {
              case Int32(shared_ValueKind_string.rawValue):
                if let string = value.as.string {  // count bytes and the NUL after them
                  let copy = UnsafeMutablePointer<CChar>.allocate(capacity: Int(value.count) + 1)
                  copy.initialize(from: string, count: Int(value.count) + 1)
                  copiedStrings.append(copy)
                  value.as.string = UnsafePointer(copy)
                }
                encoded.append(value)
              case Int32(shared_ValueKind_object.rawValue), Int32(shared_ValueKind_list.rawValue),
                Int32(shared_ValueKind_map.rawValue):
                encoded.append(value)
                nested = true
                encodeFrom(current + 1)  // the rest, while this value's storage is still lent
              default:
                encoded.append(value)
              }
            }
            if nested { return }  // the nested call encoded the rest and ran `body`
            index += 1
          }
          encoded.withUnsafeBufferPointer(body)
        }
        encodeFrom(0)
      }
    }
  }

  /// A Kotlin class: decoding adopts the kref through `wrap`; encoding lends the object's kref.
  package static func object(
    _ name: String, wrap: @escaping @Sendable (KotlinRef) throws(KotlinInteropError) -> Value
  ) -> KotlinValueCodec where Value: KotlinBase {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        guard value.kind == Int32(shared_ValueKind_object.rawValue), let pointer = value.as.object else {
          throw mismatch(value, expected: name)
        }
        return try wrap(KotlinRef(adopting: pointer))
      },
      encode: { object, body in
        var value = shared_Value()
        value.kind = Int32(shared_ValueKind_object.rawValue)
        value.as.object = object.ref.pointer
        withExtendedLifetime(object) { withUnsafePointer(to: value) { body($0) } }
      })
  }
}

/// Disposes the object krefs (at any depth) in values a decoder will not adopt, so a failed decode
/// leaks nothing.
func disposeObjects(in values: some Collection<shared_Value>) {
  for value in values {
    switch value.kind {
    case Int32(shared_ValueKind_object.rawValue):
      if let pointer = value.as.object { KotlinABI.disposeStablePointer(pointer) }
    case Int32(shared_ValueKind_list.rawValue):
      if let items = value.as.list { disposeObjects(in: UnsafeBufferPointer(start: items, count: Int(value.count))) }
    case Int32(shared_ValueKind_map.rawValue):
      if let slots = value.as.map { disposeObjects(in: UnsafeBufferPointer(start: slots, count: 2 * Int(value.count))) }
    default: break
    }
  }
}
