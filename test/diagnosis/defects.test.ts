import { describe, expect, it } from 'vitest';
import { renderDiagnosisText } from '../../shared/chat/text.ts';
import { DEFECT_FACTS, type DefectComponent, KNOWN_DEFECTS } from '../../shared/diagnosis/defects.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import {
  collectFeatureGates,
  collectVersions,
  matchDefects,
} from '../../shared/diagnosis/extract/versions.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { compareVersions, inRange, parseVersion } from '../../shared/diagnosis/version.ts';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';

const v = (text: string) => {
  const parsed = parseVersion(text);
  if (!parsed) throw new Error(`unparsed: ${text}`);
  return parsed;
};
const cmp = (a: string, b: string) => compareVersions(v(a), v(b));

describe('version parsing and comparison', () => {
  it('reads Kubernetes, runtime and distribution version strings', () => {
    expect(v('v1.10.0-rancher1-1')).toEqual({ core: [1, 10, 0], pre: [] });
    expect(v('1.0.0-rc93')).toEqual({ core: [1, 0, 0], pre: ['rc', 93] });
    expect(v('1.0.0~rc93-0ubuntu1~20.04.1')).toEqual({ core: [1, 0, 0], pre: ['rc', 93] });
    expect(v('17.12.1-ce')).toEqual({ core: [17, 12, 1], pre: [] });
    expect(v('v1.11.5-beta.0.24+753b2dbc622f5c')).toEqual({ core: [1, 11, 5], pre: ['beta', 0, 24] });
    expect(v('v1.14.7-eks-1861c5')).toEqual({ core: [1, 14, 7], pre: [] });
    expect(parseVersion('5.4.217-126.408.amzn2.x86_64', 'release')).toEqual({
      core: [5, 4, 217, 126, 408],
      pre: [],
    });
  });

  it('rejects what is not a version', () => {
    for (const text of ['', 'latest', 'v', '1.x', 'rc93', '1.2.3 4', 'docker://1.2.3']) {
      expect(parseVersion(text)).toBeUndefined();
    }
  });

  it('orders releases, pre-releases and builds', () => {
    expect(cmp('1.0.0-rc93', '1.0.0-rc94')).toBeLessThan(0);
    expect(cmp('1.0.0-rc94', '1.0.0')).toBeLessThan(0);
    expect(cmp('1.0.0-rc9', '1.0.0-rc10')).toBeLessThan(0);
    expect(cmp('v1.11.5-beta.0.24', 'v1.11.5')).toBeLessThan(0);
    expect(cmp('v1.10.0-rancher1-1', '1.10.0')).toBe(0);
    expect(cmp('18.09', '18.9.0')).toBe(0);
    expect(cmp('17.12.1-ce', '17.12.0-ce')).toBeGreaterThan(0);
    expect(cmp('1.13.12', '1.14.0')).toBeLessThan(0);
    expect(cmp('1.4.10', '1.4.9')).toBeGreaterThan(0);
  });

  it('treats a range as [introduced, fixed)', () => {
    const range = { introduced: '1.0.0-rc93', fixed: '1.0.0-rc94' };
    expect(inRange(v('1.0.0-rc93'), range)).toBe(true);
    expect(inRange(v('1.0.0-rc92'), range)).toBe(false);
    expect(inRange(v('1.0.0-rc94'), range)).toBe(false);
    expect(inRange(v('1.13.5'), { fixed: '1.14.0' })).toBe(true);
    expect(() => inRange(v('1.0.0'), { fixed: 'soon' })).toThrow(/invalid version bound/);
  });
});

