import FeedCore
import FeedStore
import Foundation
import GtkKit

/// A window on the subscriptions: opening views from the sidebar, adding,
/// renaming and removing subscriptions, and the keys that move between
/// the sidebar and the list. Actions: `win.open-view` ("all", "unread",
/// "starred" or a subscription's id), `win.add-feed`, `win.rename-feed` and
/// `win.remove-feed` (a subscription's id), `win.choose-feed` (Ctrl+O:
/// focus the sidebar), `win.show-sidebar` (F9), `win.other-pane` (F6);
/// importing and exporting lists is in SubscriptionListActions.swift.
extension FeedWindow {
    func addSubscriptionActions() {
        guard let subscriptions, let sidebar else { return }
        window.addAction("open-view", string: { [weak self] name in
            guard let self else { return }
            switch name {
            case "all": open(.all)
            case "unread": open(.unread)
            case "starred": open(.starred)
            default:
                guard let id = Subscription.ID(name) else { return }
                open(.subscription(id))
            }
        })
        window.addAction("add-feed") { [weak self] in self?.showAddFeedDialog() }
        window.addAction("rename-feed", string: { [weak self] id in
            guard let self, let id = Subscription.ID(id), let subscription = subscriptions.subscription(id) else { return }
            showRenameDialog(for: subscription)
        })
        window.addAction("remove-feed", string: { [weak self] id in
            guard let self, let id = Subscription.ID(id) else { return }
            remove(id)
        })
        window.addAction("remove-account", string: { [weak self] id in
            guard let self, let id = Subscription.ID(id) else { return }
            let subscriptions = subscriptions
            Task { [weak self] in
                guard let server = await subscriptions.removeAccount(of: id), let self else { return }
                // Translators: %s is the Fever account's server, like "rss.example.org".
                let message = Localization.format(L("Removed the account at %s"), server)
                statusBar.flash(message)
                announcer.announce(message)
            }
        })
        window.addAction("choose-feed") { [weak self] in
            guard let self else { return }
            showSidebar(true)
            sidebar.focusOpenRow()
        }
        sidebarAction = window.addToggleAction("show-sidebar", isOn: true) { [weak self] isOn in
            self?.showSidebar(isOn)
        }
        window.addAction("other-pane") { [weak self] in self?.focusOtherPane() }
        for (name, notifies) in [("notify-feed", true), ("stop-notifying", false)] {
            window.addAction(name, string: { id in
                guard let id = Subscription.ID(id) else { return }
                subscriptions.setNotifies(notifies, of: id)
            })
        }
        backgroundAction = window.addToggleAction("run-in-background", isOn: subscriptions.runsInBackground) { isOn in
            subscriptions.runsInBackground = isOn
        }
        addSubscriptionListActions()
        // The dialogs go before their window: GTK 4.8 left one up,
        // pointing at the window it belonged to, which crashed once that
        // was freed.
        window.onCloseRequest { [weak self] in
            self?.addFeedDialog?.window.close()
            self?.renameDialog?.window.close()
            self?.fileChooser?.cancel()
            return false
        }

        sidebar.onOpen = { [weak self] scope in
            guard let self else { return }
            if scope != self.scope { open(scope) } else { focusContent() }
        }
        sidebar.onContextMenu = { [weak self] entry, anchor, x, y in
            self?.showMenu(for: entry, at: anchor, x: x, y: y)
        }
        sidebar.onRename = { [weak self] subscription in self?.showRenameDialog(for: subscription) }
        sidebar.onTabOut = { [weak self] forward in
            guard let self else { return }
            if forward { sidebar.addButton.grabFocus() } else { header.menuButton.grabFocus() }
        }
        observation = subscriptions.observe { [weak self] change in
            guard let self else { return }
            switch change {
            case .list: subscriptionsChanged()
            case .marked(let change, let origin): marksChanged(change, origin: origin)
            case .markedAll(let marked, let read): allMarked(marked, read: read)
            case .updating:
                showBusy(session.snapshot)
                showPage(for: session.snapshot)
            case .arrived: break
            case .network:
                showStatus(session.snapshot)
                announcer.announce(ReadStateText.network(online: subscriptions.isOnline))
            case .stored:
                // A view with nothing to show may have something now.
                if feedList.itemCount == 0, scope != nil, session.state.inFlight == nil {
                    session.refresh()
                } else {
                    itemsStored()
                    tellNoticeIfSettled(session.snapshot)
                }
            case .reload:
                if scope != nil { session.refresh() }
            case .passwordNeeded(let endpoint, let user, let message):
                if window.isApplicationsLatest { askForPassword(endpoint: endpoint, user: user, because: message) }
            case .problem(let problem):
                statusBar.flash(problem, for: .seconds(8))
                announcer.announce(problem)
            }
        }
    }

    // MARK: The subscriptions as the window shows them

