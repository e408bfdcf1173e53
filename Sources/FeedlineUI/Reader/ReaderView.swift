import FeedCore
import Foundation
import GtkKit

/// What the reader view needs to know of the feed it walks through.
@MainActor
protocol ReaderFeed: AnyObject {
    /// Items loaded so far.
    var itemCount: Int { get }
    func item(at index: Int) -> FeedItem?
    /// Nothing more will come: the items form a ring.
    var isExhausted: Bool { get }
    /// The next page: loading, or why it failed.
    var nextPageState: FooterState { get }
    /// The reader chose to see what is behind this item's content warning.
    func isRevealed(_ id: String) -> Bool
}

/// One item at a time, in the window in place of the list, moving to the
/// previous or next item with a slide: Left/Right, Page Up/Page Down, the
/// arrow buttons, a sideways touchpad scroll or a drag. Up/Down and
/// Home/End scroll the item's text. Above the item: Back, where it is in
/// the feed ("Item 3 of 120"), Star (S; M marks the item read or unread),
/// Open in Browser.
///
/// The infinite page loop: exactly three page widgets (previous, current,
/// next) in a GtkStack, the one sliding in already filled; after each move
/// the page that fell two steps behind is refilled as the new neighbour.
/// A move changes `slot` at once, so moves made during a slide are never
/// lost or doubled: the slide in progress gives way to the next one.
@MainActor
package final class ReaderView {
    let root = Box(.vertical)
    let backButton = Button(iconName: "go-previous-symbolic")
    let previousButton = Button(iconName: "pan-start-symbolic")
    let position = Label()
    let nextButton = Button(iconName: "pan-end-symbolic")
    /// Star or Unstar the item shown (a filled star while it is starred).
    /// Shown on a window over the store only.
    let starButton = Button(iconName: ReaderView.unstarredIcon)
    let openButton = Button(label: L("_Open in Browser"))
    /// The three pages, in a stack that slides between them.
    package let carousel = Stack()
    let pages: [ReaderPage]
    /// Which of `pages` is on screen.
    private var shown = 0
    /// Where the reader is in the feed.
    package private(set) var slot: ReaderSlot = .item(0)
    weak var feed: (any ReaderFeed)?
    private var scrollSteps = HorizontalScrollSteps()
    private var dragSteps = HorizontalDragSteps()

    /// Back, Escape or Alt+Left.
    var onBack: (() -> Void)?
    /// Open in Browser or Ctrl+Enter; also a media badge, with the media's
    /// address as the item's link (as the list's badges open it).
    var onOpenInBrowser: ((FeedItem) -> Void)?
    /// After every move (and when the next page lands under `more`).
    var onMove: ((ReaderSlot) -> Void)?
    /// Show Post or Hide Post, for the item with this id.
    var onToggleReveal: ((String) -> Void)?
    /// M, for the item at this index: read or unread.
    var onToggleRead: ((Int) -> Void)?
    /// S or the Star button, for the item at this index.
    var onToggleStar: ((Int) -> Void)?
    /// Whether items can be starred and marked (they are stored).
    var marksItems = false {
        didSet { showBar() }
    }
    /// A link in an item's text was activated (nil: the desktop's browser
    /// opens it).
    var onOpenLink: ((URL) -> Void)?
    /// Whether pictures in items' text are downloaded (`--no-remote-images`
    /// turns them off, for privacy: their descriptions show instead).
    var loadsRemoteImages = true {
        didSet { pages.forEach { $0.richText.loadsRemoteImages = loadsRemoteImages } }
    }

    init(images: ImageLoader = .shared) {
        pages = (0..<3).map { _ in ReaderPage(images: images) }
        for page in pages {
            page.onToggleReveal = { [weak self] id in self?.onToggleReveal?(id) }
            page.onOpenLink = { [weak self] url in self?.openLink(url) }
            page.onOpenMedia = { [weak self, weak page] url in
                if let item = page?.item { self?.openMedia(url, of: item) }
            }
        }
        backButton.tooltip = L("Back to the List (Escape)")
        backButton.setAccessibleLabel(L("Back"))
        backButton.onClicked { [weak self] in self?.onBack?() }
        previousButton.tooltip = L("Previous Item (Left)")
        previousButton.setAccessibleLabel(L("Previous Item"))
        previousButton.onClicked { [weak self] in self?.move(.previous) }
        nextButton.tooltip = L("Next Item (Right)")
        nextButton.setAccessibleLabel(L("Next Item"))
        nextButton.onClicked { [weak self] in self?.move(.next) }
        openButton.tooltip = L("Open the item's link in the browser (Ctrl+Enter)")
        openButton.onClicked { [weak self] in self?.openInBrowser() }
        starButton.addCSSClass("flat")
        starButton.isVisible = false
        starButton.onClicked { [weak self] in
            guard let self else { return }
            forItemShown(onToggleStar)
        }
        position.addCSSClass("dim-label")
        position.horizontalExpand = true
        position.ellipsizeEnd()
        let bar = Box(.horizontal, spacing: 6,
                      children: [backButton, previousButton, position, nextButton, starButton, openButton])
        bar.addCSSClass("reader-bar")

        for (index, page) in pages.enumerated() {
            carousel.add(page.root, name: Self.name(index))
        }
        carousel.verticalExpand = true
        root.append(bar)
        root.append(Separator())
        root.append(carousel)
        root.onKeyPress(capture: true) { [weak self] press in self?.handleKey(press) ?? false }
        connectGestures()
    }

    /// The page on screen, and its item (nil on `more`).
    var currentPage: ReaderPage { pages[shown] }
    var item: FeedItem? { currentPage.item }

    /// Shows the item at `index`, without a slide.
    func open(at index: Int) {
        slot = .item(index)
        fillPages()
        carousel.show(Self.name(shown), .crossfade)
    }

    /// Moves one item in `direction` with a slide; false when there is
    /// nothing that way (before the first item while more can come, or
    /// past the next page while it loads).
    @discardableResult
    package func move(_ direction: ReaderSlot.Direction) -> Bool {
        guard let feed, let target = slot.step(direction, count: feed.itemCount, exhausted: feed.isExhausted)
        else { return false }
        let hadFocus = root.containsFocus
        let focusWasOnPage = carousel.containsFocus
        shown = (shown + (direction == .next ? 1 : 2)) % 3
        slot = target
        fillPages()
        carousel.show(Self.name(shown), direction == .next ? .slideLeft : .slideRight)
        if focusWasOnPage {
            // The focused page slid away: keep focus where the keys still work.
            (direction == .next ? nextButton : previousButton).grabFocus()
        }
        keepFocus(hadFocus)
        onMove?(slot)
        return true
    }

    /// Keyboard focus stays in the reader (where Left and Right work) when
    /// the button that had it turns insensitive: Next, on the loading page.
    private func keepFocus(_ hadFocus: Bool) {
        if hadFocus && !root.containsFocus { backButton.grabFocus() }
    }

    /// The feed changed under the reader (a page landed or failed, the
    /// items were refreshed). `index`: where the item shown is now, when
    /// it moved. Past the last item, the new page's first item slides in
    /// (or the first item, when there was nothing more).
    func feedChanged(itemNowAt index: Int? = nil) {
        guard let feed else { return }
        let hadFocus = root.containsFocus
        defer { keepFocus(hadFocus) }
        if let index {
            slot = .item(index)
        } else if let landing = slot.landing(count: feed.itemCount, exhausted: feed.isExhausted) {
            slot = landing
            fillPages()
            onMove?(slot)
            return
        }
        fillPages()
    }

    /// `count` items went above every loaded one (newer items): the slot
    /// moves down with the item it stands on, which stays shown.
    func itemsInsertedAbove(_ count: Int) {
        switch slot {
        case .item(let index): slot = .item(index + count)
        case .more(let after): slot = .more(after: after + count)
        }
        fillPages()
    }

    /// The items' marks changed (read, starred): the pages and the Star
    /// button show them, nothing else moves. A reader not on screen waits
    /// for `open(at:)`, which fills its pages anew: marks change several
    /// times a second while the list is scrolled past.
    func marksChanged() {
        guard root.isMapped else { return }
        fillPages()
    }

    static let starredIcon = "starred-symbolic"
    static let unstarredIcon = "non-starred-symbolic"

    /// "Item 3 of 120".
    static func position(index: Int, count: Int) -> String {
        // Translators: where the reader is in the feed: "Item 4 of 120".
        Localization.format(L("Item %1$d of %2$d"), index + 1, count)
    }

    private static func name(_ page: Int) -> String { "page-\(page)" }

    /// Fills the page on screen and the two beside it, each only if it
    /// shows something else; then the bar.
    private func fillPages() {
        guard let feed else { return }
        let (count, exhausted) = (feed.itemCount, feed.isExhausted)
        fill(pages[shown], with: slot, priority: 0)
        fill(pages[(shown + 1) % 3], with: slot.step(.next, count: count, exhausted: exhausted), priority: -1)
        fill(pages[(shown + 2) % 3], with: slot.step(.previous, count: count, exhausted: exhausted), priority: -1)
        showBar()
    }

    private func fill(_ page: ReaderPage, with slot: ReaderSlot?, priority: Int) {
        guard let feed, let slot else { return page.clear() }
        switch slot {
        case .item(let index):
            if let item = feed.item(at: index) {
                page.show(item, revealed: feed.isRevealed(item.id), priority: priority)
            } else {
                page.clear()
            }
        case .more:
            page.showMore(feed.nextPageState)
        }
    }

    private func showBar() {
        guard let feed else { return }
        let (count, exhausted) = (feed.itemCount, feed.isExhausted)
        switch slot {
        case .item(let index): position.text = Self.position(index: index, count: count)
        case .more: position.text = PagingText.footer(feed.nextPageState)
        }
        previousButton.isSensitive = slot.step(.previous, count: count, exhausted: exhausted) != nil
        nextButton.isSensitive = slot.step(.next, count: count, exhausted: exhausted) != nil
        openButton.isSensitive = item?.link != nil
        showStar()
    }

    /// The Star button as the item shown is: Star, or Unstar with a
    /// filled star; none past the last item.
    private func showStar() {
        starButton.isVisible = marksItems
        starButton.isSensitive = item != nil
        let starred = item?.isStarred ?? false
        starButton.iconName = starred ? Self.starredIcon : Self.unstarredIcon
        if starred { starButton.addCSSClass("item-star") } else { starButton.removeCSSClass("item-star") }
        starButton.tooltip = starred ? L("Unstar (S)") : L("Star (S)")
        starButton.setAccessibleLabel(starred ? L("Unstar") : L("Star"))
    }

    /// Runs `action` with the index of the item shown, if there is one.
    private func forItemShown(_ action: ((Int) -> Void)?) {
        guard case .item(let index) = slot, item != nil, let action else { return }
        action(index)
    }

    private func openInBrowser() {
        if let item { onOpenInBrowser?(item) }
    }

    /// Plays a post's video or sound through the app's opener, as the
    /// list's badge does.
    private func openMedia(_ url: URL, of item: FeedItem) {
        var media = item
        media.link = url
        onOpenInBrowser?(media)
    }

    private func openLink(_ url: URL) {
        if let onOpenLink {
            onOpenLink(url)
        } else {
            root.openURI(url.absoluteString)
        }
    }

    private func handleKey(_ press: KeyPress) -> Bool {
        switch (press.key, press.modifiers) {
        case (.escape, []), (.left, .alt):
            onBack?()
        case (.enter, .control):
            openInBrowser()
        case (.left, []), (.pageUp, []):
            move(.previous)
        case (.right, []), (.pageDown, []):
            move(.next)
        case (.up, []), (.down, []):
            currentPage.scroll(lines: press.key == .up ? -1 : 1)
        case (.home, []), (.end, []):
            currentPage.scroll(toEnd: press.key == .end)
        case (_, []) where marksItems && (press.key.character == "m" || press.key.character == "s"):
            forItemShown(press.key.character == "m" ? onToggleRead : onToggleStar)
        default:
            return false
        }
        return true
    }

    /// Sideways scrolling and dragging over the pages move too; up and
    /// down stay with the page, and so does a mouse drag over the item's
    /// text (it selects).
    private func connectGestures() {
        carousel.onScroll({ [weak self] step in
            guard let self else { return false }
            let (handled, direction) = scrollSteps.scroll(step, at: Self.now())
            if let direction { move(direction) }
            return handled
        }, ended: { [weak self] in self?.scrollSteps.fingersLifted() })
        carousel.onDrag(began: { [weak self] x, y, touch in
            guard let self else { return }
            let onText = !touch && currentPage.hasText(at: x, y, of: carousel)
            dragSteps.began(at: Self.now(), onText: onText)
        }, moved: { [weak self] dx, dy in
            self?.dragSteps.moved(dx: dx, dy: dy, at: Self.now()) ?? .deny
        }, ended: { [weak self] dx, _ in
            guard let self, let direction = dragSteps.ended(dx: dx, at: Self.now()) else { return }
            move(direction)
        })
    }

    /// Seconds on a monotonic clock.
    private static func now() -> Double { ProcessInfo.processInfo.systemUptime }
}
