import FeedCore
import FeedStore
import Foundation
import GtkKit

/// One window showing one timeline: the header bar with Refresh, the list
/// (or a full-window page while there is none), and the status line; on
/// the reader's subscriptions, the sidebar beside them (Sidebar/), whose
/// rows open All items, Unread, Starred, a folder or one subscription
/// (SubscriptionActions.swift). What can be done with one item is in
/// ItemActions.swift, its read and starred marks in ItemMarks.swift.
///
/// Data flows one way: the list and the reader report where the reader
/// is, the open timeline's session (FeedCore's `FeedSession`) decides and
/// fetches, and `show(_:)` renders each snapshot it publishes: the splice,
/// the footer, the status line, then the announcement. Opening another
/// view makes a new session over that view's source.
@MainActor
public final class FeedWindow {
    package let window: Window
    /// The open timeline's paging: replaced when the window opens another.
    package internal(set) var session: FeedSession
    /// The reader's subscriptions (nil: a window on one source, without
    /// a sidebar).
    let subscriptions: Subscriptions?
    /// The view shown, on a window with a sidebar.
    package internal(set) var scope: TimelineScope?
    let sidebar: Sidebar?
    let paned: Paned?
    package let feedList: FeedList
    let content = Stack()
    /// The content with the in-window notification over it.
    let contentPage: Overlay
    let loadingPage = StatusPage(iconName: nil, title: L("Loading…"))
    let errorPage = StatusPage(iconName: "dialog-error-symbolic", title: L("Couldn't Load the Feed"),
                               buttonLabel: L("Retry"))
    let emptyPage = StatusPage(iconName: "folder-documents-symbolic", title: L("No Items"))
    let statusBar = StatusBar()
    /// One item at a time, in place of the list (ReaderNavigation.swift):
    /// made the first time it is needed (`reader`), so the first screen
    /// does not build, style and measure its pages.
    var madeReader: ReaderView?
    let header: FeedHeader
    /// Made after the first frame (its builder file takes about 10 ms, in
    /// the time to the first row otherwise).
    private(set) lazy var shortcutsWindow = ShortcutsWindow.make()
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
    /// `win.show-sidebar`: F9 and the header's sidebar button.
    var sidebarAction: Action?
    /// `win.mark-read-on-scroll`: whether scrolling past an item marks it
    /// read (ItemMarks.swift).
    var scrollMarkingAction: Action?
    /// `win.run-in-background`: whether Feedline goes on updating after
    /// its last window closes (App/BackgroundUpdates.swift).
    var backgroundAction: Action?
    /// `--no-remote-images`: none this run, whatever the setting.
    var noRemoteImagesThisRun = false
    /// Opens a link in the browser (tests watch it instead).
    var openLink: (String) -> Void

    /// Something the reader must hear about once the first page is shown
    /// (a store moved aside, a damaged feeds.json).
    var pendingNotice: String?
    /// When the pending notice was told.
    var noticeToldAt: ContinuousClock.Instant?
    /// The Add Feed dialog, while open.
    var addFeedDialog: AddFeedDialog?
    /// The file chooser of Import or Export Subscriptions, while open.
    var fileChooser: FileChooser?
    /// What the last import or export said (for tests).
    var lastListMessage: String?
    /// The Rename dialog, while open.
    var renameDialog: RenameDialog?
    /// What to open once the subscriptions are read.
    var opening: Opening?
    /// The latest `open(_ feed:)`: an earlier one still subscribing gives way.
    var openingFeed = 0
    /// Our observation of the subscriptions.
    var observation: Int?
    /// The phase last shown: a snapshot in the same phase is a countdown
    /// tick or a late publish, not news to announce.
    var shownPhase: PagingPhase?
    /// The latest the window waits for its first screen before showing
    /// (FirstScreen.swift); nil once shown.
    var waitingForFirstScreen: ScheduledCall?

    /// New items above the reader's place and their banner (NewItems.swift).
    let newItems: NewItemsCounter
    /// Mark All as Read's notification with Undo (MarkAllRead.swift).
    let undoNotification = UndoNotification()
    /// The reading position waiting to be kept, and when the list last
    /// moved (ReadingPlace.swift).
    var positionKeeping: ScheduledCall?
    var positionMovedAt: ContinuousClock.Instant?

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

    /// What a window on the subscriptions opens first.
    package enum Opening: Equatable {
        /// The view open last, else All items.
        case lastOpened
        case scope(TimelineScope)
        /// A feed named on the command line: subscribed if need be.
        case feed(FeedSpec)
    }

    /// A window on `source` alone, without a sidebar.
    package init(application: Application, source: any FeedSource) {
        window = Window(application: application)
        session = FeedSession(source: source)
        subscriptions = nil
        sidebar = nil
        paned = nil
        header = FeedHeader(hasSidebar: false)
        feedTitle = source.displayName
        announcer = Announcer(window: window)
        newItems = NewItemsCounter(announcer: announcer)
        openLink = { [window] uri in window.showURI(uri) }
        feedList = FeedList(layout: .list)
        contentPage = Overlay(child: content)
        setUp()
    }

