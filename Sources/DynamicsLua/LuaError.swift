/// A script failed: a syntax error, a runtime error, the memory cap, or the instruction
/// budget. `description` leads with `file:line:` where Lua knows it, then the traceback.
public struct LuaError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: String, Sendable {
        case syntax, runtime, memory, budget
    }

    public var kind: Kind
    /// The message as Lua reports it ("scene.lua:3: attempt to call a nil value ...").
    public var message: String
    /// "stack traceback: ..." when there is one.
    public var traceback: String?

    public init(kind: Kind, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// `file:line` of the error, if the message starts with one.
    public var location: String? {
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 3, Int(parts[1]) != nil else { return nil }
        return "\(parts[0]):\(parts[1])"
    }

    public var description: String {
        traceback.map { "\(message)\n\($0)" } ?? message
    }
}
