import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.jsonfeed.run(data, size)
}

FuzzTarget.jsonfeed.main(fuzzOne)
