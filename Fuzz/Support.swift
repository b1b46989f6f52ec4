// Shared by the fuzz targets: an invariant failure is a crash libFuzzer records.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}