    /// A window on the reader's subscriptions, with the sidebar: opens
    /// `opening` once the store has answered (the window shows at once).
    package init(application: Application, subscriptions: Subscriptions, opening: Opening = .lastOpened) {
        window = Window(application: application)
        session = FeedSession(source: NoTimeline())
        self.subscriptions = subscriptions
        self.opening = opening
        let sidebar = Sidebar()
        self.sidebar = sidebar
        header = FeedHeader(hasSidebar: true)
        feedTitle = "Feedline"
        announcer = Announcer(window: window)
        newItems = NewItemsCounter(announcer: announcer)
        openLink = { [window] uri in window.showURI(uri) }
        feedList = FeedList(layout: .list)
        contentPage = Overlay(child: content)
        let main = Box(.vertical, children: [contentPage, Separator(), statusBar.root])
        main.horizontalExpand = true
        paned = Paned(start: sidebar.root, end: main)
        setUp()
    }

    /// A window on the reader's subscriptions opening `feed` (subscribed
    /// first if need be).
    package convenience init(application: Application, subscriptions: Subscriptions, feed: FeedSpec) {
        self.init(application: application, subscriptions: subscriptions, opening: .feed(feed))
    }

    private func setUp() {
        layOut()
        addActions()
        connect()
        setTitle(feedTitle)
        showPage(for: session.snapshot)
    }

    private func layOut() {
        window.setDefaultSize(width: paned == nil ? 640 : 920, height: 800)
        window.setTitlebar(header.bar)

        content.add(loadingPage.root, name: "loading")
        errorPage.button?.actionName = "win.retry"
        errorPage.button?.tooltip = L("Try loading the feed again (Alt+R)")
        content.add(errorPage.root, name: "error")
        content.add(emptyPage.root, name: "empty")
        // The banner floats over the list: showing it moves no row.
        let listPage = Overlay(child: feedList.scroller)
        listPage.addOverlay(newItemsBanner.button, measured: false)
        content.add(listPage, name: "list")
        content.verticalExpand = true
        contentPage.addOverlay(undoNotification.root, measured: false)
        if let paned {
            paned.position = 260
            window.setChild(paned)
        } else {
            window.setChild(Box(.vertical, children: [contentPage, Separator(), statusBar.root]))
        }
    }

    private func addActions() {
        window.addAction("refresh") { [weak self] in self?.refresh() }
        window.addAction("close") { [weak self] in self?.window.close() }
        retryAction = window.addAction("retry") { [weak self] in self?.session.retry() }
        retryAction?.isEnabled = false
        layoutAction = window.addStatefulAction("layout", state: feedList.layout.rawValue) { [weak self] name in
            guard let self, let layout = FeedLayout(rawValue: name) else { return }
            show(layout: layout)
        }
        addRemoteImagesAction()
        addItemActions()
        if subscriptions != nil {
            addSubscriptionActions()
            addMarkActions()
            addMarkAllReadActions()
        }
    }

