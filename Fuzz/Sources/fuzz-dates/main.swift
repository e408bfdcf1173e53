import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.dates.run(data, size)
}

FuzzTarget.dates.main(fuzzOne)
