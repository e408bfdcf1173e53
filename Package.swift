// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Feedline",
    products: [
        .executable(name: "feedline", targets: ["feedline"]),
        .executable(name: "feedline-bench", targets: ["feedline-bench"]),
        // For Fuzz/ (scripts/fuzz), which builds FeedCore's parsers on their own.
        .library(name: "FeedCore", targets: ["FeedCore"]),
    ],
    dependencies: [
        // SQLite, for the store of subscriptions and items.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // GTK 4 as Swift sees it: `pkg-config gtk4`.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // The C the app needs and Swift cannot write, a file per mechanism
        // (include/CGtkShim.h lists them): the GLib watch that drains the
        // dispatch main queue, the list model, the image decoder, variadic
        // calls, accessibility setters, inline pictures, link anchors, and
        // GLib's slices handed to malloc before GLib starts.
        .target(
            name: "CGtkShim",
            dependencies: ["CGtk"],
            linkerSettings: [.linkedLibrary("dispatch")]
        ),
        // The thin Swift layer over GTK. Every C pointer stays in here.
        .target(name: "GtkKit", dependencies: ["CGtk", "CGtkShim"]),
        // libxml2, which reads XML feeds (recover mode, no DTDs, no network,
        // a depth limit): `pkg-config libxml-2.0`.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Frees the parsed URL FoundationNetworking leaks on every request
        // (CurlURLHandles.c). Its three functions replace libcurl's for
        // the whole process, so whatever links it exports them.
        .target(
            name: "CCurlHandles",
            linkerSettings: [
                .linkedLibrary("dl"),
                .unsafeFlags(["curl_url", "curl_url_cleanup", "curl_free"].flatMap {
                    ["-Xlinker", "--export-dynamic-symbol=\($0)"]
                }),
            ]
        ),
        // Feeds, paging and parsing. Imports no GTK.
        .target(name: "FeedCore", dependencies: ["CLibXML2", "CCurlHandles"]),
        // The local store: subscriptions and their items in SQLite
        // (GRDB), paged by keyset, updated off the main thread. No GTK.
        .target(name: "FeedStore", dependencies: ["FeedCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // libsecret, the desktop's Secret Service: `pkg-config libsecret-1`.
        .systemLibrary(
            name: "CSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        // Sync accounts' passwords in the Secret Service. Its C pointers
        // stay in here. No GTK.
        .target(name: "Secrets", dependencies: ["CSecret"]),
        // The app's window, list and actions, as a library tests can drive.
        .target(name: "FeedlineUI", dependencies: ["GtkKit", "FeedCore", "FeedStore", "Secrets"]),
        .executableTarget(name: "feedline", dependencies: ["FeedlineUI", "GtkKit"]),
        // An HTTP server on 127.0.0.1 and the pictures it can make, for the
        // benchmark and the tests (never the app).
        .target(name: "Loopback"),
        // The benchmark: the real window, scrolled by the frame clock, its
        // made-up feed and the tutorials' prefetch triggers it compares
        // with Feedline's. FeedlineUI lends it what it needs through
        // `package` access; the app ships none of it.
        .target(name: "FeedlineBench", dependencies: ["FeedlineUI", "GtkKit", "FeedCore", "FeedStore", "Loopback"]),
        // Its image scenario serves pictures with the loopback server.
        .executableTarget(name: "feedline-bench", dependencies: ["FeedlineBench", "Loopback"]),
        // Real feed files and a source the tests can hold and release.
        .target(name: "FeedTestSupport", dependencies: ["FeedCore", "Loopback"], path: "Tests/FeedTestSupport"),
        // Test hooks the app must not ship: checks of what GTK tells screen
        // readers and of the clipboard, in C and in Swift. Only test targets
        // depend on these, never a product.
        .target(name: "CGtkTestSupport", dependencies: ["CGtk"], path: "Tests/CGtkTestSupport"),
        .target(
            name: "GtkKitTestSupport",
            dependencies: ["GtkKit", "CGtk", "CGtkTestSupport"],
            path: "Tests/GtkKitTestSupport"
        ),
        // malloc's count of the heap in use, for tests of what an action keeps.
        .target(name: "CHeapStats", path: "Tests/CHeapStats"),
        .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore", "FeedTestSupport", "Loopback", "CHeapStats"]),
        .testTarget(name: "FeedStoreTests", dependencies: ["FeedStore", "FeedCore", "FeedTestSupport", "Loopback", "Secrets",
                                                          .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "CHeapStats"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets", "FeedTestSupport"]),
        .testTarget(
            name: "FeedlineUITests",
            dependencies: ["FeedlineUI", "GtkKit", "GtkKitTestSupport", "CGtk", "FeedCore", "FeedStore", "FeedTestSupport",
                           "Loopback"]
        ),
        .testTarget(name: "FeedlineBenchTests", dependencies: ["FeedlineBench", "FeedCore", "FeedStore"]),
    ],
    swiftLanguageModes: [.v6]
)
