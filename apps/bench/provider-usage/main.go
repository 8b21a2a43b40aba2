// The measuring launcher of apps/bench's peers benchmark (src/provider-usage.ts). OpenTofu starts
// it in place of a provider; it runs the real provider (the path in TSVIDER_BENCH_PROVIDER) with
// the same arguments, environment and standard streams, so the host talks to the provider
// itself, waits for it, and appends one JSON line to TSVIDER_BENCH_USAGE_FILE: the process's
// CPU time (user + system) and peak resident set size, as the kernel accounted them when it
// reaped the process (wait4's rusage). Nothing is sampled, so a short-lived start is counted
// in full. Standard library only; the bench builds it with the machine's Go.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
)

func main() {
	target := os.Getenv("TSVIDER_BENCH_PROVIDER")
	usageFile := os.Getenv("TSVIDER_BENCH_USAGE_FILE")
	if target == "" || usageFile == "" {
		fmt.Fprintln(os.Stderr, "provider-usage: set TSVIDER_BENCH_PROVIDER (the provider to run) and TSVIDER_BENCH_USAGE_FILE (where its usage goes)")
		os.Exit(2)
	}
	cmd := exec.Command(target, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// If this launcher is killed (go-plugin's last resort is SIGKILL), the provider goes too
	// rather than living on as an orphan. The signal follows the thread that started the child,
	// so that thread stays this goroutine's until the child is gone.
	runtime.LockOSThread()
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	// SIGINT reaches the provider from the host's process group by itself; SIGTERM is passed on.
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "provider-usage: cannot start %s: %v\n", target, err)
		os.Exit(1)
	}
	go func() {
		for s := range signals {
			if s == syscall.SIGTERM {
				_ = cmd.Process.Signal(s)
			}
		}
	}()
	err := cmd.Wait()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		fmt.Fprintf(os.Stderr, "provider-usage: waiting for %s: %v\n", target, err)
		os.Exit(1)
	}
	state := cmd.ProcessState
	usage, _ := state.SysUsage().(*syscall.Rusage)
	var maxRSSKiB int64
	if usage != nil {
		maxRSSKiB = usage.Maxrss // kilobytes on Linux
	}
	cpuMs := float64((state.UserTime() + state.SystemTime()).Microseconds()) / 1000
	line := fmt.Sprintf("{\"pid\":%d,\"cpuMs\":%.3f,\"maxRssKiB\":%d}\n", state.Pid(), cpuMs, maxRSSKiB)
	// One short write with O_APPEND: lines of concurrent providers never interleave.
	f, openErr := os.OpenFile(usageFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if openErr == nil {
		_, openErr = f.WriteString(line)
		_ = f.Close()
	}
	if openErr != nil {
		fmt.Fprintf(os.Stderr, "provider-usage: cannot write %s: %v\n", usageFile, openErr)
	}
	if status, ok := state.Sys().(syscall.WaitStatus); ok && status.Signaled() {
		os.Exit(128 + int(status.Signal()))
	}
	os.Exit(state.ExitCode())
}