describe('versions and feature gates seen on the node', () => {
  it('reads versions from version commands, describe node and AMI names', () => {
    const versions = collectVersions({
      osImage: 'amazon-eks-node-1.19-v20210329',
      commandOutputs: {
        'containerd --version':
          'containerd github.com/containerd/containerd v1.4.4 05f951a3781f4f2c1911b05e61c160e9c30eaa8e',
        'runc --version': 'runc version 1.0.0-rc93\ncommit: 12644e6\nspec: 1.0.2-dev',
        'docker --version': 'Docker version 17.12.0-ce, build c97c6d6',
        'kubectl describe node n1':
          'System Info:\n  Kernel Version: 5.4.217-126.408.amzn2.x86_64\n  Kubelet Version: v1.11.5',
        'systemctl --version': 'systemd 219\n+PAM +AUDIT',
      },
    });
    const byComponent = (c: DefectComponent) => versions.filter((s) => s.component === c).map((s) => s.raw);
    expect(byComponent('containerd')).toEqual(['v1.4.4']);
    expect(byComponent('runc')).toEqual(['1.0.0-rc93']);
    expect(byComponent('docker')).toEqual(['17.12.0-ce']);
    expect(byComponent('kubelet')).toEqual(['v1.11.5']);
    expect(byComponent('kernel')).toEqual(['5.4.217-126.408.amzn2.x86_64']);
    expect(byComponent('systemd')).toEqual(['219']);
    expect(byComponent('eks-ami')).toEqual(['20210329']);
  });

  it("prefers the node's own fields over versions mentioned in text", () => {
    const versions = collectVersions({
      kubeletVersion: 'v1.20.4',
      containerRuntimeVersion: 'containerd://1.4.6',
      logs: { other: 'we upgraded from kubelet v1.13.1 and containerd 1.4.4' },
    });
    expect(versions.map((s) => `${s.component} ${s.raw}`)).toEqual(['kubelet v1.20.4', 'containerd 1.4.6']);
  });

  it('reads feature gates from flags, config files and the startup log', () => {
    expect(
      collectFeatureGates({
        commandOutputs: { ps: '/usr/bin/kubelet --feature-gates=EventedPLEG=true,Foo=false' },
      }),
    ).toEqual(
      new Map([
        ['EventedPLEG', true],
        ['Foo', false],
      ]),
    );
    expect(
      collectFeatureGates({
        logs: { other: 'kind: KubeletConfiguration\nfeatureGates:\n  EventedPLEG: true\n' },
      }).get('EventedPLEG'),
    ).toBe(true);
    expect(
      collectFeatureGates({
        logs: { kubelet: 'I0314 feature_gate.go:249] feature gates: &{map[EventedPLEG:false]}' },
      }).get('EventedPLEG'),
    ).toBe(false);
  });
});

/** Where each component's version goes in a bundle, as a node would report it. */
function withVersion(component: DefectComponent, version: string): EvidenceBundle {
  switch (component) {
    case 'kubelet':
      return { kubeletVersion: `v${version}` };
    case 'containerd':
      return { containerRuntimeVersion: `containerd://${version}` };
    case 'docker':
      return { containerRuntimeVersion: `docker://${version}` };
    case 'crio':
      return { containerRuntimeVersion: `cri-o://${version}` };
    case 'runc':
      return { commandOutputs: { 'runc --version': `runc version ${version}` } };
    case 'systemd':
      return { commandOutputs: { 'systemctl --version': `systemd ${version}` } };
    case 'kernel':
      return { kernelVersion: `${version}.amzn2.x86_64` };
    case 'eks-ami':
      return { osImage: `amazon-eks-node-1.19-v${version}` };
  }
}

