// Swift export's generated code imports `KotlinRuntime` for `KotlinBase` (and writes
// `KotlinRuntime.KotlinBase`). Here the runtime types live in KotlinBridge; this module re-exports
// them under Swift export's module name so such code compiles unchanged.
@_exported import KotlinBridge
