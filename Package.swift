// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "KotlinSwiftInterop",
  products: [
    .library(name: "CInterop", targets: ["CInterop"]),
    .library(name: "KotlinStub", targets: ["KotlinStub"]),
    .library(name: "KotlinBridge", targets: ["KotlinBridge"]),
    .library(name: "KotlinRuntime", targets: ["KotlinRuntime"]),
    .library(name: "KotlinRuntimeSupport", targets: ["KotlinRuntimeSupport"]),
    .library(name: "KotlinCoroutineSupport", targets: ["KotlinCoroutineSupport"]),
    .library(name: "Shared", targets: ["Shared"]),
    .library(name: "FlowTesting", targets: ["FlowTesting"]),
    .library(name: "KotlinTestDoubles", targets: ["KotlinTestDoubles"]),
    .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
    .executable(name: "flowdump", targets: ["flowdump"]),
    .executable(name: "flowbench", targets: ["flowbench"]),
  ],
  targets: [
    // The ABI contract: the header a Kotlin/Native module named `shared` exports, plus the flow and
    // suspend-call conventions. Header only; its one C file checks the struct layouts Swift relies on.
    .target(
      name: "CInterop",
      path: "CInterop",
      sources: ["layout_checks.c"],
      publicHeadersPath: "include"
    ),
    // One implementation of the contract: the fake Kotlin runtime and module (C11 + pthreads).
    // A real Kotlin/Native `libshared` can replace this target without touching Swift code.
    .target(
      name: "KotlinStub",
      dependencies: ["CInterop"],
      path: "kotlin-stub",
      exclude: ["README.md"],
      sources: ["src"],
      publicHeadersPath: "include",
      linkerSettings: [.linkedLibrary("pthread")]
    ),
    // A lock that ThreadSanitizer understands on Linux (see Locked.swift for why not Mutex).
    .target(name: "Locking"),
    // The Swift adaptor: flows as AsyncSequence, suspend functions as async, runtime scopes.
    .target(
      name: "KotlinBridge",
      dependencies: ["CInterop", "Locking"]
    ),
    // Swift export's module names: generated code imports these three. Each re-exports KotlinBridge.
    .target(name: "KotlinRuntime", dependencies: ["KotlinBridge"]),
    .target(name: "KotlinRuntimeSupport", dependencies: ["KotlinBridge"]),
    .target(name: "KotlinCoroutineSupport", dependencies: ["KotlinBridge"]),
    // The bindings Swift export would generate for the Kotlin module `shared` (and `fixtures`).
    .target(
      name: "Shared",
      dependencies: [
        "KotlinBridge", "KotlinRuntime", "KotlinRuntimeSupport", "KotlinCoroutineSupport", "CInterop", "KotlinStub",
      ]
    ),
    // Test doubles for a user's own Kotlin module: flows, state, suspend functions and objects written
    // in Swift, run by the Kotlin runtime (through CInterop's doubles contract) like the fixture module.
    .target(
      name: "KotlinTestDoubles",
      dependencies: ["KotlinBridge", "KotlinRuntime", "KotlinCoroutineSupport", "CInterop", "KotlinStub", "Locking"]
    ),
    // Test support for users' tests: Turbine-style flow assertions, golden snapshots, leak checks.
    .target(
      name: "FlowTesting",
      dependencies: ["KotlinBridge", "Locking"]
    ),
    // A SwiftUI-like renderer that draws text frames, for testing views headlessly.
    .target(
      name: "HeadlessUI",
      dependencies: ["KotlinBridge", "Locking"]
    ),
    // Ready-made views over the Kotlin module (seed 002's counter), for the CLI and for tests.
    .target(
      name: "Scenarios",
      dependencies: ["HeadlessUI", "Shared"]
    ),
    // The command-line tool: dump flows, call suspend functions, render scenarios.
    .executableTarget(
      name: "flowdump",
      dependencies: ["Shared", "HeadlessUI", "Scenarios", "Locking"]
    ),
    // Benchmarks: the bridge against per-element baselines, as ratios measured in one run.
    .executableTarget(
      name: "flowbench",
      dependencies: ["Shared", "HeadlessUI", "Scenarios", "Locking"]
    ),
    .testTarget(
      name: "BridgeTests",
      dependencies: ["Shared", "HeadlessUI", "Scenarios", "FlowTesting", "Locking"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "FlowdumpTests",
      dependencies: ["flowdump"],
      exclude: ["__Goldens__"]
    ),
    .testTarget(
      name: "HeadlessUITests",
      dependencies: ["HeadlessUI", "Shared", "FlowTesting"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "FlowTestingTests",
      dependencies: ["FlowTesting", "Shared"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "SharedTests",
      dependencies: [
        "Shared", "KotlinRuntime", "KotlinRuntimeSupport", "KotlinCoroutineSupport", "FlowTesting", "Locking",
      ]
    ),
    .testTarget(
      name: "KotlinTestDoublesTests",
      dependencies: ["KotlinTestDoubles", "FlowTesting", "Locking"]
    ),
    .testTarget(
      name: "KotlinStubContractTests",
      dependencies: ["CInterop", "KotlinStub", "Locking"],
      path: "Tests/KotlinStubContractTests"
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c11
)