/** A version inside and one outside each defect's affected range. */
const SAMPLES: Record<string, { inside: string; outside: string }> = {
  'kubelet-relist-deadlock': { inside: '1.11.5', outside: '1.14.0' },
  'kubelet-lease-renew-fixed-interval': { inside: '1.14.2', outside: '1.16.0' },
  'kubelet-http2-stale-connection': { inside: '1.17.3', outside: '1.18.18' },
  // 1.18.18 got the HTTP/2 health check (#100376, CHANGELOG-1.18); 1.19.5 and 1.20.0 had it before.
  'kubelet-http2-no-health-check-pinned-connection': { inside: '1.18.17', outside: '1.18.18' },
  'kubelet-heartbeat-stuck-tcp-connection': { inside: '1.9.3', outside: '1.11.0' },
  'kubelet-heartbeat-conn-close-regression': { inside: '1.14.1', outside: '1.14.3' },
  'kubelet-cert-rotation-stale-credentials': { inside: '1.7.4', outside: '1.8.0' },
  'kubelet-evented-pleg': { inside: '1.27.3', outside: '1.25.9' },
  'kubelet-evented-pleg-nil-sandbox-panic': { inside: '1.26.1', outside: '1.27.0' },
  'kubelet-status-update-cloud-provider-call': { inside: '1.7.4', outside: '1.12.0' },
  'aws-node-addresses-no-public-ip-panic': { inside: '0.18.2', outside: '0.19.0' },
  'aws-node-addresses-public-ipv4-required': { inside: '1.2.0-alpha.6', outside: '1.2.0' },
  'apiserver-patch-meaningful-conflict': { inside: '1.9.3', outside: '1.11.0' },
  'kubelet-status-manager-channel-deadlock': { inside: '0.19.0', outside: '1.0.0' },
  'kubelet-create-failure-no-retry': { inside: '0.12.1', outside: '1.0.0' },
  'kubelet-status-channel-flood-batch-deletion': { inside: '1.1.4', outside: '1.2.0' },
  'kubelet-force-deleted-pods-stuck-terminating': { inside: '1.24.3', outside: '1.21.5' },
  'kubelet-volume-reconstruction-static-pods': { inside: '1.27.1', outside: '1.27.2' },
  'kubelet-exec-probe-output-unbounded': { inside: '1.12.3', outside: '1.17.0' },
  'kubelet-evented-pleg-containerd-without-events': { inside: '1.6.20', outside: '1.7.0' },
  'kubelet-evented-pleg-crio-without-events': { inside: '1.25.2', outside: '1.26.0' },
  'runc-rc93-init-hang': { inside: '1.0.0-rc93', outside: '1.0.0-rc92' },
  'runc-rc93-init-hang-daemon-blocked': { inside: '1.0.0-rc93', outside: '1.0.0-rc94' },
  'containerd-io-1.4.4-runc-rc93': { inside: '1.4.4', outside: '1.4.3' },
  'containerd-io-1.4.4-runc-rc93-daemon-blocked': { inside: '1.4.4', outside: '1.4.3' },
  'eks-ami-v20210329-runc-rc93': { inside: '20210329', outside: '20210414' },
  'containerd-shim-reaper-deadlock': { inside: '1.2.7', outside: '1.2.8' },
  'containerd-1.1-shim-exit-hang': { inside: '1.1.2', outside: '1.1.5' },
  'docker-bundled-containerd-1.1-shim-hang': { inside: '18.06.3-ce', outside: '18.09.1' },
  'containerd-shim-log-fd-leak': { inside: '1.2.6', outside: '1.2.7' },
  'containerd-1.4-exec-pipe-leak': { inside: '1.4.0', outside: '1.4.1' },
  'containerd-1.3-shim-exec-eventfd-leak': { inside: '1.3.2', outside: '1.3.3' },
  'containerd-2-userns-sandbox-pidfd-leak': { inside: '2.1.4', outside: '2.1.5' },
  'docker-json-log-follow-fd-leak': { inside: '18.06.1-ce', outside: '18.09.0' },
  'crio-image-pull-response-leak': { inside: '1.20.2', outside: '1.20.3' },
  // 1.32.7 carries the backport (stopKillLoopBegun); 1.27 sent on no unread channel.
  'crio-stop-kill-loop-deadlock': { inside: '1.32.6', outside: '1.32.7' },
  'runc-systemd-start-unit-no-timeout': { inside: '1.0.0-rc5', outside: '1.0.0-rc6' },
  'amzn2-kernel-5.4.217-workload-hang': { inside: '5.4.217-126.408', outside: '5.4.219-126.411' },
  'eks-ami-v20221027-kernel-hang': { inside: '20221027', outside: '20221104' },
  // Round 20: containers/storage v1.38.0 (maps storage.conf's overlay2 to overlay) is vendored from CRI-O 1.25.0.
  'crio-storage-overlay2-alias': { inside: '1.24.6', outside: '1.25.0' },
  // AL2023 v20260505 shipped containerd 2.2.3; nodeadm #2717 is in v20260512.
  'eks-ami-v20260505-soci-sandbox-unpack': { inside: '20260505', outside: '20260512' },
  'eks-ami-v20201112-containerd-1.4.0-terminating': { inside: '20201112', outside: '20201117' },
  'containerd-shim-exec-exits-dropped': { inside: '1.6.30', outside: '1.6.31' },
  'containerd-shim-create-early-exit-deadlock': { inside: '1.7.7', outside: '1.7.8' },
  'containerd-shimv1-delete-retry-leak': { inside: '1.7.5', outside: '1.7.9' },
  'containerd-io-1.2.2-3.3-runc-memfd-loop': { inside: '1.2.2-3.3', outside: '1.2.2-3' },
  'kubelet-vendored-runc-1.0-cgroup-freeze': { inside: '1.21.4', outside: '1.21.5' },
  'kubelet-vendored-runc-unit-exists': { inside: '1.22.1', outside: '1.22.2' },
  'kubelet-container-map-orphan-container': { inside: '1.23.9', outside: '1.24.0' },
  'runc-bindfd-mount-churn': { inside: '1.1.14', outside: '1.1.15' },
  'runc-1.1.6-misc-cgroup-v1-kubelet-churn': { inside: '1.1.6', outside: '1.1.5' },
  'kubelet-plugin-watcher-walks-volume-mounts': { inside: '1.14.10', outside: '1.15.0' },
  // Round 21: ContainerStatus without the opLock is in v1.17.2 (and v1.15.4, v1.18.0); no 1.16 tag carries it.
  'crio-status-waits-on-stop-lock': { inside: '1.16.6', outside: '1.17.2' },
  // moby #31273 ("stop grabbing container locks during ps") is in v17.07.0-ce.
  'docker-list-waits-on-container-lock': { inside: '17.06.2-ce', outside: '17.07.0-ce' },
  // Round 28: containerd #8718 (pinned sandbox image) is in v1.7.3, #8720 in v1.6.22.
  'containerd-sandbox-image-not-pinned': { inside: '1.7.2', outside: '1.7.3' },
  // kubernetes #110496 (runc v1.1.3 vendored) is in v1.25.0.
  'kubelet-dbus-no-reconnect': { inside: '1.24.17', outside: '1.25.0' },
  // Round 29: kubernetes #97176 (cAdvisor v0.37.3) is in v1.19.6, #97175 (v0.38.6) in v1.20.1.
  'kubelet-cadvisor-redial-flood': { inside: '1.19.5', outside: '1.19.6' },
};

