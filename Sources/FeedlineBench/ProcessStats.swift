import FeedlineUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the benchmark reads about its own process, from the kernel.
enum ProcessStats {
    /// CPU time this thread (the main one, when called there) has used.
    static func threadCPUSeconds() -> Double {
        seconds(of: CLOCK_THREAD_CPUTIME_ID)
    }

    /// Seconds since the process started (to 1/100 s: the kernel counts
    /// start times in clock ticks).
    static func secondsSinceStart() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after "(comm)": state is field 3; starttime is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        return seconds(of: CLOCK_BOOTTIME) - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident memory now, in KiB.
    static func residentKB() -> Int { statusField("VmRSS:") }

    /// Resident memory by kind, in KiB: anonymous (malloc's heaps and
    /// mappings, stacks), file-backed (code, fonts, caches mapped from
    /// disk) and shared memory (such as X's shared-memory images).
    static func residentKindsKB() -> (anonymous: Int, file: Int, shared: Int) {
        (statusField("RssAnon:"), statusField("RssFile:"), statusField("RssShmem:"))
    }

    /// The most resident memory the process has had, in KiB.
    static func peakResidentKB() -> Int { statusField("VmHWM:") }

    /// Voluntary context switches of the main thread (the thread-group
    /// leader, whose figures /proc/self/status shows): its wake-ups.
    static func mainThreadSwitches() -> Int { statusField("voluntary_ctxt_switches:") }

    /// CPU time (user + system) and voluntary context switches so far, all
    /// threads together (threads that have ended included).
    static func usage() -> (cpuSeconds: Double, voluntarySwitches: Int) {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return (cpu, usage.ru_nvcsw)
    }

    private static func seconds(of clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
        }
        return 0
    }
}
