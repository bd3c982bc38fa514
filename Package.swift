// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "KotlinSwiftInterop",
  products: [
    .library(name: "CInterop", targets: ["CInterop"]),
    .library(name: "KotlinStub", targets: ["KotlinStub"]),
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
    .testTarget(
      name: "KotlinStubContractTests",
      dependencies: ["CInterop", "KotlinStub"],
      path: "Tests/KotlinStubContractTests"
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c11
)
