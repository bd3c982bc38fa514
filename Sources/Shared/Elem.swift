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

var symbols: UnsafeMutablePointer<shared_ExportedSymbols> { KotlinABI.symbols }

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
