#if canImport(Glibc)
    import Glibc
#endif

/// The glibc extensions the process start needs, which Swift's Glibc module doesn't import (they
/// are declared only under `_GNU_SOURCE`): looked up once by name with `dlsym`.
enum GNUExtensions {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?)
        -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// `pipe2(2)`: a pipe whose ends are close-on-exec from the start (glibc 2.9).
    nonisolated(unsafe) static let pipe2: Pipe2? = symbol("pipe2")
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
    nonisolated(unsafe) static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34).
    nonisolated(unsafe) static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")

    /// Calls `dlopen(NULL)` and `dlsym`.
    private static func symbol<Function>(_ name: String) -> Function? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
