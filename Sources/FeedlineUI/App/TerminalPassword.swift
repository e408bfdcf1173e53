import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A password typed on the terminal, not shown as it is typed.
enum TerminalPassword {
    /// Asks with `prompt` on standard error and reads one line with echo
    /// off; nil when standard input is no terminal (a script: it must use
    /// the environment) or ends first.
    static func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) != 0 else { return nil }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true).flatMap { $0.isEmpty ? nil : $0 }
    }
}
