import FeedCore
import Foundation
import GtkKit

/// "Add Feed": a web feed's address, a Mastodon instance and timeline, a
/// GitHub search, or Hacker News. Add checks the feed by loading its first
/// page (off the main thread) and only then adds it; if that fails, the
/// dialog says why and stays open.
@MainActor
final class AddFeedDialog {
    enum Kind: Int, CaseIterable {
        case web, mastodon, gitHub, hackerNews, fever

        var label: String {
            switch self {
            case .web: L("Web feed (RSS, Atom, JSON Feed)")
            case .mastodon: L("Mastodon timeline")
            case .gitHub: L("GitHub repository search")
            case .hackerNews: L("Hacker News")
            case .fever: L("Fever server (FreshRSS, Miniflux, Tiny Tiny RSS)")
            }
        }
    }

    enum Timeline: Int, CaseIterable {
        case federated, local, hashtag
        var label: String {
            switch self {
            case .federated: L("Federated (everything the server knows)")
            case .local: L("Local (the server's own people)")
            case .hashtag: L("A hashtag")
            }
        }
    }

    let window: Window
    let kind = DropDown(choices: Kind.allCases.map(\.label))
    let addressLabel = Label(L("_Address"))
    let address = Entry()
    let timelineLabel = Label(L("_Timeline"))
    let timeline = DropDown(choices: Timeline.allCases.map(\.label))
    let hashtagLabel = Label(L("_Hashtag"))
    // Translators: an example hashtag, without the #.
    let hashtag = Entry(placeholder: L("swift"))
    let apiLabel = Label(L("GitHub _API (for GitHub Enterprise)"))
    let api = Entry(placeholder: FeedSpec.gitHubAPI.absoluteString)
    let userLabel = Label(L("_User name or email"))
    let user = Entry()
    let passwordLabel = Label(L("_Password"))
    let password = PasswordEntry()
    let message = Label()
    let spinner = Spinner()
    let addButton = Button(label: L("_Add"))
    let cancelButton = Button(label: L("_Cancel"))
    /// A feed was checked and should be added: it, and the first page the
    /// check loaded (its title, its items).
    var onAdded: ((FeedSpec, FeedPage) -> Void)?
    /// A Fever account to add (its address, user name and password): the
    /// window checks it with the server and adds it; nil when it did, else
    /// why not.
    var onAddAccount: ((URL, String, String) async -> FeverAccounts.Failure?)?
    private let makeSource: (FeedSpec) -> any FeedSource
    private var check: Task<Void, Never>?
    private let announcer: Announcer

    init(over parent: Window, makeSource: @escaping (FeedSpec) -> any FeedSource) {
        self.makeSource = makeSource
        window = Window(dialogFor: parent)
        window.title = L("Add Feed")
        announcer = Announcer(window: window)
        window.setDefaultSize(width: 480, height: -1)
        layOut()
        kind.onSelectionChanged { [weak self] in self?.showFields() }
        timeline.onSelectionChanged { [weak self] in self?.showFields() }
        addButton.onClicked { [weak self] in self?.add() }
        cancelButton.onClicked { [weak self] in self?.window.close() }
        window.onCloseRequest { [weak self] in
            self?.check?.cancel()
            return false
        }
        showFields()
    }

    private func layOut() {
        let header = HeaderBar()
        header.showsWindowButtons = false
        header.packStart(cancelButton)
        addButton.addCSSClass("suggested-action")
        header.packEnd(addButton)
        window.setTitlebar(header)
        window.setDefaultWidget(addButton)

        let kindLabel = Label(L("_Kind of feed"))
        kindLabel.labels(kind)
        addressLabel.labels(address)
        timelineLabel.labels(timeline)
        hashtagLabel.labels(hashtag)
        apiLabel.labels(api)
        userLabel.labels(user)
        passwordLabel.labels(password)
        for entry in [address, hashtag, api, user] { entry.activatesDefault = true }
        password.onActivate { [weak self] in self?.add() }
        message.wrap()
        message.xAlign = 0
        message.isSelectable = true
        spinner.isVisible = false
        spinner.setAccessibleLabel(L("Checking the feed"))
        let form = Box(.vertical, spacing: 6)
        form.addCSSClass("add-feed-form")
        for label in [kindLabel, addressLabel, timelineLabel, hashtagLabel, apiLabel, userLabel, passwordLabel] {
            label.xAlign = 0
        }
        [kindLabel, kind, addressLabel, address, timelineLabel, timeline, hashtagLabel, hashtag,
         apiLabel, api, userLabel, user, passwordLabel, password,
         Box(.horizontal, spacing: 8, children: [spinner, message])].forEach(form.append)
        window.setChild(form)
    }

