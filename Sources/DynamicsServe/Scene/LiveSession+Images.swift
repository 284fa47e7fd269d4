import Dynamics
import Foundation

extension LiveSession {
    /// Picture `index` of the scene's styles (`FrameEncoder.images(of:)`), never waiting for
    /// the session; nil for any other index. Only pictures a style named are ever served.
    nonisolated func image(_ index: Int) -> ItemImage? {
        published.withLock { $0.images.indices.contains(index) ? $0.images[index] : nil }
    }
}