const GATES = {
  commandOutputs: { 'ps aux | grep kubelet': '/usr/bin/kubelet --feature-gates=EventedPLEG=true' },
};

function bundleFor(component: DefectComponent, version: string, gate: boolean): EvidenceBundle {
  const base = withVersion(component, version);
  return gate ? { ...base, commandOutputs: { ...base.commandOutputs, ...GATES.commandOutputs } } : base;
}

function factsOf(ids: readonly string[]): FactSet {
  const facts = new FactSet();
  for (const id of ids) facts.add({ id: id as never, source: 'test', text: id });
  return facts;
}

describe('known defects', () => {
  it('every defect is cited and has a sample inside and outside its range', () => {
    for (const defect of KNOWN_DEFECTS) {
      expect(SAMPLES[defect.id], defect.id).toBeDefined();
      expect(defect.links.length, defect.id).toBeGreaterThan(0);
      for (const link of defect.links)
        expect(link).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(issues|pull)\/\d+$/);
      expect(defect.requires.length, defect.id).toBeGreaterThan(0);
    }
    expect(new Set(KNOWN_DEFECTS.map((d) => d.id)).size).toBe(KNOWN_DEFECTS.length);
  });

  for (const defect of KNOWN_DEFECTS) {
    it(`${defect.id}: counts inside its range only, and only with its symptom`, () => {
      const sample = SAMPLES[defect.id];
      if (!sample) throw new Error(`no sample for ${defect.id}`);
      const symptom = defect.requires[0] ?? [];
      const matched = (version: string, facts: readonly string[], gate = true) =>
        matchDefects(bundleFor(defect.component, version, gate), factsOf(facts)).some(
          (m) => m.defect.id === defect.id,
        );
      expect(matched(sample.inside, symptom)).toBe(true);
      expect(matched(sample.outside, symptom)).toBe(false);
      expect(matched(sample.inside, [])).toBe(false);
      if (defect.featureGate) expect(matched(sample.inside, symptom, false)).toBe(false);
      for (const other of defect.unless ?? [])
        expect(matched(sample.inside, [...symptom, other])).toBe(false);
    });
  }

  it('adds the fact of the defect’s cause, naming the defect', () => {
    const facts = extractFacts({
      kubeletVersion: 'v1.14.1',
      logs: {
        kubelet:
          'E0623 03:25:39.666303 22255 kubelet_node_status.go:402] Error updating node status, will retry: error getting node "n1": Get "https://api:6443/api/v1/nodes/n1?timeout=10s": read tcp 10.0.0.4:41512->10.0.0.1:6443: use of closed network connection',
      },
    });
    const examples = facts.examples(DEFECT_FACTS.kubelet_defect);
    expect(examples.map((f) => f.defect)).toEqual([
      'kubelet-http2-stale-connection',
      'kubelet-heartbeat-conn-close-regression',
    ]);
    expect(examples[0]?.source).toBe('kubeletVersion');
  });
});

