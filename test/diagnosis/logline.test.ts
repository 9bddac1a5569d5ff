import { describe, expect, it } from 'vitest';
import { type Component, componentFromContent, componentOfTag } from '../../shared/diagnosis/components.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';

const PLEG_RELIST_ERROR =
  'Nov 02 13:41:43 app04 kubelet[8411]: E1102 13:41:43.111882    8411 generic.go:205] "GenericPLEG: Unable to retrieve pods" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"';

describe('parseLogLine: journald prefixes', () => {
  it('strips a journalctl short prefix with pid and the klog header, keeping only the message', () => {
    const line = parseLogLine(PLEG_RELIST_ERROR, 'unknown');
    expect(line.component).toBe('kubelet');
    expect(line.attribution).toBe('named');
    expect(line.host).toBe('app04');
    expect(line.message).toBe(
      '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
    );
  });

  it('lets the journald identifier override the origin of the surrounding source', () => {
    // A kubelet line pasted into the dockerd log is still the kubelet's.
    expect(parseLogLine(PLEG_RELIST_ERROR, 'dockerd').component).toBe('kubelet');
  });

  it('reads a space-padded single-digit day (`Nov  2`)', () => {
    const line = parseLogLine(
      'Nov  2 03:04:05 app04 containerd[812]: time="2023-11-02T03:04:05.000000000Z" level=warning msg="cleaning up after shim disconnected" id=3f1c2d9e8a7b namespace=k8s.io',
      'unknown',
    );
    expect(line.component).toBe('containerd');
    expect(line.host).toBe('app04');
    expect(line.message.startsWith('time="2023-11-02T03:04:05')).toBe(true);
  });

  it('reads a journal prefix without its hostname column (journalctl --no-hostname)', () => {
    const fatal =
      'time="2023-11-02T03:04:05Z" level=fatal msg="Failed to run CRI service" error="failed to recover state: failed to reserve sandbox name"';
    for (const raw of [
      `Nov 02 03:04:05 containerd[812]: ${fatal}`,
      `2023-11-02T03:04:05+0000 containerd[812]: ${fatal}`,
    ]) {
      const line = parseLogLine(raw, 'unknown');
      expect(line.component).toBe('containerd');
      expect(line.host).toBeUndefined();
      expect(line.message).toBe(fatal);
    }
    // Without a pid the identifier's colon still ends it; a kernel line keeps its message's own colons.
    const kernel = parseLogLine(
      'Nov 02 03:04:05 kernel: INFO: task dockerd:1203 blocked for more than 120 seconds.',
      'unknown',
    );
    expect(kernel.component).toBe('kernel');
    expect(kernel.message).toBe('INFO: task dockerd:1203 blocked for more than 120 seconds.');
    // A host column is still read as the host, not as the identifier.
    expect(parseLogLine(`Nov 02 03:04:05 app04 containerd[812]: ${fatal}`, 'unknown').host).toBe('app04');
  });

  it('reads journalctl -o short-iso prefixes (with and without a colon in the offset)', () => {
    for (const stamp of [
      '2023-11-02T13:41:43+0000',
      '2023-11-02T13:41:43+00:00',
      '2023-11-02T13:41:43.271003Z',
    ]) {
      const line = parseLogLine(
        `${stamp} ip-10-0-1-23 dockerd[1203]: time="2023-11-02T13:41:43.270000000Z" level=error msg="Handler for GET /v1.41/containers/json returned error: context deadline exceeded"`,
        'unknown',
      );
      expect(line.component, stamp).toBe('dockerd');
      expect(line.host, stamp).toBe('ip-10-0-1-23');
      expect(line.message.startsWith('time='), stamp).toBe(true);
    }
  });

  it('reads an identifier without a pid (`kernel:`)', () => {
    const line = parseLogLine(
      'Nov 02 13:41:43 app04 kernel: INFO: task dockerd:1203 blocked for more than 120 seconds.',
      'unknown',
    );
    expect(line.component).toBe('kernel');
    expect(line.message).toBe('INFO: task dockerd:1203 blocked for more than 120 seconds.');
  });
});

