// swift-tools-version:6.0
import PackageDescription

// An app team's package that reaches its Kotlin module through KMP-NativeCoroutines: a fake of the
// module (`TimelineShared`: what `import shared` gives the app, with the `NativeFlow` / `NativeSuspend`
// members the @NativeCoroutines plugin generates), the SwiftUI screen over it (`TimelineUI`, written
// with `import SwiftUI` and `import KMPNativeCoroutinesAsync` as on iOS), and its tests.
let package = Package(
  name: "NativeCoroutinesApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "TimelineShared", targets: ["TimelineShared"]),
    .library(name: "TimelineUI", targets: ["TimelineUI"]),
  ],
  dependencies: [
    .package(name: "KotlinSwiftInterop", path: "../..")
  ],
  targets: [
    .target(
      name: "TimelineShared",
      dependencies: [
        .product(name: "KMPNativeCoroutinesCore", package: "KotlinSwiftInterop"),
        .product(name: "KMPNativeCoroutinesTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinCoroutineSupport", package: "KotlinSwiftInterop"),
      ]
    ),
    .target(
      name: "TimelineUI",
      dependencies: [
        "TimelineShared",
        .product(name: "KMPNativeCoroutinesAsync", package: "KotlinSwiftInterop"),
        .product(name: "SwiftUI", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "TimelineUITests",
      dependencies: [
        "TimelineUI", "TimelineShared",
        .product(name: "HeadlessUI", package: "KotlinSwiftInterop"),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
