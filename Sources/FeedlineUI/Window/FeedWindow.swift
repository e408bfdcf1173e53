import FeedCore
import Foundation
import GtkKit

/// One window showing one feed: the header bar with Refresh, the list (or a
/// full-window page while there is none), and the status line. What can be
/// done with one item is in ItemActions.swift.
///
/// Data flows one way: the list and the reader report where the reader
/// is, the feed's session (FeedCore's `FeedSession`) decides and fetches,
/// and `show(_:)` renders each snapshot it publishes: the splice, the
/// footer, the status line, then the announcement.
@MainActor
public final class FeedWindow {
    package let window: Window
    /// The open feed's paging: replaced when the window switches feeds.
    package private(set) var session: FeedSession
    /// The feeds this window can switch between (nil: this one only).
    let catalog: FeedCatalog?
    /// The feed shown, when it came from the catalog.
    private(set) var spec: FeedSpec?
    let switcher = FeedSwitcher()
    package let feedList: FeedList
    let content = Stack()
    let loadingPage = StatusPage(iconName: nil, title: L("Loading…"))
    let errorPage = StatusPage(iconName: "dialog-error-symbolic", title: L("Couldn't Load the Feed"),
                               buttonLabel: L("Retry"))
    let emptyPage = StatusPage(iconName: "folder-documents-symbolic", title: L("No Items"))
    let statusBar = StatusBar()
    /// One item at a time, in place of the list (ReaderNavigation.swift).
    package let reader = ReaderView()
    let header = FeedHeader()
    let shortcutsWindow = ShortcutsWindow.make()
    let announcer: Announcer
    private(set) var feedTitle: String
    /// `win.retry`: every Retry button and Alt+R; enabled after a failure.
    private var retryAction: Action?
    /// `win.layout`: "list" or "grid", the header's view buttons and
    /// Ctrl+1, Ctrl+2.
    private var layoutAction: Action?
    /// `win.remote-images`: whether the reader loads pictures inside
    /// items' text (ReaderNavigation).
    var remoteImagesAction: Action?
    /// Opens a link in the browser (tests watch it instead).
    var openLink: (String) -> Void

    /// Something the reader must hear about once the first page is shown
    /// (a damaged feeds.json).
    private var pendingNotice: String?
    /// The Add Feed dialog, while open.
    var addFeedDialog: AddFeedDialog?
    /// The phase last shown: a snapshot in the same phase is a countdown
    /// tick or a late publish, not news to announce.
    private var shownPhase: PagingPhase?

    /// The last messages sent to screen readers, oldest first (for tests).
    /// Bounded: past `announcementsKept` the oldest go, so a long reading
    /// session holds a few dozen strings, not one per item ever read.
    private(set) var announcements: [String] = [] {
        didSet {
            if announcements.count > Self.announcementsKept {
                announcements.removeFirst(announcements.count - Self.announcementsKept)
            }
        }
    }
    static let announcementsKept = 50

    /// A window on `source` alone, without a feed switcher.
    package convenience init(application: Application, source: any FeedSource) {
        self.init(application: application, source: source, spec: nil, catalog: nil)
    }

    /// A window on `feed`, switching between the feeds of `catalog`.
    package convenience init(application: Application, feed: FeedSpec, catalog: FeedCatalog) {
        self.init(application: application, source: catalog.makeSource(feed), spec: feed, catalog: catalog)
    }

    private init(application: Application, source: any FeedSource, spec: FeedSpec?, catalog: FeedCatalog?) {
        window = Window(application: application)
        session = FeedSession(source: source)
        self.spec = spec
        self.catalog = catalog
        feedTitle = spec.map { catalog?.title(of: $0) ?? FeedTitle.made(for: $0) } ?? source.displayName
        announcer = Announcer(window: window)
        openLink = { [window] uri in window.showURI(uri) }
        feedList = FeedList(layout: spec.flatMap { catalog?.layout(of: $0) } ?? .list)

        layOut()
        addActions()
        connect()
        setTitle(feedTitle)
        showPage(for: session.snapshot)
    }

    private func layOut() {
        window.setDefaultSize(width: 640, height: 800)
        window.setTitlebar(header.bar)
        if catalog != nil {
            header.bar.setTitleWidget(switcher.button)
        }
        window.setHelpOverlay(shortcutsWindow)

        content.add(loadingPage.root, name: "loading")
        errorPage.button?.actionName = "win.retry"
        errorPage.button?.tooltip = L("Try loading the feed again (Alt+R)")
        content.add(errorPage.root, name: "error")
        content.add(emptyPage.root, name: "empty")
        content.add(feedList.scroller, name: "list")
        content.add(reader.root, name: "reader")
        content.verticalExpand = true
        window.setChild(Box(.vertical, children: [content, Separator(), statusBar.root]))
    }

    private func addActions() {
        window.addAction("refresh") { [weak self] in self?.session.refresh() }
        window.addAction("close") { [weak self] in self?.window.close() }
        retryAction = window.addAction("retry") { [weak self] in self?.session.retry() }
        retryAction?.isEnabled = false
        layoutAction = window.addStatefulAction("layout", state: feedList.layout.rawValue) { [weak self] name in
            guard let self, let layout = FeedLayout(rawValue: name) else { return }
            show(layout: layout)
        }
        addItemActions()
        if catalog != nil { addFeedActions() }
    }

