import Foundation
import Dynamics

// The flow layout's grid: computed once per invalidation that covers it, then searched.
// Along = the scroll direction (y when vertical), across = the other (x when vertical).

/// One line of a section: its items (`first`, `count`) and its extent along the scroll direction.
struct FlowLine {
    var first: Int
    var count: Int
    var minAlong: CGFloat
    var maxAlong: CGFloat
}

/// One section of the grid.
struct FlowSection {
    /// The section's extent along the scroll direction, header and footer included (points).
    var minAlong: CGFloat = 0
    var maxAlong: CGFloat = 0
    var header: UICollectionViewLayoutAttributes?
    var footer: UICollectionViewLayoutAttributes?
    var cells: [UICollectionViewLayoutAttributes] = []
    /// The cells' frames as computed (searches read these, not the attributes a caller may change).
    var frames: [CGRect] = []
    var headerFrame: CGRect = .null
    var footerFrame: CGRect = .null
    var lines: [FlowLine] = []
}

struct FlowGrid {
    var sections: [FlowSection] = []
    var contentSize: CGSize = .zero
    /// The extent across the scroll direction the grid was computed for (NaN: none yet).
    var extent: CGFloat = .nan
    var direction: UICollectionView.ScrollDirection = .vertical

    /// Item counts per section, for messages.
    var sectionCountsDescription: String {
        sections.isEmpty ? "no items" : "items per section: " + sections.prefix(8).map { "\($0.cells.count)" }.joined(separator: ", ") + (sections.count > 8 ? ", …" : "")
    }

    /// The along-axis interval of `rect`.
    private func alongRange(_ rect: CGRect) -> (CGFloat, CGFloat) {
        direction == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    /// Every element whose frame overlaps `rect` (shares more than an edge with it): per
    /// section, the header, the cells in order, the footer. O(log n + k) for k elements found.
    func attributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        var out: [UICollectionViewLayoutAttributes] = []
        guard !rect.isNull, !rect.isEmpty || rect.width > 0 || rect.height > 0 else { return out }
        let (lo, hi) = alongRange(rect)
        var s = firstIndex(sections.count) { sections[$0].maxAlong >= lo }
        while s < sections.count, sections[s].minAlong <= hi {
            let section = sections[s]
            if let h = section.header, section.headerFrame.overlaps(rect) { out.append(h) }
            var l = firstIndex(section.lines.count) { section.lines[$0].maxAlong >= lo }
            while l < section.lines.count, section.lines[l].minAlong <= hi {
                let line = section.lines[l]
                for i in line.first..<(line.first + line.count) where section.frames[i].overlaps(rect) {
                    out.append(section.cells[i])
                }
                l += 1
            }
            if let f = section.footer, section.footerFrame.overlaps(rect) { out.append(f) }
            s += 1
        }
        return out
    }

