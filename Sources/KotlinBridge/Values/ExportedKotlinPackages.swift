/// The namespace Swift export puts every Kotlin package under.
///
/// Swift export names a Kotlin declaration `ExportedKotlinPackages.<package path>.<Name>` and adds a
/// short top-level typealias where the name is free. Each module (this one for `kotlin.*`, a fake
/// module for its own packages) adds its packages as nested enums in an extension:
///
/// ```swift
/// extension ExportedKotlinPackages {
///   public enum channels {}
/// }
/// ```
public enum ExportedKotlinPackages {}
