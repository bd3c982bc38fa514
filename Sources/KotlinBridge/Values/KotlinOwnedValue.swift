import CInterop

extension KotlinValueCodec {
  /// Decodes a value the module returned *owned* (StateFlow.value, replayCache), then frees what
  /// the decoder did not adopt: strings, list and map storage (object krefs now belong to the result).
  package func takeOwned(_ value: inout shared_Value) throws(KotlinInteropError) -> Value {
    defer {
      Self.forgetObjects(&value)
      shared_Value_dispose(&value)
    }
    return try decode(value)
  }

  private static func forgetObjects(_ value: inout shared_Value) {
    if value.kind == Int32(shared_ValueKind_object.rawValue) {
      value.as.object = nil
    } else if value.kind == Int32(shared_ValueKind_list.rawValue), let items = value.as.list {
      let mutableItems = UnsafeMutablePointer(mutating: items)
      for index in 0..<Int(value.count) { forgetObjects(&mutableItems[index]) }
    } else if value.kind == Int32(shared_ValueKind_map.rawValue), let slots = value.as.map {
      let mutableSlots = UnsafeMutablePointer(mutating: slots)
      for index in 0..<(2 * Int(value.count)) { forgetObjects(&mutableSlots[index]) }
    }
  }
}
