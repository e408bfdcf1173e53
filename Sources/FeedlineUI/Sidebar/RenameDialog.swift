import FeedStore
import Foundation
import GtkKit

/// "Rename": a subscription's name in the sidebar and the window, as the
/// reader wants it. Enter or Rename keeps the new name (an empty one is
/// refused), Escape or Cancel leaves it as it was.
@MainActor
final class RenameDialog {
    let window: Window
    let nameLabel = Label(L("_Name"))
    let name = Entry()
    let renameButton = Button(label: L("_Rename"))
    let cancelButton = Button(label: L("_Cancel"))
    let subscription: Subscription.ID
    /// The reader chose a name (trimmed, not empty).
    var onRename: ((String) -> Void)?

    init(over parent: Window, subscription: Subscription, currentTitle: String) {
        self.subscription = subscription.id
        window = Window(dialogFor: parent)
        // Translators: the title of the dialog that renames a feed.
        window.title = L("Rename Feed")
        window.setDefaultSize(width: 360, height: -1)
        let header = HeaderBar()
        header.showsWindowButtons = false
        header.packStart(cancelButton)
        renameButton.addCSSClass("suggested-action")
        header.packEnd(renameButton)
        window.setTitlebar(header)
        window.setDefaultWidget(renameButton)

        nameLabel.labels(name)
        nameLabel.xAlign = 0
        name.text = currentTitle
        name.activatesDefault = true
        let form = Box(.vertical, spacing: 6, children: [nameLabel, name])
        form.addCSSClass("add-feed-form")
        window.setChild(form)

        renameButton.onClicked { [weak self] in self?.rename() }
        cancelButton.onClicked { [weak self] in self?.window.close() }
        name.onChanged { [weak self] in self?.showState() }
        showState()
    }

    func present() {
        window.present()
        name.grabFocus()
    }

    /// The name typed, trimmed; nil while there is none.
    var chosenName: String? {
        let text = name.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private func showState() {
        renameButton.isSensitive = chosenName != nil
    }

    func rename() {
        guard let chosenName else { return }
        onRename?(chosenName)
        window.close()
    }
}
