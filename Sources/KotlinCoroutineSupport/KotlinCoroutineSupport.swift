// Swift export puts the flow protocols (`KotlinTypedFlow`, …) and `KotlinFlowSequence` in the module
// `KotlinCoroutineSupport`. Here they live in KotlinBridge; this module re-exports them under Swift
// export's module name, so `import KotlinCoroutineSupport` and `KotlinCoroutineSupport.KotlinTypedFlow`
// work as in generated code.
@_exported import KotlinBridge
