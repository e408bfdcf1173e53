import CGtk

/// GLib's arrays of strings (`char **`, ending in NULL) to and from Swift.
enum StringArrays {
    /// Calls `body` with `strings` as a NULL-terminated array of C strings,
    /// valid during the call only.
    static func with<Result>(_ strings: [String],
                             _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        var array = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { array.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// The strings of a NULL-terminated array GLib gave away, which is freed
    /// (`g_strfreev`); none for NULL.
    static func take(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let array else { return [] }
        defer { g_strfreev(array) }
        var result: [String] = []
        var index = 0
        while let string = array[index] {
            result.append(String(cString: string))
            index += 1
        }
        return result
    }
}