    func present() {
        window.present()
        address.grabFocus()
    }

    private var chosenKind: Kind { Kind(rawValue: kind.selected) ?? .web }

    /// Shows the fields the chosen kind needs.
    private func showFields() {
        let kind = chosenKind
        addressLabel.isVisible = kind != .hackerNews
        address.isVisible = kind != .hackerNews
        switch kind {
        case .web:
            addressLabel.mnemonicText = L("_Address or file")
            address.setAccessibleLabel(L("Address or file"))
            address.placeholder = "https://example.org/feed.xml"
        case .mastodon:
            addressLabel.mnemonicText = L("_Server")
            address.setAccessibleLabel(L("Server"))
            address.placeholder = "mastodon.social"
        case .gitHub:
            addressLabel.mnemonicText = L("_Search")
            address.setAccessibleLabel(L("Search"))
            // Translators: an example of a GitHub search; GitHub's own words (language:, stars:) stay in English.
            address.placeholder = L("language:swift stars:>1000")
        case .hackerNews:
            break
        case .fever:
            addressLabel.mnemonicText = L("_API address")
            address.setAccessibleLabel(L("API address"))
            address.placeholder = "https://rss.example.org/api/fever.php"
        }
        for widget in [userLabel, user, passwordLabel, password] as [Widget] { widget.isVisible = kind == .fever }
        timelineLabel.isVisible = kind == .mastodon
        timeline.isVisible = kind == .mastodon
        let wantsTag = kind == .mastodon && timeline.selected == Timeline.hashtag.rawValue
        hashtagLabel.isVisible = wantsTag
        hashtag.isVisible = wantsTag
        apiLabel.isVisible = kind == .gitHub
        api.isVisible = kind == .gitHub
        showMessage(nil)
    }

    /// The feed the fields describe, or a sentence saying what to fix.
    func chosenFeed() -> Result<FeedSpec, AddFeedProblem> {
        let text = address.text.trimmingCharacters(in: .whitespaces)
        switch chosenKind {
        case .web:
            guard !text.isEmpty else { return .failure(AddFeedProblem(L("Enter the address of a feed, or a file"))) }
            let feed = FeedAddress.document(text)
            if case .document(let url) = feed, !url.isFileURL || FileManager.default.fileExists(atPath: url.path) {
                return .success(feed)
            }
            if text.contains("."), !text.hasPrefix("/"), !text.hasPrefix("~"), let url = FeedAddress.web(text) {
                return .success(.document(url))
            }
            return .failure(AddFeedProblem(Localization.format(L("There is no file “%s”; a web address starts with https://"), text)))
        case .mastodon:
            guard let server = FeedAddress.web(text) else {
                return .failure(AddFeedProblem(L("Enter a Mastodon server, like mastodon.social")))
            }
            switch Timeline(rawValue: timeline.selected) ?? .federated {
            case .federated: return .success(.mastodon(instance: server, timeline: .federated))
            case .local: return .success(.mastodon(instance: server, timeline: .local))
            case .hashtag:
                guard let tag = FeedAddress.hashtag(hashtag.text) else {
                    return .failure(AddFeedProblem(L("Enter a hashtag: letters, digits and _")))
                }
                return .success(.mastodon(instance: server, timeline: .tag(tag)))
            }
        case .gitHub:
            guard !text.isEmpty else { return .failure(AddFeedProblem(L("Enter what to search for, like language:swift"))) }
            let apiText = api.text.trimmingCharacters(in: .whitespaces)
            if apiText.isEmpty { return .success(.gitHubSearch(query: text, api: FeedSpec.gitHubAPI)) }
            guard let base = FeedAddress.web(apiText) else {
                return .failure(AddFeedProblem(L("The GitHub API address isn't a web address")))
            }
            return .success(.gitHubSearch(query: text, api: base))
        case .hackerNews:
            return .success(.hackerNews(api: FeedSpec.hackerNewsAPI))
        case .fever:
            return .failure(AddFeedProblem(L("A Fever server is an account, not a feed")))
        }
    }

