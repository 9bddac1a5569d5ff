import { describe, expect, it } from 'vitest';
import { ids } from '../support/node-lines.ts';

// Round 17's lessons left over (docs/accuracy.md, "What round 17 teaches"), checked against the programs' sources: the
// API server's etcd dials apart from calico's and cilium's own etcd clients (their log formats), and strace's calls
// ended on a later line (src/syscall.c print_syscall_resume).

describe("the API server's etcd dials, not the network plugins' own etcd clients", () => {
  const APISERVER =
    'W1102 13:41:43.111882       1 logging.go:59] [core] [Channel #3 SubChannel #4] grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2379", ServerName: "127.0.0.1", }. Err: connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:2379: connect: connection refused"';
  it('the API server (klog) still reads as the API server down', () => {
    expect(ids({ logs: { other: APISERVER } })).toContain('apiserver.down');
  });

  it("near miss: calico-node's logrus infix, cilium's subsys field, grpc-go's default logger", () => {
    const lines = [
      // projectcalico/calico lib/logrusr/formatter.go: "2006-01-02 15:04:05.000 [LEVEL][pid] file line: msg".
      '2026-11-20 10:00:00.123 [WARNING][58] felix/etcdv3.go 120: grpc: addrConn.createTransport failed to connect to {https://10.0.0.5:2379 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial tcp 10.0.0.5:2379: connect: connection refused". Reconnecting...',
      // cilium pkg/logging/logfields LogSubsys = "subsys", logrus text and JSON.
      'level=warning msg="[core] [Channel #1 SubChannel #2] grpc: addrConn.createTransport failed to connect to {Addr: \\"10.0.0.5:2379\\", ServerName: \\"10.0.0.5\\", }. Err: connection refused" subsys=klog',
      '{"level":"warning","msg":"grpc: addrConn.createTransport failed to connect to {Addr: \\"10.0.0.5:2379\\", }. Err: connection refused","subsys":"kvstore"}',
      // grpc-go grpclog/internal/loggerv2.go loggerT.output with log.LstdFlags, GRPC_GO_LOG_SEVERITY_LEVEL=warning.
      '2026/11/20 10:00:01 WARNING: [core] [Channel #1 SubChannel #2] grpc: addrConn.createTransport failed to connect to {Addr: "10.0.0.5:2379", ServerName: "10.0.0.5", }. Err: connection error: desc = "transport: Error while dialing: dial tcp 10.0.0.5:2379: connect: connection refused"',
    ];
    for (const line of lines) expect(ids({ logs: { other: line } }), line).not.toContain('apiserver.down');
  });
});

describe("strace's resumed calls (src/syscall.c print_syscall_resume)", () => {
  it("a path call cut by another thread's line and resumed later returned: no hang", () => {
    const out = [
      '[pid  4242] epoll_pwait(4, [], 128, 0, NULL, 0) = 0',
      '[pid  4243] openat(AT_FDCWD, "/var/lib/kubelet/pods/abc/volumes/data", O_RDONLY|O_CLOEXEC <unfinished ...>',
      '[pid  4243] <... openat resumed>) = 12',
    ].join('\n');
    expect(ids({ commandOutputs: { 'strace -f -p $(pidof kubelet)': out } })).not.toContain(
      'proc.dstate_storage',
    );
  });

  it("another thread's resumed call does not end the unfinished one", () => {
    const out = [
      '[pid  4243] openat(AT_FDCWD, "/var/lib/kubelet/pods/abc/volumes/data", O_RDONLY|O_CLOEXEC <unfinished ...>',
      '[pid  4242] <... openat resumed>) = 12',
    ].join('\n');
    expect(ids({ commandOutputs: { 'strace -f -p $(pidof kubelet)': out } })).toContain(
      'proc.dstate_storage',
    );
  });
});