    /// The store has answered: the sidebar, the settings, what went wrong
    /// opening it, then the first view.
    func subscriptionsLoaded() {
        guard let subscriptions else { return }
        if case .failed(let error) = subscriptions.state {
            // Translators: the page shown when the store of feeds can't be opened at all; %s says why.
            errorPage.detail.text = Localization.format(L("Your feeds can't be opened: %s"), ErrorText.reason(error))
            errorPage.button?.isVisible = false
            content.visibleChildName = "error"
            loadingPage.setActive(false)
            showWindow()
            return
        }
        guard subscriptions.state == .ready else { return }
        subscriptionsChanged()
        if !noRemoteImagesThisRun { showRemoteImages(subscriptions.loadsRemoteImages) }
        if let problems = subscriptions.takeStartProblems() {
            pendingNotice = problems
        }
        guard let opening else { return }
        self.opening = nil
        switch opening {
        case .lastOpened:
            open(subscriptions.settings.lastOpened.flatMap { subscriptions.exists($0) ? $0 : nil } ?? .all)
        case .scope(let scope):
            open(subscriptions.exists(scope) ? scope : .all)
        case .feed(let feed):
            open(feed)
        }
    }

    /// The subscriptions, their counts or failures, or the settings
    /// changed: the sidebar follows; a view whose subscription (or
    /// folder) went gives way to All items.
    func subscriptionsChanged() {
        guard let subscriptions, let sidebar, subscriptions.state == .ready else { return }
        sidebar.show(SidebarEntry.entries(for: subscriptions.list, unread: subscriptions.unread))
        showScrollMarking()
        backgroundAction?.isOn = subscriptions.runsInBackground
        guard let scope else { return }
        if !subscriptions.exists(scope) {
            open(.all)
        } else if case .subscription = scope {
            let title = subscriptions.title(of: scope)
            if title != feedTitle { setTitle(title) }
        }
    }

    /// A page landed: when the list holds more of a subscription than its
    /// count says, pages came from the network and were stored, so the
    /// counts are read again.
    func countsMayHaveChanged() {
        guard let subscriptions, let scope, case .subscription = scope,
              feedList.itemCount > subscriptions.count(of: scope) else { return }
        subscriptions.reload()
    }

    // MARK: Refreshing

    /// Refresh: every subscription updates (the header's spinner turns
    /// meanwhile), then the view reloads from the top; a window without
    /// updates reloads its view.
    func refresh() {
        guard let subscriptions, subscriptions.canUpdate else {
            session.refresh()
            return
        }
        Task { [weak self] in
            let report = await subscriptions.updateAll()
            guard let self else { return }
            forgetNewItems()
            feedList.cancelRestore()
            session.refresh()
            guard let failed = report?.failures.count, failed > 0 else { return }
            // Translators: after Refresh; the sidebar shows which feeds and why.
            statusBar.flash(Localization.format(L("%d feed couldn't be updated", "%d feeds couldn't be updated", failed), failed))
        }
    }

    // MARK: Opening views

    /// Opens `scope` in the window: what was shown goes, the new view
    /// loads from its first page (from the store), its row is marked, and
    /// it is remembered for the next start.
    package func open(_ scope: TimelineScope) {
        guard let subscriptions else { return }
        guard subscriptions.state == .ready else {
            opening = .scope(scope)
            return
        }
        content.visibleChildName = "list"
        keepPosition()
        session.close()
        feedList.removeAll()
        feedList.readsBack(from: subscriptions.store)
        session = restoringSession(for: scope, source: subscriptions.source(for: scope))
        self.scope = scope
        forgetNewItems()
        connectSession()
        show(layout: subscriptions.layout(of: scope))
        setTitle(subscriptions.title(of: scope))
        shownPhase = nil
        show(session.snapshot)
        sidebar?.markOpen(scope)
        subscriptions.opened(scope)
        session.loadMore()
    }

    /// Opens `feed`'s timeline, subscribing to it first if need be (the
    /// command line's feed, the benchmark's switches). The latest call
    /// wins when an earlier one is still subscribing.
    package func open(_ feed: FeedSpec) {
        guard let subscriptions else { return }
        guard subscriptions.state == .ready else {
            opening = .feed(feed)
            return
        }
        openingFeed += 1
        if let subscription = subscriptions.subscription(for: feed) {
            open(.subscription(subscription.id))
            return
        }
        let call = openingFeed
        Task { [weak self] in
            guard let subscribed = await subscriptions.subscribe(NewSubscription(feed)),
                  let self, openingFeed == call else { return }
            open(.subscription(subscribed.id))
        }
    }

    /// Where `scope`'s row is in the sidebar (the benchmark activates it).
    package func sidebarRow(of scope: TimelineScope) -> Int? {
        sidebar?.position(of: scope)
    }

    // MARK: Focus

    /// Shows or hides the sidebar; focus in it moves to the list first.
    func showSidebar(_ shown: Bool) {
        guard let paned, let sidebar else { return }
        if !shown && sidebar.containsFocus { focusContent() }
        paned.isStartChildShown = shown
        sidebarAction?.isOn = shown
    }

    /// F6: from the sidebar to the list (or whatever the window shows in
    /// its place), and back.
    func focusOtherPane() {
        guard let sidebar else { return }
        if sidebar.containsFocus || !(paned?.isStartChildShown ?? false) {
            focusContent()
        } else {
            sidebar.focusOpenRow()
        }
    }

