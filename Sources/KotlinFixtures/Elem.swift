import CInterop
import KotlinBridge

/// `abstract class Elem` of package `fixtures`.
open class Elem: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
}

/// `object Element1 : Elem()`.
public final class Element1: Elem, @unchecked Sendable {
  // @unchecked Sendable: as Elem.
  public static let shared = Element1(
    ref: permanentRef(symbols.pointee.kotlin.root.fixtures.Element1._instance().pinned, "Element1"))
}

/// `object Element2 : Elem()`.
public final class Element2: Elem, @unchecked Sendable {
  // @unchecked Sendable: as Elem.
  public static let shared = Element2(
    ref: permanentRef(symbols.pointee.kotlin.root.fixtures.Element2._instance().pinned, "Element2"))
}

/// `object Element3 : Elem()`.
public final class Element3: Elem, @unchecked Sendable {
  // @unchecked Sendable: as Elem.
  public static let shared = Element3(
    ref: permanentRef(symbols.pointee.kotlin.root.fixtures.Element3._instance().pinned, "Element3"))
}

extension Elem: CustomStringConvertible {
  public var description: String {
    switch self {
    case Element1.shared: "Element1"
    case Element2.shared: "Element2"
    case Element3.shared: "Element3"
    default: "Elem"
    }
  }
}

var symbols: UnsafeMutablePointer<shared_ExportedSymbols> {
  _ = wrappersRegistered
  return KotlinABI.symbols
}

/// The Swift classes of the module's objects, for values whose Kotlin type is erased (`Any`, generic
/// arguments): registered once, before the first binding reaches the module (most derived first).
private let wrappersRegistered: Void = {
  let table = KotlinABI.symbols.pointee.kotlin.root.fixtures
  KotlinObjectWrappers.register(table.Element1._type()) { _ in Element1.shared }
  KotlinObjectWrappers.register(table.Element2._type()) { _ in Element2.shared }
  KotlinObjectWrappers.register(table.Element3._type()) { _ in Element3.shared }
  KotlinObjectWrappers.register(table.Elem._type()) { Elem(ref: $0) }
  KotlinObjectWrappers.register(table.Foo._type()) { _ in Foo.shared }
}()

func permanentRef(_ pointer: shared_KNativePtr?, _ name: String) -> KotlinRef {
  guard let pointer else { preconditionFailure("the Kotlin module has no instance of object \(name)") }
  return KotlinRef(adopting: pointer)
}

extension KotlinValueCodec where Value == Elem {
  /// `Elem`: Kotlin objects map to their one Swift instance, so identity holds.
  static var elem: Self {
    .object("Elem") { ref throws(KotlinInteropError) in
      let table = symbols.pointee.kotlin.root.fixtures
      if KotlinABI.isInstance(ref.pointer, table.Element1._type()) { return Element1.shared }
      if KotlinABI.isInstance(ref.pointer, table.Element2._type()) { return Element2.shared }
      if KotlinABI.isInstance(ref.pointer, table.Element3._type()) { return Element3.shared }
      return Elem(ref: ref)
    }
  }
}

/// `object Foo` of package `fixtures` (the result of `testAny()` and `testObject()`).
public final class Foo: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
  public static let shared = Foo(
    ref: permanentRef(KotlinABI.symbols.pointee.kotlin.root.fixtures.Foo._instance().pinned, "Foo"))
}

extension Foo: CustomStringConvertible {
  public var description: String { "Foo" }
}
