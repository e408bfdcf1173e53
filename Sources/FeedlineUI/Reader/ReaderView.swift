import FeedCore
import Foundation
import GtkKit

/// One item at a time, in the window in place of the list: its title,
/// byline, image and whole text (plain text, paragraphs kept), with Back
/// and Open in Browser above it and where it is in the feed ("Item 3 of
/// 120"). Escape, Alt+Left and Back return to the list; Ctrl+Enter opens
/// the item's link.
@MainActor
final class ReaderView {
    let root = Box(.vertical)
    let backButton = Button(iconName: "go-previous-symbolic")
    let position = Label()
    let openButton = Button(label: "_Open in Browser")
    let title = Label()
    let byline = Label()
    let picture: RowPicture
    let body = Label()
    private let scroller = ScrolledWindow()
    /// The item shown.
    private(set) var item: FeedItem?

    /// Back, Escape or Alt+Left.
    var onBack: (() -> Void)?
    /// Open in Browser or Ctrl+Enter.
    var onOpenInBrowser: ((FeedItem) -> Void)?

    init(images: ImageLoader = .shared) {
        picture = RowPicture(images: images, width: 1, height: 280, decodeSide: 900, cssClass: "reader-picture")
        picture.picture.align(horizontal: .fill, vertical: .start)
        backButton.tooltip = "Back to the List (Escape)"
        backButton.setAccessibleLabel("Back")
        backButton.onClicked { [weak self] in self?.onBack?() }
        openButton.tooltip = "Open the item's link in the browser (Ctrl+Enter)"
        openButton.onClicked { [weak self] in self?.openInBrowser() }
        position.addCSSClass("dim-label")
        position.horizontalExpand = true
        let bar = Box(.horizontal, spacing: 12, children: [backButton, position, openButton])
        bar.addCSSClass("reader-bar")

        title.addCSSClass("title-2")
        title.wrap()
        byline.addCSSClass("dim-label")
        byline.wrap()
        body.wrap()
        body.isSelectable = true
        for label in [title, byline, body] { label.xAlign = 0 }
        let page = Box(.vertical, spacing: 12, children: [title, byline, picture.picture, body])
        page.addCSSClass("reader-page")
        scroller.setChild(page)
        scroller.verticalExpand = true
        root.append(bar)
        root.append(Separator())
        root.append(scroller)
        root.onKeyPress(capture: true) { [weak self] press in self?.handleKey(press) ?? false }
    }

    /// Shows `item`, the `index`-th (from 0) of `count` loaded, from its top.
    func show(_ item: FeedItem, index: Int, count: Int, now: Date = Date()) {
        self.item = item
        position.text = Self.position(index: index, count: count)
        title.text = item.title.isEmpty ? "Untitled" : item.title
        byline.text = ItemText.byline(item, when: ItemText.when(item, now: now))
        byline.isVisible = !byline.text.isEmpty
        picture.show(item.imageURL, preview: item.imageBlurhash)
        body.text = item.content.flatMap { $0.isEmpty ? nil : $0 } ?? item.summary
        openButton.isSensitive = item.link != nil
        scroller.verticalAdjustment.value = 0
    }

    /// "Item 3 of 120".
    static func position(index: Int, count: Int) -> String {
        "Item \(index + 1) of \(count)"
    }

    private func openInBrowser() {
        if let item { onOpenInBrowser?(item) }
    }

    private func handleKey(_ press: KeyPress) -> Bool {
        switch (press.key, press.modifiers) {
        case (.escape, []), (.left, .alt):
            onBack?()
            return true
        case (.enter, .control):
            openInBrowser()
            return true
        default:
            return false
        }
    }
}
