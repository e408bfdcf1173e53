import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.plaintext.run(data, size)
}

FuzzTarget.plaintext.main(fuzzOne)
