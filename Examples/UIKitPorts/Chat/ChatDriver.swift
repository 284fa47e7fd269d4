// Drives the chat bubble list headless on the main loop's virtual clock: at rest, a drag, a
// release, a new message; the measurements the tests and `swift run UIKitPorts` report.

import UIKitCompat

/// A chat list of the first `messages` messages of the conversation, loaded and laid out,
/// its thread's loop on the virtual clock.
func makeChat(messages: Int = ChatViewController.conversation.count) -> ChatViewController {
    MainLoop.current.clock = .virtual
    let vc = ChatViewController()
    vc.messages = Array(ChatViewController.conversation.prefix(messages))
    vc.loadViewIfNeeded()
    vc.collectionView.layoutIfNeeded()
    return vc
}

extension ChatViewController: SpringyScreen {
    var springyLayout: SpringyFlowLayout { layout }
}

/// The printed phases: at rest, a drag, the release, a new message.
func runChat() -> [String] {
    let vc = makeChat()
    let cv = vc.collectionView!
    let heights = cv.visibleCells.map { Driver.f1($0.bounds.height) }
    var lines = ["== Chat bubbles: \(vc.messages.count) messages, \(cv.visibleCells.count) visible, heights \(heights.joined(separator: " ")); at rest the worst bubble is \(Driver.f1(vc.worstOffsetFromGrid)) pt off its place"]
    let pan = cv.panGestureRecognizer
    pan.simulate(.began, at: CGPoint(x: 160, y: 300), in: vc.view)
    pan.simulate(.changed, at: CGPoint(x: 160, y: 250), in: vc.view)
    let lags = vc.offsetsFromGrid.values.map(\.dy)
    lines.append("== Chat: a 50 pt drag up with the finger at (160, 300): bubbles lag by \(Driver.f1(lags.min() ?? 0))…\(Driver.f1(lags.max() ?? 0)) pt")
    pan.simulate(.ended, at: CGPoint(x: 160, y: 250), in: vc.view)
    let frames = vc.settle()
    lines.append("== Chat: released, settles in \(Driver.f1(Double(frames) / Driver.framesPerSecond)) s, \(vc.layout.animator.isRunning ? "still moving" : "paused"); worst bubble \(Driver.f1(vc.worstOffsetFromGrid)) pt off its place")
    // A new message, sent at rest with the list scrolled 60 pt past the end of its content.
    cv.setContentOffset(CGPoint(x: 0, y: max(0, cv.contentSize.height - cv.bounds.height + 60)), animated: false)
    vc.settle()
    vc.send("On my way now!")
    let last = IndexPath(item: vc.messages.count - 1, section: 0)
    func offset() -> CGFloat {
        abs((vc.layout.layoutAttributesForItem(at: last)?.center.y ?? .nan) - (vc.layout.gridFrame(at: last)?.midY ?? .nan))
    }
    let start = offset()
    let arrival = vc.settle()
    lines.append("== Chat: a new message starts \(Driver.f1(start)) pt below its place, lands in \(Driver.f1(Double(arrival) / Driver.framesPerSecond)) s, \(vc.layout.animator.isRunning ? "still moving" : "paused") \(Driver.f1(offset())) pt off it")
    return lines
}
