import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.xml.run(data, size)
}

FuzzTarget.xml.main(fuzzOne)
