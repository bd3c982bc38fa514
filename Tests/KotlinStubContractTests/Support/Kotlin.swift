import CInterop

/// Thin Swift wrappers over the module's symbol table (`shared_symbols()`), so tests read like the Kotlin source.
///
/// Functions that create krefs charge them to the calling thread's current scope: call them inside
/// `StubScope.withCurrent { }`.
enum Kotlin {
  static var symbols: shared_ExportedSymbols { shared_symbols().pointee }

  // MARK: Service functions

  static func dispose(_ ref: some KotlinRef) {
    dispose(ref.token)
  }

  static func dispose(_ token: Token) {
    symbols.DisposeStablePointer!(token.pointer)
  }

  static func isInstance(_ ref: some KotlinRef, of type: OpaquePointer?) -> Bool {
    isInstance(ref.token, of: type)
  }

  static func isInstance(_ token: Token, of type: OpaquePointer?) -> Bool {
    symbols.IsInstance!(token.pointer, type)
  }

  static func identical(_ a: some KotlinRef, _ b: some KotlinRef) -> Bool {
    shared_Any_identical(a.pinned, b.pinned)
  }

  /// Copies and releases (`DisposeString`) a string returned by the API.
  static func takeString(_ string: UnsafePointer<CChar>?) -> String? {
    guard let string else { return nil }
    defer { symbols.DisposeString!(string) }
    return String(cString: string)
  }

  // MARK: kotlin.Throwable

  enum Throwable {
    static var type: OpaquePointer? { symbols.kotlin.root.kotlin.Throwable._type!() }
    static func className(_ throwable: ThrowableRef) -> String? {
      takeString(symbols.kotlin.root.kotlin.Throwable.get_className!(throwable))
    }
    static func message(_ throwable: ThrowableRef) -> String? {
      takeString(symbols.kotlin.root.kotlin.Throwable.get_message!(throwable))
    }
  }

  // MARK: shared.Store

  enum Store {
    static var type: OpaquePointer? { symbols.kotlin.root.shared.Store._type!() }
    static func make() -> StoreRef { symbols.kotlin.root.shared.Store.Store!() }
    static func state(_ store: StoreRef) -> StateFlowRef { symbols.kotlin.root.shared.Store.get_state!(store) }
    static func increment(_ store: StoreRef) { symbols.kotlin.root.shared.Store.increment!(store) }
    static func reset(_ store: StoreRef) { symbols.kotlin.root.shared.Store.reset!(store) }
  }

  // MARK: fixtures

  enum Types {
    static var elem: OpaquePointer? { symbols.kotlin.root.fixtures.Elem._type!() }
    static var subject: OpaquePointer? { symbols.kotlin.root.fixtures.Subject._type!() }

    /// `Element1._type()` ... `Element3._type()`.
    static func element(_ number: Int) -> OpaquePointer? {
      let fixtures = symbols.kotlin.root.fixtures
      switch number {
      case 1: return fixtures.Element1._type!()
      case 2: return fixtures.Element2._type!()
      default: return fixtures.Element3._type!()
      }
    }
  }

  /// The permanent kref of `Element1` ... `Element3`.
  static func element(_ number: Int) -> ElemRef {
    let fixtures = symbols.kotlin.root.fixtures
    switch number {
    case 1: return fixtures.Element1._instance!().cast()
    case 2: return fixtures.Element2._instance!().cast()
    default: return fixtures.Element3._instance!().cast()
    }
  }

  enum Subject {
    static func make() -> SubjectRef { symbols.kotlin.root.fixtures.Subject.Subject!() }
    static func mutableStateFlow(_ subject: SubjectRef) -> MutableStateFlowRef {
      symbols.kotlin.root.fixtures.Subject.get_mutableStateFlow!(subject)
    }
    static func stateFlow(_ subject: SubjectRef) -> StateFlowRef {
      symbols.kotlin.root.fixtures.Subject.get_stateFlow!(subject)
    }
    static func mutableSharedFlow(_ subject: SubjectRef) -> MutableSharedFlowRef {
      symbols.kotlin.root.fixtures.Subject.get_mutableSharedFlow!(subject)
    }
    static func sharedFlow(_ subject: SubjectRef) -> SharedFlowRef {
      symbols.kotlin.root.fixtures.Subject.get_sharedFlow!(subject)
    }
    static func counter(_ subject: SubjectRef) -> MutableStateFlowRef {
      symbols.kotlin.root.fixtures.Subject.get_counter!(subject)
    }
  }

  enum Fixtures {
    static func elements() -> FlowRef { symbols.kotlin.root.fixtures.elements!() }
    static func nullableElements() -> FlowRef { symbols.kotlin.root.fixtures.nullableElements!() }
    static func noElements() -> FlowRef { symbols.kotlin.root.fixtures.noElements!() }
    static func words() -> FlowRef { symbols.kotlin.root.fixtures.words!() }
    static func greetings() -> FlowRef { symbols.kotlin.root.fixtures.greetings!() }
    static func lists() -> FlowRef { symbols.kotlin.root.fixtures.lists!() }
    static func unsigned() -> FlowRef { symbols.kotlin.root.fixtures.unsigned_!() }
    static func units() -> FlowRef { symbols.kotlin.root.fixtures.units!() }
    static func failing() -> FlowRef { symbols.kotlin.root.fixtures.failing!() }
    static func discarding() -> FlowRef { symbols.kotlin.root.fixtures.discarding!() }
    static func range(_ count: Int32) -> FlowRef { symbols.kotlin.root.fixtures.range!(count) }
    static func ticks(periodMillis: Int64, count: Int32) -> FlowRef {
      symbols.kotlin.root.fixtures.ticks!(periodMillis, count)
    }
    static func setValue(_ flow: MutableStateFlowRef, _ value: ElemRef) {
      symbols.kotlin.root.fixtures.setValue!(flow, value)
    }
  }
}
