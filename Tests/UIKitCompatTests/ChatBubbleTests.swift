import Foundation
import Testing
@testable import UIKitPorts
import UIKitCompat

// The chat bubble list of Examples/UIKitPorts/Chat, checked as a person would: bubbles of
// their text's height on their places at rest, the lag while dragging, the pause after the
// release, and a new message rising onto its place.
@Suite struct ChatBubbleTests {
    /// Where the bubbles rest, added up by hand: from y = 10, 300 pt wide, 8 pt apart, each
    /// 20 pt a line of 35 characters ((300 − 16) / 8) plus 16 pt.
    func restingFrames(_ messages: [ChatMessage]) -> [CGRect] {
        var y: CGFloat = 10
        return messages.map { m in
            let lines = max(1, (m.text.count + 34) / 35)
            let h = CGFloat(lines) * 20 + 16
            defer { y += h + 8 }
            return CGRect(x: 10, y: y, width: 300, height: h)
        }
    }

    @Test func atRestEveryBubbleSitsOnItsPlaceAtItsTextsHeight() throws {
        let vc = makeChat()
        let cv = vc.collectionView!
        let expected = restingFrames(vc.messages)
        let heights = Set(expected.map(\.height))
        #expect(heights.count >= 3, "bubbles of different heights: \(heights.sorted())")
        for cell in cv.visibleCells {
            let path = try #require(cv.indexPath(for: cell))
            #expect(cell.frame == expected[path.item], "message \(path.item): \(cell.frame) vs \(expected[path.item])")
        }
        #expect(cv.visibleCells.count >= 8)
        // Sizing moved the springs' anchors with their items, which wakes the animator: it
        // finds nothing to move (to rounding) and pauses.
        MainLoop.current.advance(frames: 30)
        #expect(!vc.layout.animator.isRunning && vc.worstOffsetFromGrid < 1e-9, "nothing moves by itself: \(vc.worstOffsetFromGrid)")
    }