    /// The first index in 0..<count where `isAtOrPast` holds (it must be monotonic), or count.
    private func firstIndex(_ count: Int, _ isAtOrPast: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAtOrPast(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

extension UICollectionViewFlowLayout {
    /// The metrics of one section, validated.
    private struct SectionMetrics {
        var inset: UIEdgeInsets
        var lineSpacing: CGFloat
        var interitemSpacing: CGFloat
        var header: CGSize
        var footer: CGSize
    }

    private func metrics(for section: Int, in cv: UICollectionView, delegate d: UICollectionViewDelegateFlowLayout?) -> SectionMetrics {
        let owner = "\(type(of: self))"
        guard let d else {
            return SectionMetrics(inset: sectionInset, lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
                                  header: headerReferenceSize, footer: footerReferenceSize)
        }
        var inset = d.collectionView(cv, layout: self, insetForSectionAt: section)
        if !UIKitInput.insets(inset, owner, "collectionView(_:layout:insetForSectionAt: \(section))") { inset = .zero }
        var line = d.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: section)
        if !UIKitInput.finite(line, owner, "collectionView(_:layout:minimumLineSpacingForSectionAt: \(section))") { line = 0 }
        var inter = d.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: section)
        if !UIKitInput.finite(inter, owner, "collectionView(_:layout:minimumInteritemSpacingForSectionAt: \(section))") { inter = 0 }
        var header = d.collectionView(cv, layout: self, referenceSizeForHeaderInSection: section)
        if !UIKitInput.size(header, owner, "collectionView(_:layout:referenceSizeForHeaderInSection: \(section))") { header = .zero }
        var footer = d.collectionView(cv, layout: self, referenceSizeForFooterInSection: section)
        if !UIKitInput.size(footer, owner, "collectionView(_:layout:referenceSizeForFooterInSection: \(section))") { footer = .zero }
        return SectionMetrics(inset: inset, lineSpacing: line, interitemSpacing: inter, header: header, footer: footer)
    }

    /// Lays out every section (see the type's documentation for the rules).
    func computeGrid(for cv: UICollectionView) -> FlowGrid {
        let vertical = scrollDirection == .vertical
        let extent = acrossExtent(of: cv)
        let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout
        let owner = "\(type(of: self))"
        /// A rectangle from along/across coordinates.
        func rect(across u: CGFloat, along v: CGFloat, acrossSize w: CGFloat, alongSize h: CGFloat) -> CGRect {
            vertical ? CGRect(x: u, y: v, width: w, height: h) : CGRect(x: v, y: u, width: h, height: w)
        }
        let fits: CGFloat = 1e-4 // points of slack when testing whether an item fits a line

        var grid = FlowGrid()
        grid.extent = extent
        grid.direction = scrollDirection
        var v: CGFloat = 0
        let sectionCount = cv.numberOfSections
        grid.sections.reserveCapacity(sectionCount)
        for s in 0..<sectionCount {
            let m = metrics(for: s, in: cv, delegate: delegate)
            let n = cv.numberOfItems(inSection: s)
            var section = FlowSection()
            section.minAlong = v
            let leadAcross = vertical ? m.inset.left : m.inset.top
            let trailAcross = vertical ? m.inset.right : m.inset.bottom
            let leadAlong = vertical ? m.inset.top : m.inset.left
            let trailAlong = vertical ? m.inset.bottom : m.inset.right
            let available = extent - leadAcross - trailAcross

            /// A header or footer of reference size `size` at `v` (nil when it has no extent
            /// along the scroll direction); `v` moves past it.
            func supplementary(_ kind: String, _ size: CGSize) -> UICollectionViewLayoutAttributes? {
                let along = vertical ? size.height : size.width
                guard along > 0 else { return nil }
                let a = makeAttributes(at: IndexPath(item: 0, section: s), supplementaryKind: kind)
                a.frame = rect(across: 0, along: v, acrossSize: extent, alongSize: along)
                v += along
                return a
            }

            section.header = supplementary(UICollectionView.elementKindSectionHeader, m.header)
            section.headerFrame = section.header?.frame ?? .null
            v += leadAlong

            // Item sizes (across, along).
            var sizes: [CGSize] = []
            sizes.reserveCapacity(n)
            let estimate: CGSize? = isSelfSizing && estimatedItemSize != UICollectionViewFlowLayout.automaticSize ? estimatedItemSize : nil
            for i in 0..<n {
                var size = itemSize
                if isSelfSizing, let preferred = preferredSizes[IndexPath(item: i, section: s)] {
                    size = preferred
                } else if let estimate {
                    size = estimate
                } else if let delegate {
                    let asked = delegate.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: i, section: s))
                    if UIKitInput.size(asked, owner, "collectionView(_:layout:sizeForItemAt: [\(s), \(i)])") { size = asked }
                }
                sizes.append(vertical ? size : CGSize(width: size.height, height: size.width))
            }
            let uniform = sizes.allSatisfy { $0.width == sizes.first?.width }

            // Lines.
            section.frames = [CGRect](repeating: .zero, count: n)
            var first = 0
            while first < n {
                var used = sizes[first].width
                var end = first + 1
                while end < n, used + m.interitemSpacing + sizes[end].width <= available + fits {
                    used += m.interitemSpacing + sizes[end].width
                    end += 1
                }
                let count = end - first
                let isLast = end == n
                var thickness: CGFloat = 0
                for i in first..<end { thickness = max(thickness, sizes[i].height) }

                var u = leadAcross
                var gap = m.interitemSpacing
                if !isLast {
                    if count == 1 {
                        if sizes[first].width < available { u += (available - sizes[first].width) / 2 }
                    } else {
                        var widths: CGFloat = 0
                        for i in first..<end { widths += sizes[i].width }
                        gap = (available - widths) / CGFloat(count - 1)
                    }
                } else if uniform, count >= 1 {
                    let w = sizes[first].width, step = w + m.interitemSpacing
                    if step > 0 {
                        let full = max(1, Int(((available + m.interitemSpacing + fits) / step).rounded(.down)))
                        if full >= 2 { gap = (available - CGFloat(full) * w) / CGFloat(full - 1) }
                    }
                }
                for i in first..<end {
                    let size = sizes[i]
                    section.frames[i] = rect(across: u, along: v + (thickness - size.height) / 2,
                                             acrossSize: size.width, alongSize: size.height)
                    u += size.width + gap
                }
                section.lines.append(FlowLine(first: first, count: count, minAlong: v, maxAlong: v + thickness))
                v += thickness
                if !isLast { v += m.lineSpacing }
                first = end
            }
            v += trailAlong

            section.footer = supplementary(UICollectionView.elementKindSectionFooter, m.footer)
            section.footerFrame = section.footer?.frame ?? .null
            section.maxAlong = v

            section.cells.reserveCapacity(n)
            for i in 0..<n {
                let a = makeAttributes(at: IndexPath(item: i, section: s))
                a.frame = section.frames[i]
                section.cells.append(a)
            }
            grid.sections.append(section)
        }
        grid.contentSize = vertical ? CGSize(width: max(0, extent), height: v) : CGSize(width: v, height: max(0, extent))
        return grid
    }
}

extension CGRect {
    /// Whether the two rectangles share some area, not just an edge (as Core Graphics'
    /// `intersects`; Foundation's on Linux also counts rectangles that only touch).
    func overlaps(_ other: CGRect) -> Bool {
        !isNull && !other.isNull && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
