/**
 * Round 22 (r22-below-runtime): what to ask when runc's create or init stage does not exit. `runc create` returns once
 * the container's init is set up (opencontainers/runc create.go, the shim's go-runc Create returning with it), so a runc
 * process alive for minutes is a start that waits: in the kernel (its /proc/PID/stack, proc(5)), or on systemd's answer
 * to the cgroup driver's StartTransientUnit over D-Bus (libcontainer/cgroups/systemd), where the service manager's
 * release decides whether a known D-Bus defect is in play. Read-only.
 */
export const RUNC_STACKS =
  'for p in $(pgrep -f \'(^|/)runc( |:|$)\'); do ps -o pid,etime,stat,wchan:32,args -p "$p"; cat /proc/"$p"/stack; done; systemctl --version | head -n 1';
