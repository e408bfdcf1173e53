import GtkKit

/// Turns horizontal scrolling into steps between items: one per click of
/// a tilt wheel, and one per touchpad swipe however long it coasts, so a
/// fling never skips items. Vertical scrolling is left to the page.
struct HorizontalScrollSteps {
    /// How far a smooth scroll goes before it counts as a step: in wheel
    /// clicks (X11 touchpads) or pixels (Wayland touchpads).
    static let clicksPerStep = 1.0
    static let pixelsPerStep = 48.0
    /// A pause this long (seconds) ends a swipe on devices that do not say
    /// when the fingers lift.
    static let pause = 0.25

    private var travelled = 0.0
    private var stepped = false
    private var lastTime = -Double.infinity

    /// What one scroll event does: whether it is ours (horizontal), and
    /// the step it takes, if any. `time` in seconds, any monotonic clock.
    mutating func scroll(_ step: ScrollStep, at time: Double) -> (handled: Bool, step: ReaderSlot.Direction?) {
        defer { lastTime = time }
        if time - lastTime > Self.pause { fingersLifted() }
        let horizontal = abs(step.dx) > abs(step.dy)
        if step.isWheelClick {
            guard horizontal else { return (false, nil) }
            return (true, step.dx > 0 ? .next : .previous)
        }
        guard horizontal || travelled != 0 else { return (false, nil) }
        travelled += step.dx
        let needed = step.inPixels ? Self.pixelsPerStep : Self.clicksPerStep
        guard !stepped, abs(travelled) >= needed else { return (true, nil) }
        stepped = true
        return (true, travelled > 0 ? .next : .previous)
    }

    /// The touchpad says the swipe is over.
    mutating func fingersLifted() {
        travelled = 0
        stepped = false
    }
}

/// Turns a drag or a swipe (mouse, touch, pen) into a step: left to go to
/// the next item, right for the previous one, as pages of a book.
struct HorizontalDragSteps {
    /// Movement (pixels) before a drag is judged horizontal or not.
    static let slop = 12.0
    /// A drag this far, or a quick one ending at this speed (px/s), steps.
    static let distance = 96.0
    static let flingSpeed = 400.0

    /// Recent (time, x offset) samples, for the speed at release.
    private var samples: [(time: Double, dx: Double)] = []
    /// The drag selects text: a mouse drag that started on the item's text.
    private var selecting = false

    /// `onText`: a mouse or pen went down on selectable text (a finger
    /// selects with a long press instead, so its drags still move).
    mutating func began(at time: Double, onText: Bool = false) {
        samples = [(time, 0)]
        selecting = onText
    }

    /// A drag is the reader's once it goes mostly sideways; one that goes
    /// mostly up or down belongs to the page (scrolling, selecting), and so
    /// does one that selects text.
    mutating func moved(dx: Double, dy: Double, at time: Double) -> DragVerdict {
        if selecting { return .deny }
        samples.append((time, dx))
        let recent = samples.drop { time - $0.time > 0.1 }
        samples = recent.count >= 2 ? Array(recent) : Array(samples.suffix(2))
        guard max(abs(dx), abs(dy)) >= Self.slop else { return .undecided }
        return abs(dx) > 1.5 * abs(dy) ? .claim : .deny
    }

    /// The step a claimed drag takes when released, if any.
    mutating func ended(dx: Double, at time: Double) -> ReaderSlot.Direction? {
        let speed = samples.first.map { first in
            time - first.time > 0.005 ? (dx - first.dx) / (time - first.time) : 0
        } ?? 0
        samples = []
        let far = abs(dx) >= Self.distance
        let flung = abs(speed) >= Self.flingSpeed && abs(dx) >= Self.slop && (speed < 0) == (dx < 0)
        guard far || flung else { return nil }
        return dx < 0 ? .next : .previous
    }
}
