// swift-tools-version:6.0
import PackageDescription

// An app team's package: a fake of their Kotlin module (`LoginShared`), the SwiftUI screen over it
// (`LoginUI`), and tests of both, against the harness checked out two directories up.
let package = Package(
  name: "LoginApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "LoginShared", targets: ["LoginShared"]),
    .library(name: "LoginUI", targets: ["LoginUI"]),
  ],
  dependencies: [
    .package(name: "KotlinSwiftInterop", path: "../..")
  ],
  targets: [
    // What `import shared` gives the app on iOS, faked in Swift: the view model and its state.
    .target(
      name: "LoginShared",
      dependencies: [
        .product(name: "KotlinTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinCoroutineSupport", package: "KotlinSwiftInterop"),
      ]
    ),
    // The screen. SwiftUI on Apple platforms; HeadlessUI (the same API, drawn as text) on Linux.
    .target(
      name: "LoginUI",
      dependencies: [
        "LoginShared",
        .product(name: "ObservingViews", package: "KotlinSwiftInterop"),
        .product(
          name: "HeadlessUI", package: "KotlinSwiftInterop",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ]
    ),
    .testTarget(
      name: "LoginSharedTests",
      dependencies: ["LoginShared", .product(name: "FlowTesting", package: "KotlinSwiftInterop")]
    ),
    .testTarget(
      name: "LoginUITests",
      dependencies: [
        "LoginUI", "LoginShared",
        .product(name: "HeadlessUI", package: "KotlinSwiftInterop"),
        .product(name: "ObservingViews", package: "KotlinSwiftInterop"),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
