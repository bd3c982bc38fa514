import CInterop

// The C handles are opaque tokens: Swift never dereferences them, and the Kotlin runtime accepts
// them from any thread and checks each use. Passing them between threads is therefore safe.
extension shared_Collection: @retroactive @unchecked Sendable {}  // a token: see above
extension shared_Call: @retroactive @unchecked Sendable {}  // a token: see above
extension shared_Scope: @retroactive @unchecked Sendable {}  // a token: see above
extension shared_OverrideCall: @retroactive @unchecked Sendable {}  // a token: see above
