import CInterop

extension KotlinValueCodec {
  /// Kotlin `Map<K, V>` as a Swift `[K: V]`, as Swift export bridges it.
  ///
  /// Entries cross in the map's iteration order (a Kotlin `mapOf` keeps insertion order; a Swift
  /// dictionary has none, so a map made in Swift reaches Kotlin in the dictionary's order). Two keys
  /// Kotlin tells apart but Swift's `==` does not (`0.0` and `-0.0`) cannot both become dictionary
  /// keys: decoding such a map throws rather than drop an entry.
  package static func map<Key: Hashable & SendableMetatype, Element>(
    _ key: KotlinValueCodec<Key>, _ element: KotlinValueCodec<Element>
  ) -> KotlinValueCodec<[Key: Element]> where Value == [Key: Element] {
    KotlinValueCodec<[Key: Element]>(
      decode: { value throws(KotlinInteropError) in
        guard value.kind == Int32(shared_ValueKind_map.rawValue) else {
          throw KotlinValueCodec<[Key: Element]>.mismatch(value, expected: "Map")
        }
        let count = Int(value.count)
        guard count > 0, let start = value.as.map else { return [:] }
        let slots = UnsafeBufferPointer(start: start, count: 2 * count)
        var result: [Key: Element] = [:]
        result.reserveCapacity(count)
        for entry in 0..<count {
          var undecoded = 2 * entry  // the first slot no decoder has taken yet
          do throws(KotlinInteropError) {
            undecoded += 1
            let decodedKey = try key.decode(slots[2 * entry])
            undecoded += 1
            let decodedValue = try element.decode(slots[2 * entry + 1])
            guard result.updateValue(decodedValue, forKey: decodedKey) == nil else {
              throw KotlinInteropError(
                code: .unexpectedValue,
                message: "a Kotlin Map has two keys that Kotlin tells apart but Swift's == does not (\(decodedKey)); "
                  + "a [\(Key.self): \(Element.self)] cannot hold both: change the Kotlin keys or the Swift key type")
            }
          } catch {
            disposeObjects(in: slots[undecoded...])
            throw error
          }
        }
        return result
      },
      encode: { dictionary, body in
        let entries = Array(dictionary)
        let encodeSlot: (Int, (UnsafePointer<shared_Value>) -> Void) -> Void = { slot, next in
          let entry = entries[slot / 2]
          if slot % 2 == 0 { key.encode(entry.key, next) } else { element.encode(entry.value, next) }
        }
        withContiguousEncoding(count: 2 * entries.count, encodeSlot) { slots in
          var value = shared_Value()
          value.kind = Int32(shared_ValueKind_map.rawValue)
          value.count = Int32(entries.count)
          value.as.map = slots.baseAddress
          withUnsafePointer(to: value) { body($0) }
        }
      })
  }
}
