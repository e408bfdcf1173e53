import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.linkheader.run(data, size)
}

FuzzTarget.linkheader.main(fuzzOne)
