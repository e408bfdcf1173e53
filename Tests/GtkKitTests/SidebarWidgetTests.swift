import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// The widgets a sidebar is made of: the paned that holds it beside the
/// content, the list that opens a row on one click, the icon that shows a
/// themed icon or a picture.
final class SidebarWidgetTests: KitTestCase, @unchecked Sendable {
    func testThePanedGivesTheContentTheWholeWidthWhileTheSidebarIsHidden() {
        MainActor.assumeIsolated {
            let sidebar = Box(.vertical)
            sidebar.setSizeRequest(width: 150)
            let content = Box(.vertical)
            content.horizontalExpand = true
            let paned = Paned(start: sidebar, end: content)
            let window = show(paned)
            defer { close(window) }
            paned.position = 200
            XCTAssertTrue(MainLoop.run(until: { sidebar.allocatedWidth == 200 }, timeout: .seconds(15)),
                          "the sidebar is as wide as the handle says: \(sidebar.allocatedWidth)")
            XCTAssertLessThan(content.allocatedWidth, paned.allocatedWidth - 200 + 1)

            paned.isStartChildShown = false
            XCTAssertTrue(MainLoop.run(until: { content.allocatedWidth == paned.allocatedWidth }, timeout: .seconds(15)),
                          "hidden: the content takes the whole width (\(content.allocatedWidth) of \(paned.allocatedWidth))")
            XCTAssertFalse(sidebar.isMapped)

            paned.isStartChildShown = true
            XCTAssertTrue(MainLoop.run(until: { sidebar.allocatedWidth == 200 && sidebar.isMapped }, timeout: .seconds(15)),
                          "shown again at the width it had: \(sidebar.allocatedWidth)")
        }
    }

    func testTheSidebarKeepsItsWidthWhenTheContentCannotShrinkIt() {
        MainActor.assumeIsolated {
            let sidebar = Box(.vertical)
            sidebar.setSizeRequest(width: 180)
            let content = Box(.vertical)
            let paned = Paned(start: sidebar, end: content)
            let window = show(paned)
            defer { close(window) }
            paned.position = 20
            XCTAssertTrue(MainLoop.run(until: { paned.position >= 180 }, timeout: .seconds(15)),
                          "never below the least width it asks for: \(paned.position)")
        }
    }

    func testAListViewCanActivateOnOneClick() {
        MainActor.assumeIsolated {
            let store = ListStore<String>()
            let factory = ListItemFactory<String, Label>(makeCell: { _ in Label() }, bind: { label, text, row in
                label.text = text
                row.setChild(label)
            })
            let list = ListView(model: store, factory: factory)
            XCTAssertFalse(list.activatesOnSingleClick, "GTK's default: a double click")
            list.activatesOnSingleClick = true
            XCTAssertTrue(list.activatesOnSingleClick)
        }
    }

    func testARowCarriesAClassAndADescriptionOfItsOwn() throws {
        try MainActor.assumeIsolated {
            let store = ListStore<String>()
            store.append(contentsOf: ["open", "other"])
            let factory = ListItemFactory<String, Label>(makeCell: { _ in Label() }, bind: { label, text, row in
                label.text = text
                row.setChild(label)
                row.setCSSClass("open-view", text == "open")
                row.setAccessibleDescription(text == "open" ? "Shown" : nil)
            })
            let list = ListView(model: store, factory: factory)
            let scroller = ScrolledWindow()
            scroller.setChild(list)
            scroller.verticalExpand = true
            let window = show(scroller)
            defer { close(window) }
            XCTAssertTrue(MainLoop.run(until: { factory.rowWidget(at: 1) != nil }, timeout: .seconds(15)))
            let open = try XCTUnwrap(factory.rowWidget(at: 0))
            let other = try XCTUnwrap(factory.rowWidget(at: 1))
            XCTAssertTrue(gtk_widget_has_css_class(open.widget, "open-view") != 0, "on the row widget itself")
            XCTAssertFalse(gtk_widget_has_css_class(other.widget, "open-view") != 0)
            XCTAssertEqual(open.accessibleDescription, "Shown")
            XCTAssertNil(other.accessibleDescription)
        }
    }

    func testAnIconShowsAPictureInPlaceOfItsThemedIcon() throws {
        try MainActor.assumeIsolated {
            let icon = Icon(name: "folder-symbolic", pixelSize: 16)
            XCTAssertEqual(icon.iconName, "folder-symbolic")
            XCTAssertNil(icon.texture)
            let texture = try XCTUnwrap(Texture.fromPixels([UInt8](repeating: 200, count: 16 * 16 * 4), width: 16, height: 16))
            icon.show(texture)
            XCTAssertTrue(icon.texture === texture)
            XCTAssertNil(icon.iconName, "the picture replaced the icon")
            icon.show(iconName: "application-rss+xml-symbolic")
            XCTAssertEqual(icon.iconName, "application-rss+xml-symbolic")
            XCTAssertNil(icon.texture)
        }
    }
}
