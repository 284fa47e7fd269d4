// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Dynamics",
    platforms: [.macOS(.v15)],  // v15: Synchronization.Mutex (HummingbirdWebSocket needs v14)
    products: [
        .library(name: "Dynamics", targets: ["Dynamics"]),
        // The engine alone, for users who want rigid bodies in metres without the model.
        .library(name: "DynamicsEngine", targets: ["DynamicsEngine"]),
        .library(name: "DynamicsLua", targets: ["DynamicsLua"]),
        .library(name: "UIKitCompat", targets: ["UIKitCompat"]),
        .library(name: "DynamicsRender", targets: ["DynamicsRender"]),
        .executable(name: "dynamics", targets: ["dynamics"]),
        .executable(name: "dynamics-serve", targets: ["dynamics-serve"]),
        .plugin(name: "DynamicsTestCommand", targets: ["DynamicsTestCommand"]),
        .plugin(name: "LuaCheckPlugin", targets: ["LuaCheckPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The live viewer's server (dynamics serve): HTTP routes and the /live WebSocket.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev). Only C touches Lua's
        // long-jumping API; see CLuaShim.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),

        // The rigid-body engine (after Box2D v3): bodies, shapes, joints and contacts addressed by
        // generation-checked ids, in metres. It knows nothing of items, behaviors or UIKit.
        // Four-lane shuffles the Swift SIMD types lack (header only), for the wide solver.
        .target(name: "CDynamicsSIMD"),
        .target(name: "DynamicsEngine", dependencies: ["CDynamicsSIMD"]),

        // The public model (UIKit Dynamics without the UI prefix), translated onto the engine.
        .target(name: "Dynamics", dependencies: ["DynamicsEngine"]),

        // UIKit's names (UI prefix) and a minimal headless UIView over Dynamics, for ports.
        .target(name: "UIKitCompat", dependencies: ["Dynamics"]),

        // The Lua boundary: a sandboxed state with limits (its setup is Resources/sandbox.lua), the
        // dynamics module, plugins and modules, the viewer's pointer. docs/architecture.md has the map.
        .target(name: "DynamicsLua", dependencies: ["Dynamics", "CLua", "CLuaShim"],
                resources: [.embedInCode("Resources/dynamics.d.lua"), .embedInCode("Resources/sandbox.d.lua"),
                            .embedInCode("Resources/sandbox.lua")]),

        // The Lua test framework of `dynamics test`: the runner, its test API (Resources/test_api.lua),
        // the physics matchers and goldens (DynamicsRender's, with their pictures). It carries the
        // Lua lint, which checks every Lua file of the package as it builds.
        .target(name: "DynamicsLuaTesting", dependencies: ["Dynamics", "DynamicsLua", "DynamicsRecording", "DynamicsRender", "CLua", "CLuaShim"],
                resources: [.embedInCode("Resources/test_api.lua")], plugins: ["LuaCheckPlugin"]),

        // What `dynamics bench` measures beyond the standard scenes: the Lua-built scenes and the
        // Lua boundary's microbenchmarks.
        .target(name: "DynamicsBench", dependencies: ["Dynamics", "DynamicsScenes", "DynamicsLua", "CLua", "CLuaShim"]),

        // Recordings (.dynrec, docs/recordings.md): the format, its validating reader and writer,
        // the state hash and the replay, shared by the CLI, the viewer and the Lua test API.
        .target(name: "DynamicsRecording", dependencies: ["Dynamics", "DynamicsLua", "DynamicsRender"]),

        // Trace recording and writers: CSV, JSON, animated SVG with a debug overlay.
        .target(name: "DynamicsRender", dependencies: ["Dynamics"]),

        // The standard scenes of DESIGN §7 built in Swift (no Lua), shared by tests and benchmarks.
        .target(name: "DynamicsScenes", dependencies: ["Dynamics"]),

        // SwiftPM plugins: thin, they call tools.
        .plugin(
            name: "DynamicsTestCommand",
            capability: .command(intent: .custom(verb: "dynamics-test", description: "Run the Lua script-driven tests (dynamics test).")),
            dependencies: ["dynamics"]
        ),
        .plugin(name: "LuaCheckPlugin", capability: .buildTool(), dependencies: ["dynamics-luacheck"]),
        .executableTarget(name: "dynamics-luacheck", dependencies: ["CLua", "CLuaShim"]),
        .plugin(name: "DocSnippetsPlugin", capability: .buildTool(), dependencies: ["dynamics-snippets"]),
        .executableTarget(name: "dynamics-snippets"),

        // The live viewer (dynamics serve, DESIGN §9): a Hummingbird server, the page as resources.
        .target(
            name: "DynamicsServe",
            dependencies: [
                "Dynamics", "DynamicsLua", "DynamicsRecording", "DynamicsRender",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            resources: [.copy("Page")]
        ),
        // Its server executable, which `dynamics serve` starts: its own product, so that the
        // CLI (and `make demo`) builds without the server stack.
        .executableTarget(name: "dynamics-serve", dependencies: ["Dynamics", "DynamicsLua", "DynamicsServe"]),

        // The host CLI.
        .executableTarget(
            name: "dynamics",
            dependencies: [
                "Dynamics", "DynamicsLua", "DynamicsLuaTesting", "DynamicsRecording", "DynamicsRender", "DynamicsScenes", "DynamicsBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Examples are real targets, run end to end by the tests and `make demo`.
        .executableTarget(name: "UIKitPorts", dependencies: ["UIKitCompat"], path: "Examples/UIKitPorts"),
        .executableTarget(name: "FallingBoxes", dependencies: ["Dynamics"], path: "Examples/FallingBoxes", exclude: ["falling_boxes.png"]),

        // Shared helpers for the test targets.
        .target(name: "DynamicsTestSupport", dependencies: ["Dynamics", "DynamicsScenes"], path: "Tests/DynamicsTestSupport"),
        .testTarget(name: "DynamicsEngineTests", dependencies: ["DynamicsEngine"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "DynamicsScenes", "DynamicsTestSupport"]),
        .testTarget(name: "CLuaShimTests", dependencies: ["CLuaShim", "CLua"]),
        .testTarget(name: "DynamicsLuaTests", dependencies: ["DynamicsLua", "DynamicsLuaTesting", "DynamicsScenes", "DynamicsBench", "CLua", "CLuaShim", "DynamicsTestSupport"]),
        .testTarget(name: "DynamicsLuaTestingTests", dependencies: ["DynamicsLuaTesting", "DynamicsLua", "DynamicsRecording", "DynamicsTestSupport"]),
        .testTarget(name: "GeometryTests", dependencies: ["Dynamics"]),
        .testTarget(name: "ExampleTests", dependencies: ["Dynamics", "FallingBoxes", "DynamicsTestSupport"]),
        .testTarget(name: "UIKitCompatTests", dependencies: ["UIKitPorts", "UIKitCompat"]),
        .testTarget(name: "CLITests", dependencies: ["dynamics", "dynamics-serve", "DynamicsLua", "DynamicsLuaTesting", "DynamicsTestSupport"]),
        .testTarget(name: "DynamicsRecordingTests", dependencies: ["DynamicsRecording", "Dynamics", "DynamicsLua", "DynamicsTestSupport"]),
        .testTarget(name: "DynamicsRenderTests", dependencies: ["DynamicsRender", "Dynamics", "DynamicsTestSupport"]),
        // The docs' code: their Swift blocks compiled here (DocSnippetsPlugin) and run, their Lua
        // blocks run in the sandbox. Warnings are off: a doc shows values it does not use.
        .testTarget(name: "DocSnippetTests", dependencies: ["Dynamics", "DynamicsLua", "DynamicsEngine", "UIKitCompat", "DynamicsTestSupport"],
                    swiftSettings: [.unsafeFlags(["-suppress-warnings"])], plugins: ["DocSnippetsPlugin"]),
        .testTarget(name: "DynamicsServeTests", dependencies: ["DynamicsServe", "DynamicsLua", "DynamicsLuaTesting", "Dynamics", "CLua", "dynamics", "dynamics-serve", "DynamicsTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
