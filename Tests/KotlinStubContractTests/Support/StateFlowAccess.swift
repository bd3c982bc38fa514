import CInterop

/// Reading and writing StateFlow / SharedFlow values through the convention functions.
enum StateFlowAccess {
  /// `StateFlow.value`, converted (the owned value is released).
  static func value(_ flow: some KotlinRef) -> (shared_Status, Item) {
    var value = shared_Value()
    let status = shared_StateFlow_value(flow.cast(), &value)
    return (status, Item.taking(&value))
  }

  static func set(_ flow: some KotlinRef, _ value: shared_Value) -> shared_Status {
    var value = value
    return shared_MutableStateFlow_setValue(flow.cast(), &value)
  }

  /// `compareAndSet(expect, update)`: the status and whether it swapped.
  static func compareAndSet(_ flow: some KotlinRef, expect: shared_Value, update: shared_Value) -> (
    shared_Status, Bool
  ) {
    var (expect, update) = (expect, update)
    var swapped = false
    let status = shared_MutableStateFlow_compareAndSet(flow.cast(), &expect, &update, &swapped)
    return (status, swapped)
  }

  /// `SharedFlow.replayCache`, converted (the owned list is released).
  static func replayCache(_ flow: some KotlinRef) -> (shared_Status, Item) {
    var value = shared_Value()
    let status = shared_SharedFlow_replayCache(flow.cast(), &value)
    return (status, Item.taking(&value))
  }

  /// `tryEmit(value)`: the status and whether it emitted.
  static func tryEmit(_ flow: some KotlinRef, _ value: shared_Value) -> (shared_Status, Bool) {
    var value = value
    var emitted = false
    let status = shared_MutableSharedFlow_tryEmit(flow.cast(), &value, &emitted)
    return (status, emitted)
  }
}
