// The screen around the chat bubble layout: a list of messages, as app code would set it up.

import UIKitCompat

/// One message of the conversation.
struct ChatMessage {
    var text: String
    var isMine: Bool
}

/// A message bubble. Its height fits its text: lines of at most `charactersPerLine`
/// characters (a monospaced stand-in for text measurement, which there is none of headless),
/// `lineHeight` points each, plus `padding` above and below.
final class BubbleCell: UICollectionViewCell {
    static let lineHeight: CGFloat = 20
    static let padding: CGFloat = 8
    /// Points a character takes across.
    static let characterWidth: CGFloat = 8

    let label = UILabel(frame: .zero)
    var isMine = false

    required init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        contentView.addSubview(label)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        label.text = nil
    }

    /// The height a bubble `width` points wide needs for `text`.
    static func height(for text: String, width: CGFloat) -> CGFloat {
        let perLine = max(1, Int((width - 2 * padding) / characterWidth))
        let lines = max(1, (text.count + perLine - 1) / perLine)
        return CGFloat(lines) * lineHeight + 2 * padding
    }

    /// The layout's width, the text's height.
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let fitted = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        fitted.size = CGSize(width: layoutAttributes.size.width,
                             height: BubbleCell.height(for: label.text ?? "", width: layoutAttributes.size.width))
        return fitted
    }
}

final class ChatViewController: UIViewController, UICollectionViewDataSource {
    var messages: [ChatMessage] = ChatViewController.conversation
    let layout = ChatBubbleLayout()
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.register(BubbleCell.self, forCellWithReuseIdentifier: "bubble")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        messages.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "bubble", for: indexPath) as! BubbleCell
        let message = messages[indexPath.item]
        cell.label.text = message.text
        cell.isMine = message.isMine
        cell.contentView.backgroundColor = message.isMine ? .systemBlue : .lightGray
        return cell
    }

    /// Adds a message at the end of the conversation.
    func send(_ text: String, mine: Bool = true) {
        collectionView.performBatchUpdates({
            self.messages.append(ChatMessage(text: text, isMine: mine))
            self.collectionView.insertItems(at: [IndexPath(item: self.messages.count - 1, section: 0)])
        })
    }

    static let conversation: [ChatMessage] = [
        ChatMessage(text: "Are you coming tonight?", isMine: false),
        ChatMessage(text: "Yes! What time does it start?", isMine: true),
        ChatMessage(text: "Doors at seven, the band at eight. Bring the tickets, I left mine on the kitchen table next to the keys.", isMine: false),
        ChatMessage(text: "Got them.", isMine: true),
        ChatMessage(text: "Great", isMine: false),
        ChatMessage(text: "Shall we eat first? There is a noodle place on the corner that opens at six and it is never full on weekdays.", isMine: true),
        ChatMessage(text: "Perfect, see you at six then", isMine: false),
        ChatMessage(text: "👍", isMine: true),
        ChatMessage(text: "Oh and Sam is coming too, if that is fine with you. He has been asking about that band for months and months.", isMine: false),
        ChatMessage(text: "Of course!", isMine: true),
        ChatMessage(text: "See you", isMine: false),
        ChatMessage(text: "Running five minutes late, sorry. The bus broke down halfway and we all had to wait for the next one in the rain.", isMine: true),
    ]
}
