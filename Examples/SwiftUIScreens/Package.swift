// swift-tools-version:6.0
// Six screens written the way KMP iOS apps write them (`import SwiftUI`, `import Combine`, view
// models over Kotlin flows), compiled unchanged on Linux against the harness's SwiftUI and Combine
// modules, and tested with HeadlessHost. On Apple platforms the same target would use Apple's
// frameworks: the SwiftUI/Combine products are Linux-only dependencies.
import PackageDescription

let package = Package(
  name: "SwiftUIScreens",
  dependencies: [
    .package(name: "KotlinSwiftInterop", path: "../..")
  ],
  targets: [
    .target(
      name: "Screens",
      dependencies: [
        .product(name: "KotlinFixtures", package: "KotlinSwiftInterop"),
        .product(name: "SwiftUI", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
        .product(name: "Combine", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
        .product(name: "UIKit", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "ScreensTests",
      dependencies: [
        "Screens",
        .product(name: "KotlinFixtures", package: "KotlinSwiftInterop"),
        .product(name: "HeadlessUI", package: "KotlinSwiftInterop"),
        .product(name: "UIKit", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
