import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.ratelimit.run(data, size)
}

FuzzTarget.ratelimit.main(fuzzOne)