    private func connect() {
        connectSession()
        feedList.onScrolled = { [weak self] offset, time in self?.session.listScrolled(to: offset, at: time) }
        feedList.onPosition = { [weak self] metrics, atBottomEdge, time in
            guard let self else { return }
            session.listShows(metrics, atBottomEdge: atBottomEdge, at: time)
            if pendingNotice != nil { tellNoticeIfSettled(session.snapshot) }
            newItemsSeen()
            positionMoved()
        }
        newItemsBanner.onActivate = { [weak self] in self?.goToNewest() }
        if subscriptions != nil {
            feedList.onHome = { [weak self] in self?.goToNewest() }
        }
        feedList.onTabOut = { [weak self] forward in self?.moveFocusOutOfList(forward: forward) }
        announcer.onAnnounce = { [weak self] message, _ in self?.announcements.append(message) }
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            keepPosition()
            session.close()
            if let observation { subscriptions?.stopObserving(observation) }
            return false
        }
    }

    func connectSession() {
        session.onSnapshot = { [weak self] snapshot in self?.show(snapshot) }
        session.onFailure = { [weak self] error in
            guard let self else { return }
            FileHandle.standardError.write(Data("feedline: \(feedTitle): \(error)\n".utf8))
            // A subscription's first page records its failure: the sidebar shows it.
            if case .subscription? = scope { subscriptions?.reload() }
        }
    }

    /// Shows the feed as a list or a grid, and remembers the choice for
    /// the view shown.
    package func show(layout: FeedLayout) {
        feedList.show(layout: layout)
        layoutAction?.state = layout.rawValue
        if let scope { subscriptions?.setLayout(layout, of: scope) }
    }

    // MARK: Showing snapshots

    /// Renders one snapshot of the session: the splice and footer, the
    /// full-window page, busy state, Retry, the status line, then what a
    /// screen reader hears.
    func show(_ snapshot: FeedSnapshot) {
        let shownBefore = feedList.itemCount
        let isNews = snapshot.change != nil || snapshot.phase != shownPhase
        shownPhase = snapshot.phase
        // A Retry button with focus is about to hide: keep focus in the list.
        let retryHadFocus = statusBar.retryButton.containsFocus || errorPage.button?.containsFocus == true
        if let title = snapshot.feedTitle, !title.isEmpty, title != feedTitle {
            if case .subscription(let id)? = scope {
                subscriptions?.feedNamedItself(id, title)
            } else {
                setTitle(title)
            }
        }
        feedList.show(snapshot.change, phase: snapshot.phase, retryIn: snapshot.retryIn, stalled: snapshot.stalled)
        if case .prepended(let items) = snapshot.change { newerItemsShown(items) }
        showPage(for: snapshot)
        showBusy(snapshot)
        retryAction?.isEnabled = snapshot.failure != nil
        showStatus(snapshot)
        if retryHadFocus && snapshot.failure == nil {
            feedList.focusLastItem()
        }
        if isNews, !noticeIsFresh, let (message, urgent) = PagingText.announcement(snapshot, shownBefore: shownBefore) {
            announcer.announce(message, urgent ? .assertive : .polite)
        }
        readerSaw(snapshot)
        if snapshot.change != nil { countsMayHaveChanged() }
        // Idle with items, the list decides about the next page once laid
        // out (`onPosition`): the notice waits for that.
        if snapshot.phase != .idle { tellNoticeIfSettled(snapshot) }
    }

    /// Tells the pending notice (a store moved aside, a damaged
    /// feeds.json) once the view has settled (its first page shown and no
    /// next one started, or its end, or a failure), so that no news about
    /// the view's first pages comes right after it and takes its turn with
    /// screen readers.
    func tellNoticeIfSettled(_ snapshot: FeedSnapshot) {
        guard let notice = pendingNotice, snapshot.inFlight == nil, snapshot.phase != .idle || feedList.itemCount > 0,
              scope != nil || subscriptions == nil else { return }
        pendingNotice = nil
        statusBar.flash(notice, for: .seconds(12))
        announcer.announce(notice)
        // News about paging right after would take its place (the
        // announcer sends the latest): it waits its turn on the status line.
        noticeToldAt = .now
    }

    /// Whether a notice was told so lately that paging news would cut it off.
    var noticeIsFresh: Bool {
        noticeToldAt.map { $0.duration(to: .now) < Self.noticeHold } ?? false
    }

    static let noticeHold: Duration = .seconds(3)

    /// The status line: where paging stands, after "Offline" while the
    /// computer is.
    func showStatus(_ snapshot: FeedSnapshot) {
        let status = PagingText.status(snapshot.phase, itemCount: feedList.itemCount, retryIn: snapshot.retryIn,
                                       stalled: snapshot.stalled)
        let offline = subscriptions.map { !$0.isOnline } ?? false
        statusBar.show(offline ? PagingText.offline(status) : status, retryReason: retryReason(snapshot))
    }

    private func retryReason(_ snapshot: FeedSnapshot) -> String? {
        snapshot.failure.map { ErrorText.reason($0) }
    }

    /// The list once there are items; before that, a full-window page (a
    /// view with nothing stored says so only once the feeds are not
    /// updating: a new reader's first update is still bringing items).
    /// The reader view stays while it is open. A window waiting for its
    /// first screen shows once it has more than the loading page
    /// (FirstScreen.swift).
    func showPage(for snapshot: FeedSnapshot) {
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
            case .exhausted where feedsAreUpdating:
                page = "loading"
            case .exhausted:
                // Translators: the page of a feed without items; %s is the feed's name.
                emptyPage.detail.text = Localization.format(L("“%s” has nothing to show yet."), feedTitle)
                page = "empty"
            }
        }
        content.visibleChildName = page
        loadingPage.setActive(page == "loading")
        if page != "loading" { firstScreenIsReady() }
    }

    /// Whether the reader's feeds are being updated (Refresh, the timer).
    var feedsAreUpdating: Bool { subscriptions?.isUpdating == true }

    /// The BUSY state, and the header spinner while a refresh loads or the
    /// feeds update.
    func showBusy(_ snapshot: FeedSnapshot) {
        let request = snapshot.inFlight
        let refreshing = request?.replacesItems == true && feedList.itemCount > 0
        header.showRefreshing(refreshing || feedsAreUpdating)
        feedList.view.setAccessibleBusy(request != nil)
    }

    func setTitle(_ title: String) {
        feedTitle = title
        window.title = title
        feedList.accessibleLabel = title
        // Translators: %s is the feed's name.
        loadingPage.title.text = Localization.format(L("Loading “%s”…"), title)
    }

    /// Tab order: the header's buttons, the sidebar and its Add Feed
    /// button, the list, then Retry when shown. Tab inside the list leaves
    /// it instead of walking every row.
    private func moveFocusOutOfList(forward: Bool) {
        if !forward {
            if let sidebar, sidebar.root.isMapped {
                sidebar.addButton.grabFocus()
            } else {
                header.menuButton.grabFocus()
            }
        } else if statusBar.retryButton.isVisible {
            statusBar.retryButton.grabFocus()
        } else {
            header.firstButton.grabFocus()
        }
    }
}
