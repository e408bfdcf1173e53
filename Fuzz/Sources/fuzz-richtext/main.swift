import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.richtext.run(data, size)
}

FuzzTarget.richtext.main(fuzzOne)
