import FeedCore
import Foundation
import GtkKit

/// One window showing one feed: the header bar with Refresh, the list (or a
/// full-window page while there is none), and the status line. What can be
/// done with one item is in ItemActions.swift.
///
/// Data flows one way: the list reports the reader nearing the end, the
/// pager decides and fetches, and `apply` shows each update: the splice,
/// the footer, the status line, then the announcement.
@MainActor
public final class FeedWindow {
    package let window: Window
    package private(set) var pager: FeedPager
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
    /// The next tick of the countdown to an automatic retry.
    private var countdownTick: ScheduledCall?

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
        pager = FeedPager(source: source)
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
        showPage(for: pager.phase)
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
        window.addAction("refresh") { [weak self] in self?.pager.refresh() }
        window.addAction("close") { [weak self] in self?.window.close() }
        retryAction = window.addAction("retry") { [weak self] in self?.pager.retry() }
        retryAction?.isEnabled = false
        layoutAction = window.addStatefulAction("layout", state: feedList.layout.rawValue) { [weak self] name in
            guard let self, let layout = FeedLayout(rawValue: name) else { return }
            show(layout: layout)
        }
        addItemActions()
        if catalog != nil { addFeedActions() }
    }

    private func connect() {
        connectPager()
        feedList.onNeedsMore = { [weak self] in self?.pager.loadMore() }
        feedList.onTabOut = { [weak self] forward in self?.moveFocusOutOfList(forward: forward) }
        connectReader()
        announcer.onAnnounce = { [weak self] message, _ in self?.announcements.append(message) }
        window.onCloseRequest { [weak self] in
            self?.pager.cancel()
            return false
        }
    }

    private func connectPager() {
        pager.onUpdate = { [weak self] update in self?.apply(update) }
        pager.onFailure = { [weak self] error in
            guard let self else { return }
            FileHandle.standardError.write(Data("feedline: \(feedTitle): \(error)\n".utf8))
        }
    }

    /// Shows the window and starts loading the first page.
    public func present() {
        window.present()
        pager.loadMore()
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
        pager.cancel()
        pager.onUpdate = nil
        pager.onFailure = nil
        countdownTick?.cancel()
        pager = FeedPager(source: catalog.makeSource(feed))
        spec = feed
        connectPager()
        feedList.removeAll()
        show(layout: catalog.layout(of: feed))
        setTitle(catalog.title(of: feed))
        showPage(for: pager.phase)
        retryAction?.isEnabled = false
        showStatus(retryIn: nil)
        catalog.opened(feed)
        pager.loadMore()
    }

    /// Shows the feed as a list or a grid, and remembers the choice for
    /// this feed.
    package func show(layout: FeedLayout) {
        feedList.show(layout: layout)
        layoutAction?.state = layout.rawValue
        if let spec { catalog?.setLayout(layout, of: spec) }
    }

    // MARK: Showing updates

    private func apply(_ update: PagerUpdate) {
        feedList.prefetch.expectedLatency = pager.expectedLatency
        let shownBefore = feedList.itemCount
        // A Retry button with focus is about to hide: keep focus in the list.
        let retryHadFocus = statusBar.retryButton.containsFocus || errorPage.button?.containsFocus == true
        if let title = update.feedTitle, !title.isEmpty, title != feedTitle {
            setTitle(title)
        }
        let retryIn = pager.secondsUntilAutomaticRetry
        feedList.show(update.result, phase: update.phase, retryIn: retryIn, stalled: pager.state.stalled)
        showPage(for: update.phase)
        showBusy()
        retryAction?.isEnabled = retryReason(update.phase) != nil
        showStatus(retryIn: retryIn)
        if retryHadFocus && retryReason(update.phase) == nil {
            feedList.focusLastItem()
        }
        if let (message, urgent) = PagingText.announcement(update, shownBefore: shownBefore, retryIn: retryIn,
                                                           stalled: pager.state.stalled) {
            announcer.announce(message, urgent ? .assertive : .polite)
        }
        readerSaw(update)
        countDownToAutomaticRetry()
        if let notice = pendingNotice, pager.state.inFlight == nil {
            pendingNotice = nil
            statusBar.flash(notice, for: .seconds(12))
            announcer.announce(notice)
        }
        if update.phase == .idle {
            feedList.checkPrefetchAfterLayout()
        }
    }

    private func showStatus(retryIn: Int?) {
        statusBar.show(PagingText.status(pager.phase, itemCount: feedList.itemCount, retryIn: retryIn,
                                         stalled: pager.state.stalled),
                       retryReason: retryReason(pager.phase))
    }

    /// While the pager waits to retry by itself (after a rate limit), the
    /// footer and the status line count the seconds down, once a second.
    private func countDownToAutomaticRetry() {
        countdownTick?.cancel()
        guard let time = pager.automaticRetryTime, let left = pager.secondsUntilAutomaticRetry else { return }
        feedList.show(nil, phase: pager.phase, retryIn: left)
        if isReading { reader.feedChanged() }
        if feedList.itemCount == 0 {
            errorPage.detail.text = PagingText.reason(retryReason(pager.phase) ?? "", retryIn: left)
        }
        showStatus(retryIn: left)
        guard left > 0 else { return }
        // Wake when the shown number changes: at the next whole second left.
        let untilNext = ContinuousClock.now.duration(to: time) - .seconds(left - 1)
        countdownTick = MainLoop.schedule(after: max(untilNext, .milliseconds(20))) { [weak self] in
            self?.countDownToAutomaticRetry()
        }
    }

    private func retryReason(_ phase: PagingPhase) -> String? {
        if case .failed(let error, _) = phase { ErrorText.reason(error.reason) } else { nil }
    }

    /// The list once there are items; before that, a full-window page.
    /// The reader view stays while it is open.
    private func showPage(for phase: PagingPhase) {
        guard !isReading else { return }
        let page: String
        if feedList.itemCount > 0 {
            page = "list"
        } else {
            switch phase {
            case .idle, .loading: page = "loading"
            case .failed(let error, _):
                errorPage.detail.text = ErrorText.reason(error.reason)
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
    private func showBusy() {
        let request = pager.state.inFlight
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
