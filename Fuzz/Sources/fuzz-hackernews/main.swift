import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.hackernews.run(data, size)
}

FuzzTarget.hackernews.main(fuzzOne)
