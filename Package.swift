// swift-tools-version:6.0
import CompilerPluginSupport
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
    .library(name: "KotlinStdlib", targets: ["KotlinStdlib"]),
    .library(name: "KotlinFixtures", targets: ["KotlinFixtures"]),
    .library(name: "FlowTesting", targets: ["FlowTesting"]),
    .library(name: "KotlinTestDoubles", targets: ["KotlinTestDoubles"]),
    // Classic Objective-C export's shapes for a fake module (KotlinInt, KotlinEnum, Kotlinx_coroutines_coreFlow…).
    .library(name: "ObjCExportDoubles", targets: ["ObjCExportDoubles"]),
    // androidx lifecycle's ViewModel, ViewModelStore and ViewModelStoreOwner, as KMP apps export them.
    .library(name: "AndroidxLifecycleDoubles", targets: ["AndroidxLifecycleDoubles"]),
    // What `import Foundation` brings along on Apple platforms (Combine, Observation), for Linux.
    .library(name: "AppleImplicitImports", targets: ["AppleImplicitImports"]),
    .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
    // Linux only: depend on these with `condition: .when(platforms: [.linux])` (Apple's frameworks
    // are used elsewhere).
    .library(name: "SwiftUI", targets: ["SwiftUI"]),
    .library(name: "Combine", targets: ["Combine"]),
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "ObservingViews", targets: ["ObservingViews"]),
    .executable(name: "flowdump", targets: ["flowdump"]),
    .executable(name: "flowbench", targets: ["flowbench"]),
    // KMP-ObservableViewModel
    .library(name: "KMPObservableViewModelCore", targets: ["KMPObservableViewModelCore"]),
    .library(name: "KMPObservableViewModelSwiftUI", targets: ["KMPObservableViewModelSwiftUI"]),
    .library(name: "ObservableViewModelDoubles", targets: ["ObservableViewModelDoubles"]),
    // SKIE
    .library(name: "SKIERuntime", targets: ["SKIERuntime"]),
    // KMP-NativeCoroutines
    .library(name: "KMPNativeCoroutinesCore", targets: ["KMPNativeCoroutinesCore"]),
    .library(name: "KMPNativeCoroutinesAsync", targets: ["KMPNativeCoroutinesAsync"]),
    .library(name: "KMPNativeCoroutinesCombine", targets: ["KMPNativeCoroutinesCombine"]),
    .library(name: "KMPNativeCoroutinesTestDoubles", targets: ["KMPNativeCoroutinesTestDoubles"]),
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
    // Header only: the Swift runtime's task-cancellation query, for the flow iterator's per-element
    // check (see its header for why not Task.isCancelled).
    .target(name: "CTaskShims"),
    // The Swift adaptor: flows as AsyncSequence, suspend functions as async, runtime scopes.
    .target(
      name: "KotlinBridge",
      dependencies: ["CInterop", "CTaskShims", "Locking"]
    ),
    // Swift export's module names: generated code imports these. Each re-exports KotlinBridge
    // (KotlinStdlib for the standard library's classes, such as Throwable and its exceptions).
    .target(name: "KotlinRuntime", dependencies: ["KotlinBridge"]),
    .target(name: "KotlinRuntimeSupport", dependencies: ["KotlinBridge"]),
    .target(name: "KotlinCoroutineSupport", dependencies: ["KotlinBridge"]),
    .target(name: "KotlinStdlib", dependencies: ["KotlinBridge"]),
    // The bindings Swift export would generate for the Kotlin module `shared` (and `fixtures`).
    .target(
      name: "KotlinFixtures",
      dependencies: [
        "KotlinBridge", "KotlinRuntime", "KotlinRuntimeSupport", "KotlinCoroutineSupport", "KotlinStdlib", "CInterop",
        "KotlinStub",
      ]
    ),
    // Test doubles for a user's own Kotlin module: flows, state, suspend functions and objects written
    // in Swift, run by the Kotlin runtime (through CInterop's doubles contract) like the fixture module.
    .target(
      name: "KotlinTestDoubles",
      dependencies: ["KotlinBridge", "KotlinRuntime", "KotlinCoroutineSupport", "CInterop", "KotlinStub", "Locking"]
    ),
    // Objective-C export's shapes of a Kotlin framework (boxes, enums, untyped flows, jobs, suspend
    // functions' completion handlers) over the test doubles.
    .target(
      name: "ObjCExportDoubles",
      dependencies: ["KotlinBridge", "KotlinTestDoubles", "CInterop", "Locking"]
    ),
    // androidx.lifecycle's ViewModel (viewModelScope, onCleared), ViewModelStore, ViewModelStoreOwner.
    .target(
      name: "AndroidxLifecycleDoubles",
      dependencies: ["KotlinBridge", "KotlinTestDoubles", "Locking"]
    ),
    // Re-exports what Apple's Foundation brings along (Combine, Observation): a user's target imports it
    // implicitly with one setting (see its source).
    .target(name: "AppleImplicitImports", dependencies: ["Combine"]),
    // Test support for users' tests: Turbine-style flow assertions, golden snapshots, leak checks.
    .target(
      name: "FlowTesting",
      dependencies: ["KotlinBridge", "Locking"]
    ),
    // The subset of Apple's Combine that app code uses (publishers, subjects, ObservableObject,
    // @Published), for Linux, where Combine does not exist.
    .target(name: "Combine", dependencies: ["Locking"]),
    // A SwiftUI-like renderer that draws text frames, for testing views headlessly.
    .target(
      name: "HeadlessUI",
      dependencies: ["KotlinBridge", "Locking", "Combine"]
    ),
    // `import SwiftUI` on Linux: HeadlessUI's views under SwiftUI's name, with Combine and
    // Observation re-exported as Apple's SwiftUI does.
    .target(name: "SwiftUI", dependencies: ["HeadlessUI", "Combine", "UIKit", "PreviewsMacros"]),
    // `import UIKit` on Linux: the UIKit types SwiftUI code reaches for (colours, images, fonts,
    // UIApplication.shared, UIScreen, UIDevice, appearance proxies), with no effects. SwiftUI re-exports it
    // as Apple's does.
    .target(name: "UIKit", dependencies: ["HeadlessUI", "_Testing_UIKit"]),
    // The cross-import overlay Swift Testing asks for when a test file imports Testing and UIKit (see its
    // source): empty, since Linux's toolchain has none.
    .target(name: "_Testing_UIKit"),
    // The compiler plugin behind `#Preview` (expands to nothing; no swift-syntax: see its main.swift).
    .macro(name: "PreviewsMacros"),
    // Seed 002's ObservingView and Remember for users' views: over SwiftUI on Apple platforms, over
    // HeadlessUI where SwiftUI does not exist (the condition matches the #if in its sources).
    .target(
      name: "ObservingViews",
      dependencies: [
        "KotlinBridge",
        .target(name: "HeadlessUI", condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ]
    ),
    // Ready-made views over the Kotlin module (seed 002's counter), for the CLI and for tests.
    .target(
      name: "Scenarios",
      dependencies: ["HeadlessUI", "ObservingViews", "KotlinFixtures"]
    ),
    // The command-line tool: dump flows, call suspend functions, render scenarios.
    .executableTarget(
      name: "flowdump",
      dependencies: ["KotlinFixtures", "HeadlessUI", "Scenarios", "KotlinTestDoubles", "Locking"]
    ),
    // Benchmarks: the bridge against per-element baselines, as ratios measured in one run.
    .executableTarget(
      name: "flowbench",
      dependencies: ["KotlinFixtures", "HeadlessUI", "ObservingViews", "Scenarios", "FlowTesting", "Locking"]
    ),
    .testTarget(
      name: "BridgeTests",
      dependencies: ["KotlinFixtures", "HeadlessUI", "Scenarios", "FlowTesting", "Locking"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "FlowdumpTests",
      dependencies: ["flowdump", "KotlinTestDoubles"],
      exclude: ["__Goldens__", "__Scripts__"]
    ),
    .testTarget(
      name: "HeadlessUITests",
      dependencies: ["HeadlessUI", "KotlinFixtures", "FlowTesting"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "SwiftUITests",
      dependencies: ["SwiftUI", "HeadlessUI", "Combine", "UIKit", "KotlinFixtures", "FlowTesting"]
    ),
    .testTarget(
      name: "CombineTests",
      dependencies: ["Combine", "Locking"]
    ),
    .testTarget(
      name: "FlowTestingTests",
      dependencies: ["FlowTesting", "KotlinFixtures"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "KotlinFixturesTests",
      dependencies: [
        "KotlinFixtures", "KotlinRuntime", "KotlinRuntimeSupport", "KotlinCoroutineSupport", "KotlinStdlib", "FlowTesting",
        "Locking",
      ]
    ),
    .testTarget(
      name: "KotlinTestDoublesTests",
      dependencies: ["KotlinTestDoubles", "ObjCExportDoubles", "AndroidxLifecycleDoubles", "FlowTesting", "Locking"]
    ),
    .testTarget(
      name: "KotlinStubContractTests",
      dependencies: ["CInterop", "KotlinStub", "Locking"],
      path: "Tests/KotlinStubContractTests"
    ),
    // KMP-ObservableViewModel
    // The library's Swift side: the ViewModel protocol and its ObservableObject wrapper. Crashes the
    // library would have on iOS are reported to the Kotlin runtime as misuses instead.
    .target(
      name: "KMPObservableViewModelCore",
      dependencies: [
        "KotlinBridge", "CInterop", "KotlinStub", "Locking",
        .target(name: "Combine", condition: .when(platforms: [.linux])),
      ]
    ),
    // @StateViewModel, @ObservedViewModel, @EnvironmentViewModel over SwiftUI (this package's on Linux).
    .target(
      name: "KMPObservableViewModelSwiftUI",
      dependencies: [
        "KMPObservableViewModelCore",
        .target(name: "SwiftUI", condition: .when(platforms: [.linux])),
      ]
    ),
    // The library's Kotlin side for a fake module: the ViewModel base class, its viewModelScope and
    // MutableStateFlow(viewModelScope, …), run by the Kotlin runtime through the test doubles.
    .target(
      name: "ObservableViewModelDoubles",
      dependencies: [
        "KMPObservableViewModelCore", "KotlinTestDoubles", "KotlinBridge", "CInterop", "KotlinStub", "Locking",
      ]
    ),
    .testTarget(
      name: "KMPObservableViewModelTests",
      dependencies: [
        "KMPObservableViewModelCore", "KMPObservableViewModelSwiftUI", "ObservableViewModelDoubles",
        "KotlinTestDoubles", "HeadlessUI", "SwiftUI", "FlowTesting", "Locking",
      ]
    ),
    // SKIE
    // The Swift code SKIE generates into a Kotlin module (flow classes with non-throwing iteration,
    // Observing, collect(flow:…)), as a module a fake module re-exports. SKIE's fatalErrors are
    // reported to the Kotlin runtime as misuses instead.
    .target(
      name: "SKIERuntime",
      dependencies: [
        "KotlinBridge", "CInterop", "KotlinStub",
        .target(name: "SwiftUI", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "SKIERuntimeTests",
      dependencies: ["SKIERuntime", "KotlinTestDoubles", "HeadlessUI", "SwiftUI", "FlowTesting"]
    ),
    // KMP-NativeCoroutines
    // The library's Swift packages under their names: NativeFlow / NativeSuspend and the callbacks…
    .target(name: "KMPNativeCoroutinesCore"),
    // …async/await over them (asyncSequence(for:), asyncFunction(for:), …), paced like the bridge's flows…
    .target(
      name: "KMPNativeCoroutinesAsync",
      dependencies: ["KMPNativeCoroutinesCore", "KotlinBridge", "Locking"]
    ),
    // …and Combine publishers over them (this package's Combine on Linux).
    .target(
      name: "KMPNativeCoroutinesCombine",
      dependencies: ["KMPNativeCoroutinesCore", "Combine", "Locking"]
    ),
    // The Kotlin half a fake module needs (what the @NativeCoroutines plugin generates): asNativeFlow()
    // and nativeSuspend { }, run as Kotlin jobs of the runtime.
    .target(
      name: "KMPNativeCoroutinesTestDoubles",
      dependencies: ["KMPNativeCoroutinesCore", "KotlinBridge", "KotlinTestDoubles", "CInterop", "Locking"]
    ),
    .testTarget(
      name: "KMPNativeCoroutinesTests",
      dependencies: [
        "KMPNativeCoroutinesCore", "KMPNativeCoroutinesAsync", "KMPNativeCoroutinesCombine",
        "KMPNativeCoroutinesTestDoubles", "KotlinTestDoubles", "FlowTesting", "Combine", "Locking",
      ]
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c11
)
