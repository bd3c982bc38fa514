// Swift export puts the Kotlin standard library's declarations (ExportedKotlinPackages.kotlin.*, such
// as Throwable and its exception classes) in a module named `KotlinStdlib`, which generated code and
// user code import. Here they live in KotlinBridge, which needs them to throw Kotlin exceptions; this
// module re-exports them under Swift export's name so such code compiles unchanged.
@_exported import KotlinBridge