describe('configuration checks', () => {
  const flapping: EvidenceBundle = {
    kubeletVersion: 'v1.14.3',
    logs: {
      other:
        'our kubelet has a flag setting `--node-status-update-frequency=5s` and controller-manager has `--node-monitor-grace-period=10s`.',
    },
  };

  it('a grace period shorter than two heartbeats explains flapping; on 1.14-1.15 it names the lease defect', () => {
    const facts = extractFacts(flapping);
    expect(facts.examples('config.heartbeat_vs_grace')[0]?.text).toContain(
      'grace period 10s vs heartbeat every 10s',
    );
    const d = diagnose(flapping);
    expect(d.verdict).toBe('kubelet_defect');
    expect(d.mechanism).toBe('kubelet-lease-renew-fixed-interval');
    expect(d.causes[0]?.defect?.links).toContain('https://github.com/kubernetes/kubernetes/issues/80172');
    expect(d.causes[0]?.defect?.fix).toContain('v1.16.0');
  });

  it('after 1.16 the same mismatch is a configuration problem, not a known defect', () => {
    const d = diagnose({ ...flapping, kubeletVersion: 'v1.20.4' });
    expect(d.verdict).toBe('node_unreachable');
    expect(d.mechanism).toBe('lease renew vs grace period');
    expect(d.causes[0]?.defect).toBeUndefined();
  });

  it('defaults and sane settings raise nothing', () => {
    for (const other of [
      '--node-monitor-grace-period=40s',
      'nodeStatusUpdateFrequency: 10s',
      '--node-monitor-grace-period=50s --node-monitor-period=5s',
    ]) {
      expect(
        extractFacts({ kubeletVersion: 'v1.28.2', logs: { other } }).has('config.heartbeat_vs_grace'),
      ).toBe(false);
    }
    const long = extractFacts({
      kubeletVersion: 'v1.28.2',
      logs: { other: 'nodeLeaseDurationSeconds: 100' },
    });
    expect(long.has('config.heartbeat_vs_grace')).toBe(true);
  });

  it('compares the kubelet cgroup driver with the runtime’s', () => {
    const mismatch = extractFacts({
      commandOutputs: {
        'cat /var/lib/kubelet/config.yaml': 'kind: KubeletConfiguration\ncgroupDriver: systemd\n',
        'docker info': 'Server Version: 19.03.5\nCgroup Driver: cgroupfs\n',
      },
    });
    expect(mismatch.has('config.cgroup_driver_mismatch')).toBe(true);
    const same = extractFacts({
      commandOutputs: {
        'ps aux | grep kubelet':
          '/usr/bin/kubelet --cgroup-driver=systemd --config=/var/lib/kubelet/config.yaml',
        'cat /etc/containerd/config.toml':
          '[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]\n  SystemdCgroup = true',
      },
    });
    expect(same.has('config.cgroup_driver_mismatch')).toBe(false);
    const logged = extractFacts({
      logs: {
        kubelet: [
          'I0331 08:45:29.614064 13731 container_manager_linux.go:266] Creating Container Manager object based on Node Config: {RuntimeCgroupsName: CgroupsPerQOS:true CgroupRoot:/ CgroupDriver:cgroupfs KubeletRootDir:/var/lib/kubelet}',
          'I0331 08:45:29.640848 13731 docker_service.go:258] Docker Info: &{ID:B4V3 Containers:0 CgroupDriver:systemd KernelVersion:3.10.0}',
        ].join('\n'),
      },
    });
    expect(logged.examples('config.cgroup_driver_mismatch')[0]?.text).toBe(
      'kubelet cgroup driver cgroupfs (logs.kubelet) vs runtime cgroup driver systemd (logs.kubelet)',
    );
    const refused = diagnose({
      logs: {
        kubelet:
          'F0405 05:33:40.511159 4759 server.go:274] failed to run Kubelet: misconfiguration: kubelet cgroup driver: "cgroupfs" is different from docker cgroup driver: "systemd"',
      },
    });
    expect(refused.verdict).toBe('node_unreachable');
    expect(refused.causes[0]?.evidence.map((e) => e.meaning)).toContain(
      'the kubelet and the container runtime are configured with different cgroup drivers',
    );
  });

  it('no reserved resources counts only on a starving node with a whole kubelet configuration', () => {
    const config = 'kind: KubeletConfiguration\nmaxPods: 110\nevictionHard:\n  memory.available: 100Mi\n';
    const oom = 'kernel: Out of memory: Killed process 1234 (java) total-vm:1000kB';
    expect(extractFacts({ logs: { kernel: oom } }).has('mem.oom')).toBe(true);
    expect(extractFacts({ logs: { other: config, kernel: oom } }).has('config.no_reserved')).toBe(true);
    expect(extractFacts({ logs: { other: config } }).has('config.no_reserved')).toBe(false);
    expect(
      extractFacts({ logs: { other: `${config}systemReserved:\n  memory: 1Gi\n`, kernel: oom } }).has(
        'config.no_reserved',
      ),
    ).toBe(false);
  });
});