    /// The Fever account the fields describe, or a sentence saying what
    /// to fix.
    func chosenAccount() -> Result<(endpoint: URL, user: String, password: String), AddFeedProblem> {
        guard let endpoint = FeedAddress.web(address.text) else {
            return .failure(AddFeedProblem(L("Enter the server's Fever API address, like https://rss.example.org/api/fever.php")))
        }
        let name = user.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return .failure(AddFeedProblem(L("Enter your user name or email on the server"))) }
        guard !password.text.isEmpty else { return .failure(AddFeedProblem(L("Enter your password on the server"))) }
        return .success((endpoint, name, password.text))
    }

    /// Shows the Fever account `user` at `endpoint` with the password to
    /// type again, and why (`message`: the server refused it).
    func askForPassword(endpoint: URL, user: String, because message: String) {
        kind.selected = Kind.fever.rawValue
        address.text = endpoint.absoluteString
        self.user.text = user
        password.text = ""
        // Translators: a sync account's password was refused; %s is why ("The server refused the user name or password").
        showMessage(Localization.format(L("Type the password again: %s"), message), isError: true)
        password.grabFocus()
    }

    /// Checks the account with its server, then adds it and syncs it.
    private func addAccount() {
        let account: (endpoint: URL, user: String, password: String)
        switch chosenAccount() {
        case .success(let chosen): account = chosen
        case .failure(let problem):
            showMessage(problem.message, isError: true)
            return
        }
        guard let onAddAccount else { return }
        showChecking(true, L("Signing in and syncing…"))
        check = Task { [weak self] in
            let failure = await onAddAccount(account.endpoint, account.user, account.password)
            guard let self, !Task.isCancelled else { return }
            check = nil
            showChecking(false)
            guard let failure else {
                window.close()
                return
            }
            // Translators: %s says why, like "The server refused the user name or password".
            showMessage(Localization.format(L("Couldn't add this account: %s"), failure.message), isError: true)
            if failure.refusedPassword { password.grabFocus() }
        }
    }

    /// Checks the feed by loading its first page, then adds it.
    func add() {
        guard check == nil else { return }
        if chosenKind == .fever { return addAccount() }
        let feed: FeedSpec
        switch chosenFeed() {
        case .success(let chosen): feed = chosen
        case .failure(let problem):
            showMessage(problem.message, isError: true)
            return
        }
        let source = makeSource(feed)
        showChecking(true)
        check = Task { [weak self] in
            let outcome = await Self.firstPage(of: source)
            guard let self, !Task.isCancelled else { return }
            check = nil
            showChecking(false)
            switch outcome {
            case .success(let page):
                onAdded?(feed, page)
                window.close()
            case .failure(let error):
                // Translators: %s says why, like "This is a web page, not a feed".
                showMessage(Localization.format(L("Couldn't add this feed: %s"), ErrorText.reason(error)), isError: true)
            }
        }
    }

    @concurrent
    private nonisolated static func firstPage(of source: any FeedSource) async -> Result<FeedPage, FeedError> {
        do {
            return .success(try await source.nextPage(after: nil))
        } catch {
            return .failure(FeedError(describing: error))
        }
    }

    private func showChecking(_ checking: Bool, _ what: String = L("Checking the feed…")) {
        spinner.isVisible = checking
        spinner.isSpinning = checking
        addButton.isSensitive = !checking
        if checking { showMessage(what) }
    }

    private func showMessage(_ text: String?, isError: Bool = false) {
        message.text = text ?? ""
        message.isVisible = text != nil
        if isError {
            message.addCSSClass("error")
            announcer.announce(text ?? "", .assertive)
        } else {
            message.removeCSSClass("error")
        }
    }
}

/// What to fix in the Add Feed dialog, in a sentence.
struct AddFeedProblem: Error, Equatable, ExpressibleByStringInterpolation {
    let message: String
    init(stringLiteral message: String) { self.message = message }
    init(_ message: String) { self.message = message }
}