describe('parseLogLine: dmesg', () => {
  it('strips the [seconds.micros] stamp and attributes the line to the kernel', () => {
    const line = parseLogLine(
      '[12345.678901] INFO: task jbd2/nvme0n1p1-8:312 blocked for more than 120 seconds.',
      'unknown',
    );
    expect(line).toEqual({
      component: 'kernel',
      attribution: 'named',
      message: 'INFO: task jbd2/nvme0n1p1-8:312 blocked for more than 120 seconds.',
      prose: false,
    });
  });

  it('accepts the space-padded stamps of early boot messages', () => {
    const line = parseLogLine(
      '[    3.141592] EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode',
      'app',
    );
    expect(line.component).toBe('kernel');
    expect(line.message).toBe('EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode');
  });
});

describe('parseLogLine: how the program was known', () => {
  it('strips a bare klog header: the origin (a kubelet.log) names the program', () => {
    const line = parseLogLine(
      'E1102 13:41:43.111882    8411 kubelet.go:2373] "Container runtime sanity check failed"',
      'kubelet',
    );
    expect(line).toEqual({
      component: 'kubelet',
      attribution: 'named',
      message: '"Container runtime sanity check failed"',
      prose: false,
    });
  });

  it('keeps a logrus line whole (the level is part of what rules read)', () => {
    const raw = 'time="2023-11-02T13:41:43.111882000Z" level=error msg="shim reaped" id=3f1c2d9e8a7b';
    expect(parseLogLine(raw, 'containerd').message).toBe(raw);
  });

  it('guesses from content only when nothing names the program, and says so', () => {
    expect(parseLogLine('docker ps hangs on this node', 'unknown')).toMatchObject({
      component: 'dockerd',
      attribution: 'content',
    });
    expect(parseLogLine('eth0: Lost carrier', 'unknown').attribution).toBe('none');
  });

  it("tells people's words from a program's lines and tables", () => {
    expect(parseLogLine('docker ps hangs on this node', 'unknown').prose).toBe(true);
    expect(parseLogLine('time="2026-11-23T03:07:58Z" level=error msg="x"', 'unknown').prose).toBe(false);
    expect(
      parseLogLine('Ready   False   Mon, 02 Nov 2015   KubeletNotReady   runtime down', 'unknown').prose,
    ).toBe(false);
    expect(parseLogLine('Ready \tFalse \tKubeletNotReady \tcontainer runtime is down', 'unknown').prose).toBe(
      false,
    );
    expect(parseLogLine('docker ps hangs', 'dockerd').prose).toBe(false);
  });

  it('reads the host of the numeric journal formats too', () => {
    expect(parseLogLine('[ 1234.567890] worker-7 containerd[812]: msg', 'unknown')).toMatchObject({
      component: 'containerd',
      host: 'worker-7',
    });
  });
});

