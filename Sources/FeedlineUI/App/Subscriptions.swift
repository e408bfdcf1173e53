import FeedCore
import FeedStore
import Foundation
import GtkKit
import Synchronization

/// The reader's subscriptions as the windows show them: a main-actor copy
/// of what the store holds (the subscriptions in sidebar order, their item
/// and unread counts, what the window keeps), the timelines they open, and
/// every change the reader makes, written back to the store: items marked
/// read or starred too (`mark`), which every window shows at once.
///
/// The store is opened off the main thread (`load`), the first time a
/// window asks; every store call is `async` on GRDB's threads, so the main
/// thread never waits on SQLite: windows show at once and fill in when
/// the store answers (`Change.list`). One model serves every window of
/// the app.
@MainActor
package final class Subscriptions {
    /// What changed, for the windows that observe.
    enum Change {
        /// The subscriptions, their counts or their failures.
        case list
        /// Items were marked (read, unread, starred, unstarred) in the
        /// window whose observation is `origin` (nil: none), which shows
        /// it already; the others change their rows of those items.
        case marked(MarkChange, origin: Int?)
        /// Mark All as Read marked these items read (`read`), or its Undo
        /// unread again: every window changes its rows of them.
        case markedAll(MarkedRead, read: Bool)
        /// An update of the feeds started or ended (`isUpdating`).
        case updating
        /// The network went or came back (`isOnline`).
        case network
        /// An update brought new items to subscriptions whose new items
        /// the reader wants to hear of (`notifiesNewItems`).
        case arrived([Arrival])
        /// Items were stored outside any window's paging (an update): a
        /// view with nothing to show may have something now.
        case stored
        /// Something the reader must be told (a store moved aside, a
        /// change that couldn't be saved): a sentence.
        case problem(String)
        /// Items came or went wholesale (a sync account added or removed
        /// with its feeds): every view loads again.
        case reload
        /// A sync account's server refused its password (or none is
        /// kept): the window focused last asks for it (`message` says why).
        case passwordNeeded(endpoint: URL, user: String, message: String)
    }

    /// New items an update brought to one subscription.
    struct Arrival: Equatable {
        let subscription: Subscription.ID
        let title: String
        let count: Int
    }

    /// How far opening the store got.
    enum State: Equatable {
        case opening
        case ready
        /// The store could not be opened, even afresh.
        case failed(FeedError)
    }

    private(set) var state: State = .opening
    /// The store, once open.
    package private(set) var store: FeedStore?
    /// Every subscription, in sidebar order.
    private(set) var list: [Subscription] = []
    /// Items stored for each subscription.
    private(set) var counts: [Subscription.ID: Int] = [:]
    /// Unread items of each subscription and of the views, as the store
    /// last counted them (with every list read, and after every mark).
    var unread = UnreadCounts()
    /// The view open last, All items' layout, pictures in articles.
    var settings = ViewSettings()
    /// The row id of the newest item stored when the list was last read
    /// (after every update): a view opened now calls items above it new.
    private(set) var storedThrough: Int64 = 0
    /// Whether scrolling past an item marks it read (`StoreSettings`).
    var marksReadOnScroll = true

    private let file: StoreFile?
    private let library: FeedLibraryFile?
    /// The network source of a feed (what Add Feed checks, and where a
    /// subscription's pages come from beyond what is stored).
    let makeSource: (FeedSpec) -> any FeedSource
    /// Wraps a stored timeline (the command line's simulated latency and
    /// failures); as it is by default.
    private let wrapTimeline: (any FeedSource) -> any FeedSource
    /// Items per page of a stored timeline.
    let pageSize: Int

    private var loading: Task<Void, Never>?
    /// The store being opened and read off the main thread (`startLoading`).
    private var opening: Task<StoreAnswer, Never>?
    /// The store opened and its startup read (nil when that failed: it is
    /// read again, its failure reported then), or why it did not open.
    private typealias StoreAnswer = Result<(StoreFile.Opened, StoreStartup?), FeedError>
    /// The opening's answer, kept the moment it comes (off the main
    /// thread), so that `loadIfReady` can take it without a turn of the
    /// main loop.
    private let answered = Answer()

    private final class Answer: Sendable {
        let value = Mutex<StoreAnswer?>(nil)
    }
    /// Where updates fetch the feeds (nil: no updates, as over a store
    /// given to tests and the benchmark, whose feeds are fetched only as
    /// windows open them).
    let sources: FeedSourceFactory?
    var updating: Task<UpdateReport?, Never>?
    var nextUpdate: ScheduledCall?
    /// Whether this computer is on a network (nil: taken to be).
    var network: NetworkMonitor?
    /// An update came due while offline: it runs when the network is back.
    var updateWhenOnline = false
    private var reloading: Task<Void, Never>?
    private var reloadAgain = false
    /// Marks being written, one after the other in the order made.
    var markWrites: Task<Void, Never>?
    /// Marks made and not yet written; marks written so far.
    var marksPending = 0
    var marksWritten = 0
    var counting: Task<Void, Never>?
    var countAgain = false
    /// Changes to Fever accounts' items being sent, and one more send due
    /// after it (`sendMarksToAccounts`).
    var sendingMarks: Task<Void, Never>?
    var sendMarksAgain = false
    var sendMarksSoon: ScheduledCall?
    /// When the unread counts were last read (`countUnread`).
    var countedAt: ContinuousClock.Instant?
    private var observers: [Int: (Change) -> Void] = [:]
    private var nextObserver = 0
    /// What went wrong at start, for the first window to tell; each is
    /// also logged on stderr as it is found.
    private var startProblems: [String] = [] {
        didSet {
            guard startProblems.count > oldValue.count else { return }
            for problem in startProblems.dropFirst(oldValue.count) {
                FileHandle.standardError.write(Data("feedline: \(problem)\n".utf8))
            }
        }
    }

    /// Over the store in `file` (opened by `load`, off the main thread);
    /// `library`: feeds.json of an earlier version, taken in once;
    /// `sources`: where updates fetch the feeds (every subscription once
    /// the store is read, on Refresh, and every `updateMinutes`).
    package init(file: StoreFile, library: FeedLibraryFile?, sources: FeedSourceFactory?, pageSize: Int = 50,
         makeSource: @escaping (FeedSpec) -> any FeedSource,
         wrapTimeline: @escaping (any FeedSource) -> any FeedSource = { $0 }) {
        self.file = file
        self.library = library
        self.sources = sources
        self.pageSize = pageSize
        self.makeSource = makeSource
        self.wrapTimeline = wrapTimeline
    }

    /// Over a store already open (tests, the benchmark); with `sources`,
    /// Refresh updates the feeds, else they are fetched only as windows
    /// open them.
    package init(store: FeedStore, sources: FeedSourceFactory? = nil, pageSize: Int = 50,
                 makeSource: @escaping (FeedSpec) -> any FeedSource) {
        self.store = store
        file = nil
        library = nil
        self.sources = sources
        self.pageSize = pageSize
        self.makeSource = makeSource
        wrapTimeline = { $0 }
    }

    // MARK: Observing

    /// Calls `handler` with every change, until `stopObserving`.
    func observe(_ handler: @escaping (Change) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = handler
        return nextObserver
    }

    func stopObserving(_ token: Int) {
        observers[token] = nil
    }

    func notify(_ change: Change) {
        for handler in observers.values { handler(change) }
    }

    /// Tells the reader, in every window, and logs.
    func tell(_ problem: String) {
        FileHandle.standardError.write(Data("feedline: \(problem)\n".utf8))
        notify(.problem(problem))
    }

    /// What went wrong while opening, once (for the first window to show).
    func takeStartProblems() -> String? {
        defer { startProblems = [] }
        return startProblems.isEmpty ? nil : startProblems.joined(separator: " ")
    }

    // MARK: Opening

    /// Starts opening the store and reading what a window shows first,
    /// off the main thread at once, while the main thread still starts GTK
    /// and builds the window (`load` takes it from there). The app calls
    /// it as it starts; a second call does nothing.
    package func startLoading() {
        guard store == nil, let file else { return }
        startOpening(file)
    }

    /// The store being opened and read: started now unless it already is.
    @discardableResult
    private func startOpening(_ file: StoreFile) -> Task<StoreAnswer, Never> {
        if let opening { return opening }
        let answered = answered
        let started = Task.detached {
            let answer = await Self.openAndRead(file)
            answered.value.withLock { $0 = answer }
            return answer
        }
        opening = started
        return started
    }

    /// The store opened, and its startup read (nil when that failed: it
    /// is read again, its failure reported then).
    @concurrent
    private nonisolated static func openAndRead(_ file: StoreFile) async -> StoreAnswer {
        switch await open(file) {
        case .success(let opened): .success((opened, try? await opened.store.startup()))
        case .failure(let error): .failure(error)
        }
    }

    /// Opens the store (off the main thread), takes in feeds.json once,
    /// and reads the subscriptions. Does its work once; any number of
    /// callers wait for the same.
    func load() async {
        if loading == nil {
            loading = Task { await open() }
        }
        await loading?.value
    }

    /// Loads now when the store has answered already and its startup read
    /// is all there is to take (not a first run): a window made after GTK
    /// started finds it so, and shows its first screen without waiting for
    /// the main loop to come round. Whether the subscriptions are ready.
    func loadIfReady() -> Bool {
        guard state != .ready else { return true }
        guard loading == nil, store == nil, let file,
              case .success(let (opened, startup?))? = answered.value.withLock({ $0 }),
              !needsFirstRun(startup) else { return false }
        take(opened, from: file)
        take(startup)
        becomeReady()
        loading = Task {}  // done: `load()` returns at once
        return true
    }

    /// Whether the store opened at `startLoading` has answered (tests).
    package var storeHasAnswered: Bool { answered.value.withLock { $0 != nil } }

    private func open() async {
        var startup: StoreStartup?
        if store == nil, let file {
            switch await startOpening(file).value {
            case .success(let (opened, read)):
                take(opened, from: file)
                startup = read
            case .failure(let error):
                FileHandle.standardError.write(Data("feedline: \(error)\n".utf8))
                state = .failed(error)
                notify(.list)
                return
            }
        }
        guard let store else { return }
        do {
            if let library, needsFirstRun(startup) {
                try await takeIn(library, to: store)
                startup = nil  // read before the first run changed the store
            }
            if let startup { take(startup) } else { take(try await store.startup()) }
        } catch {
            report(error)
        }
        becomeReady()
    }

    /// Whether feeds.json (or the sample feed) is still to be taken in
    /// before the subscriptions are read: a model given one, over a store
    /// whose startup read does not say it was done (or failed).
    private func needsFirstRun(_ startup: StoreStartup?) -> Bool {
        library != nil && startup?.firstRunDone != true
    }

    /// The store `file` opened (a fresh one if it could not be read, which
    /// the reader is told of).
    private func take(_ opened: StoreFile.Opened, from file: StoreFile) {
        store = opened.store
        if opened.problem != nil {
            // Translators: %s is where the unreadable store was kept, a file's path.
            startProblems.append(Localization.format(
                L("Your stored feeds couldn't be read; they were kept as %s and a new store was made."),
                file.quarantineURL.path))
        }
    }

    private func becomeReady() {
        state = .ready
        notify(.list)
        // The first screen came from the store; now the feeds update.
        if sources != nil { updateByItself() }
    }

    @concurrent
    private nonisolated static func open(_ file: StoreFile) async -> Result<StoreFile.Opened, FeedError> {
        do {
            return .success(try file.open())
        } catch {
            return .failure(error)
        }
    }

    @concurrent
    private nonisolated static func read(_ backup: URL) async -> FeedLibrary {
        FeedLibraryFile(url: backup).load().library
    }

    /// The first start with a store: feeds.json's feeds (and, when it is
    /// taken in now, the feed open last and the pictures setting, read
    /// back from its backup), or the sample feed for a new reader.
    private func takeIn(_ library: FeedLibraryFile, to store: FeedStore) async throws {
        let run = try await store.prepareFirstRun(library: library)
        if run.problem != nil {
            // Translators: %s is where the damaged file was kept, a file's path.
            startProblems.append(Localization.format(L("Your saved feeds were damaged and couldn't be read; they were kept as %s."),
                                                     library.quarantineURL.path))
        }
        guard let backup = run.backup else { return }
        let before = await Self.read(backup)
        if !before.readerLoadsRemoteImages { try await store.setLoadsRemoteImages(false) }
        if let last = before.lastOpened,
           let id = try await store.subscriptions().first(where: { $0.spec == last })?.id {
            try await store.setLastOpened(.subscription(id))
        }
    }

    // MARK: Reading

    /// Reads the subscriptions and their counts again (after a change the
    /// store made: an update, a page stored). Calls made while one runs
    /// are served by one more read after it.
    func reload() {
        guard let store else { return }
        if reloading != nil {
            reloadAgain = true
            return
        }
        reloading = Task {
            repeat {
                reloadAgain = false
                do {
                    try await readList(from: store)
                } catch {
                    report(error)
                }
            } while reloadAgain
            reloading = nil
            notify(.list)
        }
    }

    /// Waits for a reload under way (tests).
    func waitForReload() async {
        await reloading?.value
    }

    /// Bumped when a write that changes `list` starts and when it ends: a
    /// read that overlapped one reads again rather than undo it.
    private var writes = 0
    /// Writes started and not yet ended (`list` may already show them,
    /// the store not yet): a read waits for them.
    private var writesInFlight = 0
    private var waitingForWrites: [CheckedContinuation<Void, Never>] = []

    /// What the store held at the start: the settings, the subscriptions
    /// and their counts.
    private func take(_ startup: StoreStartup) {
        settings = startup.viewSettings
        marksReadOnScroll = startup.settings.marksReadOnScroll
        take(startup.list)
    }

    private func take(_ read: SubscriptionList) {
        list = read.subscriptions
        counts = read.itemCounts
        unread = read.unread
        storedThrough = read.newestItemID
    }

    /// Reads the subscriptions, their item counts and the unread counts
    /// (one transaction). Unread counts read while a mark was being written may miss it: then
    /// they are read again (`countUnread`).
    func readList(from store: FeedStore) async throws {
        while true {
            await waitForWrites()
            let before = writes
            let marksBefore = marksWritten
            let read = try await store.subscriptionList()
            guard writes == before else { continue }
            take(read)
            if marksPending > 0 || marksWritten != marksBefore || counting != nil { countUnread() }
            return
        }
    }

    private func beginWrite() {
        writes += 1
        writesInFlight += 1
    }

    private func endWrite() {
        writes += 1
        writesInFlight -= 1
        guard writesInFlight == 0 else { return }
        let waiting = waitingForWrites
        waitingForWrites = []
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until no change is being written.
    func waitForWrites() async {
        while writesInFlight > 0 {
            await withCheckedContinuation { waitingForWrites.append($0) }
        }
    }

    /// Runs `write`, marking it for reads that overlap it.
    func writing<T>(_ write: () async throws -> T) async rethrows -> T {
        beginWrite()
        defer { endWrite() }
        return try await write()
    }

    func subscription(_ id: Subscription.ID) -> Subscription? {
        list.first { $0.id == id }
    }

    func subscription(for spec: FeedSpec) -> Subscription? {
        list.first { $0.spec == spec }
    }

    /// Items stored for `scope`: one subscription's, a folder's, or all
    /// of them (Unread and Starred: not counted here yet).
    func count(of scope: TimelineScope) -> Int {
        switch scope {
        case .all: counts.values.reduce(0, +)
        case .subscription(let id): counts[id] ?? 0
        case .folder(let path): list.filter { $0.folder.starts(with: path) }.reduce(0) { $0 + (counts[$1.id] ?? 0) }
        case .unread, .starred: 0
        }
    }

    /// Whether `scope` is still there to be opened: a subscription's view
    /// goes with it, a folder's with the last subscription in it.
    func exists(_ scope: TimelineScope) -> Bool {
        switch scope {
        case .subscription(let id): subscription(id) != nil
        case .folder(let path): list.contains { $0.folder.starts(with: path) }
        case .all, .unread, .starred: true
        }
    }

    /// What the window calls a view: "All items", or the subscription's
    /// name (the made names in the reader's language).
    func title(of scope: TimelineScope) -> String {
        switch scope {
        case .all: L("All items")
        case .unread: L("Unread")
        case .starred: L("Starred")
        case .folder(let path): path.last ?? L("All items")
        case .subscription(let id): subscription(id).map(Self.title) ?? L("All items")
        }
    }

    nonisolated static func title(of subscription: Subscription) -> String {
        FeedTitle.shown(subscription.title, of: subscription.spec)
    }

    /// How `scope` is shown: as the reader last chose, a list at first.
    func layout(of scope: TimelineScope) -> FeedLayout {
        switch scope {
        case .all, .unread, .starred, .folder: settings.allItemsLayout
        case .subscription(let id): subscription(id)?.layout ?? .list
        }
    }

    /// The source a window's session pages `scope` through: the store,
    /// and for one subscription its feed beyond what is stored.
    func source(for scope: TimelineScope) -> any FeedSource {
        guard let store else { return NoTimeline() }
        switch scope {
        case .unread, .starred:
            return wrapTimeline(StoredTimelineSource(store: store, scope: scope, displayName: title(of: scope), pageSize: pageSize))
        case .all, .folder:
            return wrapTimeline(StoredTimelineSource(store: store, scope: scope, displayName: title(of: scope), pageSize: pageSize,
                                                     older: olderFromAccounts(store)))
        case .subscription(let id):
            guard let subscription = subscription(id) else { return NoTimeline() }
            // A Fever account's feed has no pages of its own: its older
            // items come through the account.
            let isFever = subscription.spec.isFeverFeed
            return wrapTimeline(StoredTimelineSource(store: store, scope: scope, displayName: Self.title(of: subscription),
                                                     pageSize: pageSize, network: isFever ? nil : makeSource(subscription.spec),
                                                     older: isFever ? olderFromAccounts(store) : nil))
        }
    }

    // MARK: Subscription lists (OPML)

    /// Why a subscription list couldn't be imported or exported: a
    /// sentence for the reader.
    struct ListProblem: Error, Equatable {
        let message: String
    }

    /// Subscribes to the feeds of the OPML file at `file` (read off the
    /// main thread), with their names, sites and folders; feeds followed
    /// already stay as they are. Then every feed updates (the new ones
    /// have nothing yet).
    func importList(from file: URL) async throws(ListProblem) -> FeedStore.Imported {
        guard let store else { throw ListProblem(message: L("Your feeds aren't open yet")) }
        let list: OPMLImport
        switch await Self.readList(file) {
        case .success(let read): list = read
        case .failure(let problem): throw problem
        }
        let imported: FeedStore.Imported
        do {
            imported = try await writing { try await store.importSubscriptions(list) }
            try await readList(from: store)
        } catch {
            report(error)
            throw ListProblem(message: Localization.format(L("Couldn't save your change: %s"),
                                                           ErrorText.reason(FeedError(describing: error))))
        }
        notify(.list)
        if imported.added > 0, canUpdate { Task { await updateAll() } }
        return imported
    }

    /// Writes every subscription, in sidebar order with their folders, to
    /// the OPML file at `file` (off the main thread). Returns how many.
    func exportList(to file: URL) async throws(ListProblem) -> Int {
        guard let store else { throw ListProblem(message: L("Your feeds aren't open yet")) }
        let outlines: [OPMLSubscription]
        do {
            outlines = try await store.exportSubscriptions(sampleFile: SampleFeed.locate())
        } catch {
            report(error)
            throw ListProblem(message: ErrorText.reason(FeedError(describing: error)))
        }
        let data = OPMLWriter.write(outlines, title: L("Feedline subscriptions"), created: Date())
        if let problem = await Self.write(data, to: file) { throw problem }
        return outlines.count
    }

    @concurrent
    private nonisolated static func readList(_ file: URL) async -> Result<OPMLImport, ListProblem> {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            // Translators: %1$s is a file's path, %2$s the system's reason ("No such file or directory").
            return .failure(ListProblem(message: Localization.format(L("Couldn't read “%1$s”: %2$s"), file.path,
                                                                    SubscriptionListText.systemReason(error))))
        }
        do {
            return .success(try OPMLReader.read(data))
        } catch {
            return .failure(ListProblem(message: SubscriptionListText.notAList(file, error)))
        }
    }

    @concurrent
    private nonisolated static func write(_ data: Data, to file: URL) async -> ListProblem? {
        do {
            try data.write(to: file, options: .atomic)
            return nil
        } catch {
            // Translators: %1$s is a file's path, %2$s the system's reason ("Permission denied").
            return ListProblem(message: Localization.format(L("Couldn't write “%1$s”: %2$s"), file.path,
                                                            SubscriptionListText.systemReason(error)))
        }
    }

    // MARK: Changing

    /// Subscribes to `feed` (nothing happens to one already followed);
    /// with `firstPage` (Add Feed's check loaded it), its items are stored
    /// at once, so opening it asks the network nothing more. Returns the
    /// subscription and whether it is new; nil when the store failed (the
    /// reader was told).
    func subscribe(_ feed: NewSubscription, firstPage: FeedPage? = nil) async -> (id: Subscription.ID, isNew: Bool)? {
        if let store { return await subscribe(feed, firstPage: firstPage, in: store) }
        await load()
        guard let store else { return nil }
        return await subscribe(feed, firstPage: firstPage, in: store)
    }

    private func subscribe(_ feed: NewSubscription, firstPage: FeedPage?,
                           in store: FeedStore) async -> (id: Subscription.ID, isNew: Bool)? {
        do {
            let subscribed = try await writing { try await store.subscribe([feed]) }
            guard let id = subscribed.subscriptions.first else { return nil }
            if let firstPage, subscribed.added > 0 {
                try await writing {
                    _ = try await store.store(firstPage.items, in: id)
                    try await store.recordUpdate(of: id, at: Date(), olderCursor: firstPage.next)
                }
            }
            try await readList(from: store)
            notify(.list)
            return (id, subscribed.added > 0)
        } catch {
            report(error)
            return nil
        }
    }

    /// Stops following `id`; its items go with it.
    func remove(_ id: Subscription.ID) async {
        guard let store else { return }
        do {
            try await writing { try await store.unsubscribe(id) }
            try await readList(from: store)
        } catch {
            report(error)
        }
        notify(.list)
    }

    /// Names `id` `title` in the sidebar and the window.
    func rename(_ id: Subscription.ID, to title: String) async {
        guard let store, let index = list.firstIndex(where: { $0.id == id }) else { return }
        list[index].title = title
        notify(.list)
        do {
            try await writing { try await store.rename(id, to: title) }
        } catch {
            report(error)
        }
    }

    /// Names a subscription after its feed's own title, the first time
    /// the feed says it, when the reader gave it no name of their own.
    func feedNamedItself(_ id: Subscription.ID, _ title: String) {
        guard let subscription = subscription(id), subscription.title == subscription.spec.title,
              !title.isEmpty, title != subscription.title else { return }
        Task { await rename(id, to: title) }
    }

    /// Remembers how the reader wants `scope` shown.
    func setLayout(_ layout: FeedLayout, of scope: TimelineScope) {
        guard let store, self.layout(of: scope) != layout else { return }
        switch scope {
        case .all, .unread, .starred, .folder: settings.allItemsLayout = layout
        case .subscription(let id):
            guard let index = list.firstIndex(where: { $0.id == id }) else { return }
            list[index].layout = layout
        }
        save {
            switch scope {
            case .all, .unread, .starred, .folder: try await store.setAllItemsLayout(layout)
            case .subscription(let id): try await store.setLayout(layout, of: id)
            }
        }
    }

    /// Whether the reader view downloads pictures inside items' text.
    var loadsRemoteImages: Bool {
        get { settings.loadsRemoteImages }
        set { set(\.loadsRemoteImages, newValue) { try await $0.setLoadsRemoteImages(newValue) } }
    }

    /// Whether Feedline goes on updating after its last window closes
    /// ("Run in Background"), kept in the store.
    var runsInBackground: Bool {
        get { settings.runsInBackground }
        set { set(\.runsInBackground, newValue) { try await $0.setRunsInBackground(newValue) } }
    }

    /// Changes one of the window's settings, then writes it with `write`.
    private func set(_ setting: WritableKeyPath<ViewSettings, Bool>, _ value: Bool,
                     write: @escaping @Sendable (FeedStore) async throws -> Void) {
        guard value != settings[keyPath: setting], let store else { return }
        settings[keyPath: setting] = value
        save { try await write(store) }
    }

    /// Whether new items of `id` bring a desktop notification.
    func setNotifies(_ notifies: Bool, of id: Subscription.ID) {
        guard let store, let index = list.firstIndex(where: { $0.id == id }),
              list[index].notifiesNewItems != notifies else { return }
        list[index].notifiesNewItems = notifies
        notify(.list)
        save { try await store.setNotifies(notifies, of: id) }
    }

    /// Remembers `scope` as the view to open at the next start.
    func opened(_ scope: TimelineScope) {
        guard let store, settings.lastOpened != scope else { return }
        settings.lastOpened = scope
        save { try await store.setLastOpened(scope) }
    }

    /// Writes a change already made to `list` or `settings`: marked at
    /// once, so a read under way now cannot undo it in memory.
    func save(_ write: @escaping @Sendable () async throws -> Void) {
        beginWrite()
        Task {
            do {
                try await write()
            } catch {
                report(error)
            }
            endWrite()
        }
    }


    func report(_ error: any Error) {
        FileHandle.standardError.write(Data("feedline: the store: \(error)\n".utf8))
        // Translators: %s says why a change to the subscriptions couldn't be saved.
        notify(.problem(Localization.format(L("Couldn't save your change: %s"), ErrorText.reason(FeedError(describing: error)))))
    }
}

/// The source of a view that is gone or not there yet: an empty end.
struct NoTimeline: FeedSource {
    var displayName: String { "" }

    func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        FeedPage(items: [], next: nil)
    }
}
