import FeedCore
import Foundation
import GtkKit

/// Going from the feed to one item and back, and from item to item: Enter
/// or a double click on an item opens it in the reader view in place of
/// the list; Back, Escape or Alt+Left return to the list at the item last
/// read, with keyboard focus on it. The reader reports where it is, and the
/// feed's session keeps loading ahead as in the list; an item shown in it
/// is read (ItemMarks.swift).
extension FeedWindow: ReaderFeed {
    /// The reader view is showing (the list stays loaded beneath it).
    package var isReading: Bool { content.visibleChildName == "reader" }

    package var itemCount: Int { feedList.itemCount }
    func item(at index: Int) -> FeedItem? { feedList.item(at: index) }
    var isExhausted: Bool { session.phase == .exhausted }
    var nextPageState: FooterState { feedList.footer ?? .loading }
    func isRevealed(_ id: String) -> Bool { feedList.revealed.contains(id) }

    /// The reader view, made (and put in the window) the first time it is
    /// needed.
    package var reader: ReaderView { madeReader ?? makeReader() }

    /// `win.remote-images`, "Load Pictures in Articles" (the main menu):
    /// kept in the store, read once it has answered (`subscriptionsLoaded`);
    /// the reader follows the action's state.
    func addRemoteImagesAction() {
        remoteImagesAction = window.addToggleAction("remote-images", isOn: subscriptions?.loadsRemoteImages ?? true) {
            [weak self] isOn in
            self?.subscriptions?.loadsRemoteImages = isOn
            self?.madeReader?.loadsRemoteImages = isOn
        }
    }

    private func makeReader() -> ReaderView {
        let reader = ReaderView()
        madeReader = reader
        content.add(reader.root, name: "reader")
        reader.feed = self
        reader.loadsRemoteImages = remoteImagesAction?.isOn ?? true
        reader.marksItems = subscriptions != nil
        reader.onBack = { [weak self] in self?.closeReader() }
        reader.onOpenInBrowser = { [weak self] item in self?.open(item) }
        // Links in an item's text: the same opener as Open in Browser.
        reader.onOpenLink = { [weak self] url in self?.openLink(url.absoluteString) }
        reader.onMove = { [weak self] slot in self?.readerMoved(to: slot) }
        // One choice for the list and the reader: shown in one, shown in both.
        reader.onToggleReveal = { [weak self] id in
            self?.feedList.toggleReveal(id)
            self?.madeReader?.feedChanged()
        }
        reader.onToggleRead = { [weak self] index in self?.toggleRead(at: index) }
        reader.onToggleStar = { [weak self] index in self?.toggleStar(at: index) }
        return reader
    }

    /// `--no-remote-images`: no pictures inside items' text for this run,
    /// whatever the setting (which stays as it is).
    func loadNoRemoteImagesThisRun() {
        noRemoteImagesThisRun = true
        showRemoteImages(false)
    }

    /// Sets "Load Pictures in Articles" as the store or the command line
    /// has it, without storing it again: the action's state, and the
    /// reader's if made (setting the state does not run the action).
    func showRemoteImages(_ isOn: Bool) {
        remoteImagesAction?.isOn = isOn
        madeReader?.loadsRemoteImages = isOn
    }

    /// Shows the item at `index` in the reader view, and says where it is
    /// in the feed.
    package func showReader(at index: Int) {
        guard feedList.item(at: index) != nil else { return }
        reader.open(at: index)
        content.visibleChildName = "reader"
        reader.backButton.grabFocus()
        readerMoved(to: reader.slot)
    }

    /// Back to the list, at the item last read, with focus on it.
    package func closeReader() {
        guard isReading else { return }
        content.visibleChildName = "list"
        feedList.readerPosition = nil
        if let index = readerIndexInList {
            feedList.focusRow(at: index)
        }
    }

    /// A snapshot while the reader is open: pages slide in under it, a
    /// countdown moves, and a refresh may move (or drop) the item shown.
    func readerSaw(_ snapshot: FeedSnapshot) {
        guard isReading else { return }
        if case .replaced = snapshot.change, let id = reader.item?.id {
            guard let index = feedList.position(ofItemWithID: id) else {
                // The item is gone: back to the refreshed list, at its top.
                content.visibleChildName = "list"
                feedList.focusRow(at: 0)
                return
            }
            reader.feedChanged(itemNowAt: index)
        } else if case .prepended(let items) = snapshot.change {
            reader.itemsInsertedAbove(items.count)
        } else {
            reader.feedChanged()
        }
    }

    /// Where the reader view stands, as a row of the list.
    private var readerIndexInList: Int? {
        switch reader.slot {
        case .item(let index): index < itemCount ? index : nil
        case .more(let after): after < itemCount ? after : nil
        }
    }

    /// Says where the reader is ("Item 3 of 120: Title"), and tells the
    /// session, which decides whether the next page starts.
    private func readerMoved(to slot: ReaderSlot) {
        switch slot {
        case .item(let index):
            // Translators: announced on moving to an item: "Item 4 of 120: Its title".
            announcer.announce(Localization.format(L("%1$s: %2$s"), ReaderView.position(index: index, count: itemCount),
                                                   reader.currentPage.titleText.spokenText))
            openedInReader(at: index)
            feedList.readerPosition = index
            session.readerShows(index, of: itemCount)
        case .more:
            announcer.announce(PagingText.footer(nextPageState))
            session.readerShows(nil, of: itemCount)
        }
    }
}