describe('componentOfTag', () => {
  it.each<[string, Component]>([
    ['kubelet', 'kubelet'],
    ['hyperkube', 'kubelet'],
    ['origin-node', 'kubelet'],
    ['atomic-openshift-node', 'kubelet'],
    // The agents that embed the kubelet write its lines under their own identifier (round 9).
    ['k3s', 'kubelet'],
    ['rke2', 'kubelet'],
    ['microk8s.daemon-kubelite', 'kubelet'],
    ['edgecore', 'kubelet'],
    ['k3s-helper', 'app'],
    ['dockerd', 'dockerd'],
    ['docker', 'dockerd'],
    ['containerd', 'containerd'],
    ['containerd-shim', 'shim'],
    ['containerd-shim-runc-v2', 'shim'],
    ['crio', 'crio'],
    ['conmon', 'crio'],
    ['runc', 'runc'],
    ['kernel', 'kernel'],
    ['systemd', 'systemd'],
    ['systemd-logind', 'systemd'],
    ['dbus-daemon', 'systemd'],
    ['systemd-networkd', 'network'],
    ['NetworkManager', 'network'],
    ['dhclient', 'network'],
    ['payments-api', 'app'],
    ['java', 'app'],
  ])('%s → %s', (tag, component) => {
    expect(componentOfTag(tag)).toBe(component);
  });

  it('is applied to the identifier of a journald line', () => {
    const cases: Array<[string, Component]> = [
      ['Nov 02 13:41:43 app04 systemd-networkd[612]: eth0: Lost carrier', 'network'],
      [
        'Nov 02 13:41:43 app04 containerd-shim[4242]: time="2023-11-02T13:41:43Z" level=info msg="shim disconnected" id=3f1c2d',
        'shim',
      ],
      [
        'Nov 02 13:41:43 app04 payments-api[23421]: 2023-11-02 13:41:43.101 ERROR [http-nio-8080-exec-7] Socket accept failed',
        'app',
      ],
    ];
    for (const [raw, component] of cases) expect(parseLogLine(raw, 'kubelet').component, raw).toBe(component);
  });

  // RHEL/CentOS 7 ship Docker 1.13 as /usr/bin/dockerd-current, and journald files its lines under that
  // identifier (`dockerd-current[1203]: ...`). The daemon is still dockerd: mapping it to 'app' makes the
  // strict fd.emfile rule discount dockerd's own "too many open files" (see causes.test.ts).
  it('maps the RHEL/CentOS docker identifier dockerd-current to dockerd', () => {
    expect(componentOfTag('dockerd-current')).toBe('dockerd');
  });

  // cri-dockerd (Mirantis' CRI shim for Docker, the dockershim moved out of the kubelet) logs under its own
  // identifier; its errors are the runtime's, as dockerd's are.
  it('maps cri-dockerd to dockerd', () => {
    expect(componentOfTag('cri-dockerd')).toBe('dockerd');
    expect(
      parseLogLine(
        'Nov 02 13:41:43 app04 cri-dockerd[902]: time="2023-11-02T13:41:43Z" level=error msg="accept unix /run/cri-dockerd.sock: accept4: too many open files"',
        'unknown',
      ).component,
    ).toBe('dockerd');
  });
});

describe('content attribution of lines of unknown origin', () => {
  it.each<[string, Component]>([
    [
      'http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
      'dockerd',
    ],
    [
      'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
      'dockerd',
    ],
    ['the containerd-shim of container 3f1c2d is still running after containerd restarted', 'shim'],
    ['dial unix /run/containerd/containerd.sock: connect: connection refused', 'containerd'],
    ['"GenericPLEG: Unable to retrieve pods" err="rpc error: code = Unknown"', 'kubelet'],
    ['Failed to get D-Bus connection: Connection timed out', 'systemd'],
    ['runc did not terminate successfully: exit status 1', 'runc'],
    ['Relist took 4m12s on this node', 'unknown'],
  ])('%s → %s', (text, component) => {
    expect(parseLogLine(text, 'unknown').component).toBe(component);
    expect(componentFromContent(text)).toBe(component);
  });

  it('does not re-attribute a line whose source already names its component', () => {
    // A bare dockerd line in logs.dockerd mentions containerd, but it is dockerd's line.
    const line = parseLogLine(
      'time="2023-11-02T13:41:43Z" level=error msg="failed to dial \\"/run/containerd/containerd.sock\\": context deadline exceeded"',
      'dockerd',
    );
    expect(line.component).toBe('dockerd');
  });
});

describe('kubelet lines relaying application output', () => {
  it('attributes a probe result quoted by the kubelet to the application', () => {
    const line = parseLogLine(
      'Nov 02 13:41:43 app04 kubelet[8411]: I1102 13:41:43.111882    8411 prober.go:116] "Probe failed" probeType="Readiness" pod="default/search-7d9f-x2" podUID="1b2c3d" containerName="search" probeResult="failure" output="curl: (7) Failed to connect: socket: Too many open files"',
      'kubelet',
    );
    expect(line.component).toBe('app');
  });

  it('does the same for a bare klog line in the kubelet log', () => {
    const line = parseLogLine(
      'I1102 13:41:43.111882    8411 prober.go:116] "Probe failed" probeType="Liveness" pod="default/web-0" output="java.io.IOException: Too many open files"',
      'kubelet',
    );
    expect(line.component).toBe('app');
  });

  it("keeps the kubelet's own errors as the kubelet's", () => {
    expect(parseLogLine(PLEG_RELIST_ERROR, 'kubelet').component).toBe('kubelet');
  });
});
