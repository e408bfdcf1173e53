import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the process writes to standard error while `body` runs (GLib's and
/// GTK's warnings among it): file descriptor 2 points at a temporary file
/// meanwhile, so every write lands before `body` returns. The text is then
/// copied to the real standard error, so the test log keeps it.
func capturingStandardError(_ body: () -> Void) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-stderr-\(UUID().uuidString)").path
    let file = open(path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
    guard file >= 0 else {
        body()
        return ""
    }
    fflush(nil)  // every C stream, standard error among them
    let saved = dup(2)
    dup2(file, 2)
    body()
    fflush(nil)  // every C stream, standard error among them
    dup2(saved, 2)
    close(saved)
    close(file)
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: path)
    FileHandle.standardError.write(Data(text.utf8))
    return text
}