    /// Keyboard focus to the content: the list's row last focused (else
    /// the first), the reader's Back button, or the page's Retry.
    func focusContent() {
        switch content.visibleChildName {
        case "reader":
            reader.backButton.grabFocus()
        case "list":
            // GTK's list gives focus back to the row it had last.
            feedList.view.grabFocus()
            if !feedList.view.containsFocus && feedList.itemCount > 0 { feedList.focusRow(at: 0) }
        case "error":
            if errorPage.button?.isVisible == true { errorPage.button?.grabFocus() }
        default:
            break
        }
    }

    // MARK: Adding, renaming, removing

    /// A sync account's password was refused: Add Feed on that account,
    /// saying why, the password to type (adding it again keeps what is
    /// stored and replaces the password in the keyring).
    func askForPassword(endpoint: URL, user: String, because message: String) {
        guard addFeedDialog == nil else { return }
        showAddFeedDialog()
        addFeedDialog?.askForPassword(endpoint: endpoint, user: user, because: message)
    }

    func showAddFeedDialog() {
        guard let subscriptions else { return }
        if let open = addFeedDialog {
            open.present()
            return
        }
        let dialog = AddFeedDialog(over: window, makeSource: subscriptions.makeSource)
        dialog.onAdded = { [weak self] feed, page in
            Task { [weak self] in
                let title = page.feedTitle.flatMap { $0.isEmpty ? nil : $0 }
                guard let added = await subscriptions.subscribe(NewSubscription(feed, title: title), firstPage: page),
                      let self else { return }
                let name = subscriptions.subscription(added.id).map(Subscriptions.title) ?? feed.title
                open(.subscription(added.id))
                statusBar.flash(added.isNew
                    // Translators: %s is the feed's name.
                    ? Localization.format(L("Added “%s”"), name)
                    // Translators: %s is the feed's name.
                    : Localization.format(L("You already follow “%s”"), name))
            }
        }
        dialog.onAddAccount = { [weak self] endpoint, user, password in
            switch await subscriptions.addFeverAccount(endpoint: endpoint, user: user, password: password) {
            case .failure(let failure):
                return failure
            case .success(let report):
                guard let self else { return nil }
                open(.all)
                // Translators: the Fever account was added; %1$s is its server, %2$d how many feeds it has.
                statusBar.flash(Localization.format(L("Synced %1$s: %2$d feed", "Synced %1$s: %2$d feeds", report.feeds),
                                                    endpoint.serverName, report.feeds))
                return nil
            }
        }
        dialog.window.onCloseRequest { [weak self, weak dialog] in
            if self?.addFeedDialog === dialog { self?.addFeedDialog = nil }
            return false
        }
        addFeedDialog = dialog
        dialog.present()
    }

    func showRenameDialog(for subscription: Subscription) {
        guard let subscriptions else { return }
        renameDialog?.window.close()
        let dialog = RenameDialog(over: window, subscription: subscription, currentTitle: Subscriptions.title(of: subscription))
        dialog.onRename = { name in
            Task { await subscriptions.rename(subscription.id, to: name) }
        }
        dialog.window.onCloseRequest { [weak self, weak dialog] in
            if self?.renameDialog === dialog { self?.renameDialog = nil }
            return false
        }
        renameDialog = dialog
        dialog.present()
    }

    /// Stops following `id` (its items go with it); All items opens if it
    /// was shown.
    func remove(_ id: Subscription.ID) {
        guard let subscriptions, let subscription = subscriptions.subscription(id) else { return }
        let title = Subscriptions.title(of: subscription)
        let sidebarHadFocus = sidebar?.containsFocus ?? false
        Task { [weak self] in
            await subscriptions.remove(id)
            guard let self else { return }
            // Translators: %s is the feed's name.
            let message = Localization.format(L("Removed “%s”"), title)
            statusBar.flash(message)
            announcer.announce(message)
            if sidebarHadFocus { sidebar?.focusOpenRow() }
        }
    }

    /// A sidebar row's menu: Mark All as Read, and for a subscription
    /// Rename and Remove.
    func showMenu(for entry: SidebarEntry, at anchor: Widget, x: Double?, y: Double?) {
        let menu = Menu()
        menu.append(L("_Mark All as Read"), action: "win.mark-all-read-in", target: entry.scope.settingValue)
        if let subscription = entry.subscription {
            menu.append(subscription.notifiesNewItems ? L("Stop _Notifying About New Items") : L("_Notify About New Items"),
                        action: subscription.notifiesNewItems ? "win.stop-notifying" : "win.notify-feed",
                        target: String(subscription.id))
            menu.append(L("_Rename…"), action: "win.rename-feed", target: String(subscription.id))
            if subscription.spec.isFeverFeed {
                // Its server decides which feeds the account has.
                menu.append(L("Remove _Account"), action: "win.remove-account", target: String(subscription.id))
            } else {
                menu.append(L("_Remove"), action: "win.remove-feed", target: String(subscription.id))
            }
        }
        ContextMenu.popUp(menu, at: anchor, x: x, y: y)
    }
}