    private func connect() {
        connectSession()
        feedList.onScrolled = { [weak self] offset, time in self?.session.listScrolled(to: offset, at: time) }
        feedList.onPosition = { [weak self] metrics, atBottomEdge, time in
            self?.session.listShows(metrics, atBottomEdge: atBottomEdge, at: time)
        }
        feedList.onTabOut = { [weak self] forward in self?.moveFocusOutOfList(forward: forward) }
        connectReader()
        announcer.onAnnounce = { [weak self] message, _ in self?.announcements.append(message) }
        window.onCloseRequest { [weak self] in
            self?.session.close()
            return false
        }
    }

    private func connectSession() {
        session.onSnapshot = { [weak self] snapshot in self?.show(snapshot) }
        session.onFailure = { [weak self] error in
            guard let self else { return }
            FileHandle.standardError.write(Data("feedline: \(feedTitle): \(error)\n".utf8))
        }
    }

    /// Shows the window and starts loading the first page.
    public func present() {
        window.present()
        session.loadMore()
        if let problem = catalog?.takeLoadProblem() {
            pendingNotice = problem
        }
    }

    /// Switches the window to `feed`: what was shown goes, the new feed
    /// loads from its first page, and the catalog remembers it for the next
    /// start.
    package func open(_ feed: FeedSpec) {
        guard let catalog else { return }
        content.visibleChildName = "list"
        session.close()
        session = FeedSession(source: catalog.makeSource(feed))
        spec = feed
        connectSession()
        feedList.removeAll()
        show(layout: catalog.layout(of: feed))
        setTitle(catalog.title(of: feed))
        shownPhase = nil
        show(session.snapshot)
        catalog.opened(feed)
        session.loadMore()
    }

    /// Shows the feed as a list or a grid, and remembers the choice for
    /// this feed.
    package func show(layout: FeedLayout) {
        feedList.show(layout: layout)
        layoutAction?.state = layout.rawValue
        if let spec { catalog?.setLayout(layout, of: spec) }
    }

    // MARK: Showing snapshots

    /// Renders one snapshot of the session: the splice and footer, the
    /// full-window page, busy state, Retry, the status line, then what a
    /// screen reader hears.
    private func show(_ snapshot: FeedSnapshot) {
        let shownBefore = feedList.itemCount
        let isNews = snapshot.change != nil || snapshot.phase != shownPhase
        shownPhase = snapshot.phase
        // A Retry button with focus is about to hide: keep focus in the list.
        let retryHadFocus = statusBar.retryButton.containsFocus || errorPage.button?.containsFocus == true
        if let title = snapshot.feedTitle, !title.isEmpty, title != feedTitle {
            setTitle(title)
        }
        feedList.show(snapshot.change, phase: snapshot.phase, retryIn: snapshot.retryIn, stalled: snapshot.stalled)
        showPage(for: snapshot)
        showBusy(snapshot)
        retryAction?.isEnabled = snapshot.failure != nil
        statusBar.show(PagingText.status(snapshot.phase, itemCount: feedList.itemCount, retryIn: snapshot.retryIn,
                                         stalled: snapshot.stalled),
                       retryReason: retryReason(snapshot))
        if retryHadFocus && snapshot.failure == nil {
            feedList.focusLastItem()
        }
        if isNews, let (message, urgent) = PagingText.announcement(snapshot, shownBefore: shownBefore) {
            announcer.announce(message, urgent ? .assertive : .polite)
        }
        readerSaw(snapshot)
        if let notice = pendingNotice, snapshot.inFlight == nil {
            pendingNotice = nil
            statusBar.flash(notice, for: .seconds(12))
            announcer.announce(notice)
        }
    }

    private func retryReason(_ snapshot: FeedSnapshot) -> String? {
        snapshot.failure.map { ErrorText.reason($0) }
    }

    /// The list once there are items; before that, a full-window page.
    /// The reader view stays while it is open.
    private func showPage(for snapshot: FeedSnapshot) {
        guard !isReading else { return }
        let page: String
        if feedList.itemCount > 0 {
            page = "list"
        } else {
            switch snapshot.phase {
            case .idle, .loading: page = "loading"
            case .failed(let error, _):
                errorPage.detail.text = PagingText.reason(error, retryIn: snapshot.retryIn)
                page = "error"
            case .exhausted:
                // Translators: the page of a feed without items; %s is the feed's name.
                emptyPage.detail.text = Localization.format(L("“%s” has nothing to show yet."), feedTitle)
                page = "empty"
            }
        }
        content.visibleChildName = page
        loadingPage.setActive(page == "loading")
    }

    /// The BUSY state and the header spinner while anything loads.
    private func showBusy(_ snapshot: FeedSnapshot) {
        let request = snapshot.inFlight
        let refreshing = request?.replacesItems == true && feedList.itemCount > 0
        header.showRefreshing(refreshing)
        feedList.view.setAccessibleBusy(request != nil)
    }

    private func setTitle(_ title: String) {
        feedTitle = title
        window.title = title
        showFeedsInSwitcher()
        feedList.accessibleLabel = title
        // Translators: %s is the feed's name.
        loadingPage.title.text = Localization.format(L("Loading “%s”…"), title)
    }

    /// Tab order: Refresh, the main menu, the list, then Retry when shown.
    /// Tab inside the list leaves it instead of walking every row.
    private func moveFocusOutOfList(forward: Bool) {
        if !forward {
            header.menuButton.grabFocus()
        } else if statusBar.retryButton.isVisible {
            statusBar.retryButton.grabFocus()
        } else {
            header.refreshButton.grabFocus()
        }
    }
}
