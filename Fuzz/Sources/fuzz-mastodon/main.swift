import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.mastodon.run(data, size)
}

FuzzTarget.mastodon.main(fuzzOne)