describe('mechanism', () => {
  it('names the strongest supporting fact when no defect matched', () => {
    const d = diagnose({
      logs: {
        dockerd:
          'Nov 02 13:41:43 n dockerd[1]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files',
      },
    });
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.mechanism).toBe('open-file limit hit');
    expect(d.causes[0]?.mechanism).toBe('open-file limit hit');
  });

  it('is absent from the verdict when the verdict is unknown', () => {
    const d = diagnose({});
    expect(d.verdict).toBe('unknown');
    expect(d.mechanism).toBeUndefined();
  });

  it('the text report names the mechanism, the defect, its fix and its link', () => {
    const text = renderDiagnosisText(
      diagnose({
        kubeletVersion: 'v1.14.3',
        logs: { other: '--node-status-update-frequency=5s and --node-monitor-grace-period=10s' },
      }),
    );
    expect(text).toContain(
      'Verdict: Known kubelet defect (kubelet-lease-renew-fixed-interval) [kubelet_defect]',
    );
    expect(text).toContain('Known defect kubelet-lease-renew-fixed-interval:');
    expect(text).toContain('Fixed: kubelet v1.16.0');
    expect(text).toContain('https://github.com/kubernetes/kubernetes/pull/80173');
  });
});

describe('feature gates stated in words', () => {
  it.each([
    'We have the EventedPLEG feature gate enabled on 1.27',
    'after we enabled the EventedPLEG feature, nodes flapped',
    '开启了 EventedPLEG 特性',
  ])('%s', (text) => {
    expect(collectFeatureGates({ logs: { other: text } }).get('EventedPLEG')).toBe(true);
  });

  it('a denial is not read as enabled', () => {
    expect(
      collectFeatureGates({ logs: { other: 'EventedPLEG feature gate is not enabled' } }).has('EventedPLEG'),
    ).toBe(false);
  });
});
