import Foundation

/// `feedline --help`: what the app is, its options, the headless commands
/// and their exit statuses, the keys and examples, a translatable
/// paragraph at a time. The keys come from the one table of shortcuts
/// (`Shortcut.all`), never written here. The README shows this text as it
/// is printed (a test compares them).
extension LaunchCommand {
    /// `feedline --help`.
    public static var usage: String {
        [
            // Translators: the first lines of `feedline --help`; keep the option and argument names.
            L("Usage: feedline [OPTION…] [URL-OR-FILE]\n       feedline --import FILE | --export FILE | --update\n       feedline --fever URL --user NAME"),
            // Translators: `feedline --help`; keep $XDG_DATA_HOME and the paths as they are.
            L("Feedline is a feed reader. It keeps your subscriptions and their items in\na store on this computer, $XDG_DATA_HOME/feedline/feedline.sqlite\n(usually ~/.local/share/feedline/). The window lists them in a sidebar,\nAll items, Unread and Starred first, then each subscription, in its\nfolder, with how many items it has unread; beside it, the view you choose\nis one endless list that loads page by page as you scroll. An item is\nread once opened, or once scrolled past (see the main menu)."),
            L("With no feed given, Feedline opens the view shown last (All items the\nfirst time), drawn from the store, then updates every subscription. A new\nstore starts with the bundled sample feed (the GNOME Help topics), which\nworks offline. A feed given on the command line is subscribed to, unless\nit already is, and opened; the sidebar keeps it until you remove it."),
            L("Each view opens where you left it: the same item at the top, the same\nitem with keyboard focus. Items an update brings above it wait there,\ncounted by a banner (“3 new items”); the list does not move. Feedline\nupdates every 30 minutes while it runs, never while the computer is\noffline (one update runs as soon as it is back). With Run in Background\n(the main menu) it goes on after its window closes, and a feed's menu in\nthe sidebar can ask for a desktop notification of its new items."),
            // Translators: `feedline --help`; keep the options as they are, and the descriptions in their column (22 characters in).
            L("A feed to subscribe to and open (one at most):\n  URL-OR-FILE         An RSS 2.0, Atom or JSON Feed, on the web (https) or\n                      in a file; paged by its “next” links when it has them\n  --feed PATH         The same, for a file\n  --mastodon INSTANCE A Mastodon timeline, e.g. https://mastodon.social;\n                      federated unless one of:\n    --local           only the instance's own posts\n    --tag TAG         one hashtag\n  --github QUERY      GitHub repositories matching QUERY, most stars\n                      first (the first 1,000); GITHUB_TOKEN, if set,\n                      raises the rate limit\n    --api URL         a GitHub Enterprise API,\n                      e.g. https://ghe.example.com/api/v3\n  --hacker-news       Hacker News, newest stories first"),
            L("Paging:\n  --page-size N       Items per page, 1–500 (default 20)\n  --latency MS        Simulated delay before each page, in milliseconds,\n                      0–60000 (default 300 for a file's own pages, else 0)\n  --fail-every N      Make every Nth page request fail, to try Retry"),
            L("Reading:\n  --no-remote-images  Don't download pictures inside an item's text in\n                      the reader view (for privacy); their\n                      descriptions show instead"),
            // Translators: `feedline --help`; keep the options and FILE as they are, and the descriptions in their column (22 characters in).
            L("Subscriptions, without a window (each alone; no display needed):\n  --import FILE       Subscribe to the feeds of an OPML file, with their\n                      folders and names; feeds followed already stay\n  --export FILE       Write every subscription to an OPML file\n  --update            Update every subscription once and say what changed\n  --fever URL --user NAME\n                      Sync with a Fever API server (FreshRSS, Miniflux,\n                      Tiny Tiny RSS): check the account, keep its password\n                      in the desktop's keyring, bring its feeds and items;\n                      the password comes from FEEDLINE_FEVER_PASSWORD, or\n                      is asked for on the terminal (not shown as typed).\n                      --update syncs every account too"),
            // Translators: `feedline --help`, the exit statuses of --import, --export and --update; keep the numbers and the indentation.
            L("Each prints what it did, then one line of summary. Exit status:\n  0  done; an update in which some feeds failed is done, and says how many\n  1  not done, with the reason on standard error: a file that can't be\n     read or written or isn't OPML, a store that can't be opened, an\n     update that reached no feed (every feed on the web failed, as when\n     offline)\n  2  a mistyped command line"),
            L("Other:\n  -h, --help          Show this help and exit\n  --version           Show the version and exit"),
            L("Keys in the window (F1 shows them all):") + "\n" + keysHelp,
            // Translators: `feedline --help`; translate “Examples:” and the words in brackets only.
            L("Examples:\n  feedline\n  feedline https://blog.rust-lang.org/feed.xml   (subscribe and open)\n  feedline ~/feeds/news.xml\n  feedline --mastodon https://mastodon.social --tag swift\n  feedline --mastodon fosstodon.org --local\n  feedline --github 'language:swift' --api https://ghe.example.com/api/v3\n  feedline --hacker-news\n  feedline --latency 0 --page-size 50\n  feedline --fail-every 3        (every third page fails; press Retry)\n  feedline --import ~/Downloads/subscriptions.opml\n  feedline --export ~/subscriptions.opml\n  feedline --update\n  feedline --fever https://rss.example.org/api/fever.php --user anna"),
        ].joined(separator: "\n\n") + "\n"
    }

    /// The keys `--help` lists, from `Shortcut.all`: the key column 20
    /// wide, a longer one on a line of its own.
    static var keysHelp: String {
        Shortcut.all.filter(\.inHelp).map { shortcut in
            let keys = shortcut.readableKeys
            let indent = String(repeating: " ", count: 22)
            // Translators: `feedline --help`, a key that works in the reader view: "In an item: scroll the item's text".
            let title = shortcut.group == .item ? Localization.format(L("In an item: %s"),
                                                                      shortcut.title.prefix(1).lowercased() + shortcut.title.dropFirst())
                : shortcut.title
            return keys.count <= 18 ? "  " + keys.padding(toLength: 20, withPad: " ", startingAt: 0) + title
                : "  " + keys + "\n" + indent + title
        }.joined(separator: "\n")
    }
}
