// swift-tools-version:6.0
// libFuzzer targets for FeedCore's parsers: one executable per parser, each
// built with `-sanitize=fuzzer,address` by `scripts/fuzz` (see there and the
// README's "Fuzzing" section). A package of its own, so the app's normal
// build never compiles any of it.
import Foundation
import PackageDescription

// The Feedline package one folder up. A path dependency's identity is its
// folder's name, lowercased, so it is computed rather than spelled.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

// One fuzz target per parser: `fuzz-<name>` in Sources/fuzz-<name>/.
let names = ["xml", "feed", "jsonfeed", "mastodon", "github", "hackernews",
             "plaintext", "richtext", "linkheader", "dates", "blurhash", "ratelimit"]

let package = Package(
    name: "FeedlineFuzz",
    dependencies: [.package(path: root.path)],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzHarness", dependencies: ["CFuzzerDriver", .product(name: "FeedCore", package: rootIdentity)]),
    ] + names.map { name in
        // Its main.swift hands libFuzzer's driver the parser's
        // `LLVMFuzzerTestOneInput`.
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzHarness"])
    },
    swiftLanguageModes: [.v6]
)