    @Test func bubblesFarFromTheFingerLagInProportion() throws {
        let vc = makeChat()
        let pan = vc.collectionView.panGestureRecognizer
        let shown = Set(vc.collectionView.indexPathsForVisibleItems)
        #expect(shown.count == 10)
        pan.simulate(.began, at: CGPoint(x: 160, y: 300), in: vc.view)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 250), in: vc.view) // 50 pt up
        let expected = restingFrames(vc.messages)
        // Before a frame each bubble shown before the step trails by 50 · d / 1500, d its
        // place's |dx| + |dy| from the finger in the content as it was, (160, 250). (A bubble
        // the step brings into view is sized as it appears, which moves its place.)
        for (path, offset) in vc.offsetsFromGrid where shown.contains(path) {
            let rest = expected[path.item]
            let d = abs(rest.midX - 160) + abs(rest.midY - 250)
            #expect(abs(offset.dy - 50 * min(1, d / 1500)) < 1e-9, "message \(path.item)")
        }
        pan.simulate(.ended, at: CGPoint(x: 160, y: 250), in: vc.view)
    }

    @Test func afterTheReleaseTheBubblesComeToRestAndTheAnimatorPauses() {
        let vc = makeChat()
        let pan = vc.collectionView.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 500), in: vc.view)
        for step in 1...10 {
            pan.simulate(.changed, at: CGPoint(x: 160, y: 500 - 10 * CGFloat(step)), in: vc.view)
            MainLoop.current.advance(frames: 1)
        }
        #expect(vc.worstOffsetFromGrid > 3, "bubbles trail while the finger moves: \(vc.worstOffsetFromGrid)")
        pan.simulate(.ended, at: CGPoint(x: 160, y: 400), in: vc.view)
        let frames = vc.settle()
        #expect(!vc.layout.animator.isRunning && frames < 4 * 60, "paused after \(frames) frames")
        #expect(vc.worstOffsetFromGrid < 0.5, "worst \(vc.worstOffsetFromGrid) pt")
    }

    @Test func aNewMessageRisesOntoItsPlace() throws {
        let vc = makeChat(messages: 6)
        let cv = vc.collectionView!
        let text = "A new message long enough to take two lines"
        vc.send(text)
        let path = IndexPath(item: 6, section: 0)
        let rest = restingFrames(vc.messages)[6]
        #expect(rest.height == 56, "two lines")
        #expect(vc.layout.gridFrame(at: path) == rest)
        let cell = try #require(cv.cellForItem(at: path))
        // It starts 120 pt below its place, self-sized already, and the springs pull it up.
        #expect(abs(cell.center.y - (rest.midY + 120)) < 1e-9 && cell.bounds.size == rest.size)
        MainLoop.current.advance(frames: 10)
        let rising = try #require(cv.cellForItem(at: path))
        #expect(rising.center.y < rest.midY + 100, "moving up: \(rising.center.y)")
        let frames = vc.settle()
        let landed = try #require(cv.cellForItem(at: path))
        #expect(abs(landed.center.y - rest.midY) < 0.5 && abs(landed.center.x - rest.midX) < 1e-9, "\(landed.frame) vs \(rest)")
        #expect(!vc.layout.animator.isRunning && frames < 4 * 60)
        // The messages before it never left their places.
        for i in 0..<6 {
            let frame = try #require(cv.cellForItem(at: IndexPath(item: i, section: 0))?.frame)
            let rest = restingFrames(vc.messages)[i]
            #expect(abs(frame.minY - rest.minY) < 1e-9 && frame.minX == rest.minX && frame.size == rest.size, "message \(i): \(frame)")
        }
    }

    /// A message sent once the list has come to rest, scrolled 60 pt past the end of its
    /// content (room for the new bubble): the layout pass reads the animator's items between
    /// the insertion and the next frame, and the paused animator still resumes for the new
    /// spring, runs until the bubble is on its place, then pauses.
    @Test func aMessageSentAfterRestAndAScrollPastTheEndLandsOnItsPlace() throws {
        let vc = makeChat()
        let cv = vc.collectionView!
        let pan = cv.panGestureRecognizer
        pan.simulate(.began, at: CGPoint(x: 160, y: 300), in: vc.view)
        pan.simulate(.changed, at: CGPoint(x: 160, y: 250), in: vc.view)
        pan.simulate(.ended, at: CGPoint(x: 160, y: 250), in: vc.view)
        vc.settle()
        let end = cv.contentSize.height - cv.bounds.height
        #expect(end > 0, "the conversation is taller than the screen: \(cv.contentSize)")
        cv.setContentOffset(CGPoint(x: 0, y: end + 60), animated: false)
        vc.settle()
        #expect(!vc.layout.animator.isRunning && cv.contentOffset.y == end + 60 && vc.worstOffsetFromGrid < 0.5,
                "at rest past the end: \(cv.contentOffset), worst \(vc.worstOffsetFromGrid) pt")

        vc.send("On my way now!")
        let path = IndexPath(item: 12, section: 0)
        let rest = restingFrames(vc.messages)[12]
        // It starts 120 pt below its place, below the bounds (so not yet shown or sized: its
        // place has the estimated 40 pt height until it is), on its spring.
        let grid = try #require(vc.layout.gridFrame(at: path))
        #expect(grid.minY == rest.minY && grid.height == 40 && vc.layout.springs[path] != nil)
        let start = try #require(vc.layout.layoutAttributesForItem(at: path))
        #expect(start.center.y == grid.midY + 120 && start.frame.minY > cv.bounds.maxY, "starts 120 pt below: \(start.frame)")
        #expect(cv.cellForItem(at: path) == nil)
        #expect(vc.layout.animator.isRunning, "the new spring has something to move")
        MainLoop.current.advance(frames: 10)
        let rising = try #require(cv.cellForItem(at: path), "risen into view")
        #expect(vc.layout.animator.isRunning && rising.center.y < grid.midY + 100, "moving up: \(rising.center.y)")
        let frames = vc.settle()
        let landed = try #require(cv.cellForItem(at: path))
        #expect(vc.layout.gridFrame(at: path) == rest, "self-sized once shown")
        #expect(abs(landed.center.y - rest.midY) < 0.5 && abs(landed.center.x - rest.midX) < 1e-9 && landed.bounds.size == rest.size,
                "\(landed.frame) vs \(rest)")
        #expect(!vc.layout.animator.isRunning && frames < 4 * 60, "paused after \(frames) frames")
        // Paused for good: nothing moves it again.
        MainLoop.current.advance(frames: 30)
        #expect(!vc.layout.animator.isRunning && cv.cellForItem(at: path)?.center == landed.center)
    }

    @Test func theRunnerPrintsTheChatPhases() {
        let lines = runChat()
        #expect(lines.count == 4)
        #expect(lines[0].contains("at rest the worst bubble is 0.0 pt off its place"), "\(lines[0])")
        #expect(lines[2].contains("paused"), "\(lines[2])")
        // "… starts 120.0 pt below its place, lands in T s, paused D pt off it", D under half a point.
        #expect(lines[3].contains("starts 120.0 pt below its place") && lines[3].hasSuffix(" pt off it"), "\(lines[3])")
        let landed = lines[3].components(separatedBy: "paused ").last.flatMap { Double($0.replacingOccurrences(of: " pt off it", with: "")) }
        #expect(landed.map { $0 < 0.5 } == true, "\(lines[3])")
    }
}
