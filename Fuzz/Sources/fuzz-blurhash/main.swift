import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.blurhash.run(data, size)
}

FuzzTarget.blurhash.main(fuzzOne)
