// Swift export's generated code imports `KotlinRuntimeSupport`. Here its declarations live in
// KotlinBridge; this module re-exports them under Swift export's module name.
@_exported import KotlinBridge
