import FeedCore
import FeedStore
import Foundation

/// The reader's marks on items, as `Subscriptions` keeps them: read and
/// starred items (`mark`), Mark All as Read and its Undo, the unread
/// counts that follow them, and where the reader was in each view.
///
/// A change is shown at once (the window it was made in has changed its
/// rows, every other window is told), then written off the main thread,
/// one after the other in the order made, and the unread counts read
/// again.
extension Subscriptions {
    /// Marks items read or unread, starred or not (`change`), made in the
    /// window whose observation is `origin`: every other window is told at
    /// once, then the store is written (off the main thread, one mark
    /// after the other in the order made) and the unread counts read
    /// again. Items not from the store are left out by the store.
    func mark(_ change: MarkChange, from origin: Int?) {
        guard let store, !change.items.isEmpty else { return }
        notify(.marked(change, origin: origin))
        marksPending += 1
        let previous = markWrites
        markWrites = Task {
            await previous?.value
            do {
                switch change.mark {
                case .read(let read): try await store.setRead(read, items: change.items)
                case .starred(let starred): try await store.setStarred(starred, items: change.items)
                }
            } catch {
                report(error)
            }
            marksPending -= 1
            marksWritten += 1
            countUnread()
            sendMarksToAccountsSoon()
        }
    }

    /// Waits for the marks made so far to be written and counted (tests).
    func waitForMarks() async {
        await markWrites?.value
        await counting?.value
    }

    /// Reads the unread counts again, then tells the windows (`.list`).
    /// Calls made while one runs are served by one more read after it, so
    /// the last answer counts every mark written before the last call.
    /// While marks keep coming (scrolling past items marks them read), the
    /// counts are read at most once a `countInterval`: each reading
    /// redraws the sidebar's counts, a few milliseconds of a frame, which
    /// made every frame that had one late while scrolling fast.
    func countUnread() {
        guard let store else { return }
        if counting != nil {
            countAgain = true
            return
        }
        counting = Task {
            repeat {
                countAgain = false
                if let next = countedAt.map({ $0 + Self.countInterval }), next > .now {
                    try? await Task.sleep(until: next, clock: .continuous)
                }
                countedAt = .now
                do {
                    unread = try await store.unreadCounts()
                } catch {
                    report(error)
                }
                if countAgain { notify(.list) }
            } while countAgain
            counting = nil
            notify(.list)
        }
    }

    /// The least time between two readings of the unread counts while
    /// marks keep coming.
    static let countInterval: Duration = .milliseconds(500)

    /// Unread items of `scope`: a subscription's, a folder's (every
    /// subscription inside it), or a view's (Starred: its starred items
    /// not read yet).
    func unreadCount(of scope: TimelineScope) -> Int {
        switch scope {
        case .all, .unread: unread.all
        case .starred: unread.starredUnread
        case .subscription(let id): unread.subscriptions[id] ?? 0
        case .folder(let path):
            list.filter { $0.folder.starts(with: path) }.reduce(0) { $0 + (unread.subscriptions[$1.id] ?? 0) }
        }
    }

    /// Whether scrolling past an item marks it read: kept in the store.
    func setMarksReadOnScroll(_ marks: Bool) {
        guard let store, marks != marksReadOnScroll else { return }
        marksReadOnScroll = marks
        notify(.list)
        save { try await store.setMarksReadOnScroll(marks) }
    }

    /// Waits until every change made so far is in the store: marks, and
    /// everything else (before quitting, or closing the last window).
    func flush() async {
        await markWrites?.value
        await waitForWrites()
        await flushMarksToAccounts()
    }

    // MARK: Mark All as Read

    /// Marks every unread item of `scope` read, of those stored by the row
    /// id `mark` (what the reader had when they last looked; items that
    /// arrived since stay unread), after the marks made before it. Every
    /// window changes its rows (`.markedAll`). Returns what was marked, for
    /// `undo`; nil when the store failed (the reader was told).
    func markAllRead(in scope: TimelineScope, arrivedBy mark: Int64?) async -> MarkedRead? {
        await writeAll(read: true) { store in
            let marked = try await store.markAllRead(in: scope, upTo: nil, arrivedBy: mark)
            return (marked, marked)
        }
    }

    /// Undoes Mark All as Read: the items it marked, and only those, are
    /// unread again, in every window. Returns how many changed.
    @discardableResult
    func undo(_ marked: MarkedRead) async -> Int {
        await writeAll(read: false) { store in (marked, try await store.undo(marked)) } ?? 0
    }

    /// Runs Mark All as Read's `write` (or its Undo's) after the marks made
    /// before it, then tells every window which items it marked and counts
    /// again. Nil when the store failed (the reader was told).
    private func writeAll<T>(read: Bool, _ write: (FeedStore) async throws -> (MarkedRead, T)) async -> T? {
        guard let store else { return nil }
        await markWrites?.value
        do {
            let (marked, result) = try await write(store)
            notify(.markedAll(marked, read: read))
            countUnread()
            sendMarksToAccountsSoon()
            return result
        } catch {
            report(error)
            return nil
        }
    }

    // MARK: Reading positions

    /// Where the reader was in `scope`, this session or when Feedline last
    /// ran.
    func position(of scope: TimelineScope) -> ReadingPosition? {
        settings.positions[scope]
    }

    /// Remembers where the reader is in `scope`: at once for this session,
    /// then in the store for the next start.
    func setPosition(_ position: ReadingPosition?, of scope: TimelineScope) {
        guard let store, settings.positions[scope] != position else { return }
        settings.positions[scope] = position
        save { try await store.setReadingPosition(position, of: scope) }
    }
}
