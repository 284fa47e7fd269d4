import Foundation

/// Where a writer's text goes (a file, or a string in memory), in pieces, at most `limit`
/// bytes in all: the writers (`TraceRecorder.writeCSV`, `writeJSON`, `writeSVG`) stream
/// through it, so what they hold at once is one piece (a sample's rows, an item's group), not
/// the file, and they stop at the limit with a complete document. Writers are given one whose
/// limit is the recorder's `maximumBytes` (what its estimate keeps the samples under), so a
/// written file never passes that bound, whatever the estimate missed.
///
/// A piece is written whole or not at all: one that would pass the limit, less `reserve` for
/// the closing text the writer still owes, is refused (`isTruncated` turns true, and the
/// writer stops adding pieces), while closing text (`close`) is always written. So a file
/// ends at most `reserve` bytes past `limit − reserve`, and is well formed whatever stopped it.
public final class TraceOutput {
    /// Most bytes written in all.
    public let limit: Int
    /// Bytes kept back for the closing text a writer owes (at most half the limit).
    public static let reserve = 256
    /// Bytes written so far.
    public private(set) var count = 0
    /// True once a piece did not fit: the document ends early.
    public private(set) var isTruncated = false

    private var buffer: [UInt8] = []
    private let chunk = 1 << 16
    private let destination: (UnsafeRawBufferPointer) throws -> Void
    /// The first failure of the destination (a full disk): later writes are dropped, and
    /// `finish` throws it.
    private var failure: Error?

    /// An output that hands its bytes, in chunks of up to 64 KiB, to `destination`.
    public init(limit: Int = .max, destination: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.limit = limit
        self.destination = destination
        buffer.reserveCapacity(chunk)
    }

    /// Whether `bytes` more fit under the limit with the reserve left.
    public func fits(_ bytes: Int) -> Bool {
        !isTruncated && count + bytes <= limit - min(limit / 2, TraceOutput.reserve)
    }

    /// Writes `text` if it fits (see the type); false, with nothing written, when it does not.
    @discardableResult
    public func piece(_ text: String) -> Bool {
        let n = text.utf8.count
        guard fits(n) else {
            isTruncated = true
            return false
        }
        append(text)
        return true
    }

    /// Writes `text` whatever the limit: the short closing text a document owes.
    public func close(_ text: String) {
        append(text)
    }

    /// Hands over what is buffered; throws the destination's first failure.
    public func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func append(_ text: String) {
        count += text.utf8.count
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= chunk { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do { try buffer.withUnsafeBytes { try destination($0) } } catch { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Collects what a writer writes into a string (`limit`: the writer's bound).
    static func collecting(limit: Int = .max, _ write: (TraceOutput) throws -> Void) rethrows -> String {
        var bytes: [UInt8] = []
        let output = TraceOutput(limit: limit) { bytes.append(contentsOf: $0) }
        try write(output)
        try? output.finish()
        return String(decoding: bytes, as: UTF8.self)
    }
}
