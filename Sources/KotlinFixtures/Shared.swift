// `import Shared` is all a user needs, as with Swift export's generated module: the flow protocols
// and runtime types come along.
@_exported import KotlinBridge
