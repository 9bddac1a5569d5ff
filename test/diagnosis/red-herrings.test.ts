import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { FACT_MEANINGS } from '../../shared/diagnosis/facts.ts';
import { type EvidenceBundle, EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';

function bundle(raw: Record<string, unknown>): EvidenceBundle {
  return EvidenceBundleSchema.parse(raw);
}

const PLEG = 'PLEG is not healthy: pleg was last seen active 3m46.752815514s ago; threshold is 3m0s';
const NOT_READY = [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: PLEG }];

function causeIds(d: Diagnosis): string[] {
  return d.causes.map((c) => c.id);
}

describe('an application\'s own "too many open files"', () => {
  const APP_EMFILE =
    'Nov 02 13:41:43 app04 payments-api[23421]: 2023-11-02 13:41:43.101 ERROR 1 --- [http-nio-8080-exec-7] o.a.tomcat.util.net.NioEndpoint : Socket accept failed: java.io.IOException: Too many open files';
  const JAVA_TRACE = [
    'java.io.IOException: Too many open files',
    '\tat java.base/sun.nio.ch.Net.accept(Native Method)',
    '\tat java.base/sun.nio.ch.ServerSocketChannelImpl.implAccept(ServerSocketChannelImpl.java:425)',
    'Caused by: java.nio.file.FileSystemException: /data/segments/000123.log: Too many open files',
  ].join('\n');
  const PROBE =
    'Nov 02 13:41:43 app04 kubelet[8411]: I1102 13:41:43.111882    8411 prober.go:116] "Probe failed" probeType="Readiness" pod="default/search-7d9f-x2" podUID="1b2c3d" containerName="search" probeResult="failure" output="curl: (7) Failed to connect to 127.0.0.1 port 9200: socket: Too many open files"';

  it('from a journald app tag is not descriptor exhaustion, and is listed as discounted', () => {
    const d = diagnose(bundle({ conditions: NOT_READY, logs: { other: APP_EMFILE } }));
    expect(d.verdict).not.toBe('fd_exhaustion');
    expect(causeIds(d)).not.toContain('fd_exhaustion');
    expect(d.discounted).toContainEqual({
      source: 'logs.other',
      text: APP_EMFILE,
      meaning: FACT_MEANINGS['fd.app_emfile'],
      occurrences: 1,
    });
  });

  it('from a bare Java stack trace is not descriptor exhaustion, and each line is discounted', () => {
    const d = diagnose(bundle({ conditions: NOT_READY, logs: { other: JAVA_TRACE } }));
    expect(causeIds(d)).not.toContain('fd_exhaustion');
    expect(d.discounted.map((e) => e.source)).toEqual(['logs.other:1', 'logs.other:4']);
    expect(d.discounted.map((e) => e.text)).toEqual([
      'java.io.IOException: Too many open files',
      'Caused by: java.nio.file.FileSystemException: /data/segments/000123.log: Too many open files',
    ]);
  });

  it('quoted by a kubelet probe failure is the probed app, not the kubelet', () => {
    const d = diagnose(bundle({ conditions: NOT_READY, logs: { kubelet: PROBE } }));
    expect(causeIds(d)).not.toContain('fd_exhaustion');
    expect(d.discounted.map((e) => e.text)).toEqual([PROBE]);
  });

  it('quoted in an Unhealthy probe event is discounted too', () => {
    const message =
      'Liveness probe failed: Get "http://10.244.1.17:8080/healthz": dial tcp 10.244.1.17:8080: socket: too many open files';
    const d = diagnose(
      bundle({
        conditions: NOT_READY,
        events: [
          {
            type: 'Warning',
            reason: 'Unhealthy',
            message,
            count: 12,
            involvedObject: { kind: 'Pod', namespace: 'default', name: 'search-0' },
            source: { component: 'kubelet', host: 'app04' },
          },
        ],
      }),
    );
    expect(causeIds(d)).not.toContain('fd_exhaustion');
    expect(d.discounted).toContainEqual(
      expect.objectContaining({ source: 'events[0].message', text: message }),
    );
  });

  it('all of them together still leave the verdict unknown', () => {
    const d = diagnose(
      bundle({ conditions: NOT_READY, logs: { other: `${APP_EMFILE}\n${JAVA_TRACE}`, kubelet: PROBE } }),
    );
    expect(d.verdict).toBe('unknown');
    expect(d.discounted.length).toBeGreaterThanOrEqual(3);
  });

  it('(control) the same error from dockerd is descriptor exhaustion and is not discounted', () => {
    const dockerd =
      'Nov 02 13:40:02 app04 dockerd[1203]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s';
    const d = diagnose(bundle({ conditions: NOT_READY, logs: { dockerd } }));
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.discounted).toEqual([]);
    expect(d.causes[0]?.evidence).toContainEqual(
      expect.objectContaining({ source: 'logs.dockerd', text: dockerd }),
    );
  });
});

describe('a container hitting its own memory limit', () => {
  const CGROUP_OOM = [
    '[8912.331020] java invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=985',
    '[8912.331100] memory: usage 1048576kB, limit 1048576kB, failcnt 2381',
    '[8912.331250] Memory cgroup out of memory: Killed process 23421 (java) total-vm:2123456kB, anon-rss:1046528kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:4300kB oom_score_adj:985',
  ].join('\n');

  it('is a cgroup OOM, not node memory starvation', () => {
    const b = bundle({ conditions: NOT_READY, logs: { kernel: CGROUP_OOM } });
    const facts = extractFacts(b);
    expect(facts.has('mem.cgroup_oom')).toBe(true);
    expect(facts.has('mem.oom')).toBe(false);
    const d = diagnose(b);
    expect(d.verdict).not.toBe('resource_starvation');
    expect(causeIds(d)).not.toContain('resource_starvation');
  });

  it('(control) a global OOM kill is node memory starvation', () => {
    const d = diagnose(
      bundle({
        conditions: NOT_READY,
        logs: {
          kernel:
            '[8912.331250] Out of memory: Killed process 23421 (java) total-vm:8123456kB, anon-rss:7123456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:14300kB oom_score_adj:0',
        },
      }),
    );
    expect(causeIds(d)).toContain('resource_starvation');
  });
});

describe('"no space left on device" from inotify', () => {
  const CADVISOR =
    'Nov 02 13:41:43 app04 kubelet[8411]: E1102 13:41:43.111882    8411 kubelet.go:1414] "Failed to start cAdvisor" err="inotify_add_watch /sys/fs/cgroup/cpu,cpuacct: no space left on device"';

  it('is inotify exhaustion (fd_exhaustion), not disk pressure', () => {
    const b = bundle({ conditions: NOT_READY, logs: { kubelet: CADVISOR } });
    const facts = extractFacts(b);
    expect(facts.has('fd.inotify')).toBe(true);
    expect(facts.has('disk.pressure')).toBe(false);
    const d = diagnose(b);
    expect(d.verdict).toBe('fd_exhaustion');
    expect(causeIds(d)).not.toContain('resource_starvation');
    // The summary speaks of inotify, not of descriptors.
    expect(d.causes[0]?.summary).toMatch(/inotify/);
  });

  it('(control) a full disk under dockerd is disk pressure', () => {
    const b = bundle({
      conditions: NOT_READY,
      logs: {
        dockerd:
          'Nov 02 13:41:43 app04 dockerd[1203]: time="2023-11-02T13:41:43.000000000Z" level=error msg="Handler for POST /v1.41/containers/create returned error: mkdir /var/lib/docker/overlay2/4b1e9f/diff: no space left on device"',
      },
    });
    expect(extractFacts(b).has('disk.pressure')).toBe(true);
    expect(extractFacts(b).has('fd.inotify')).toBe(false);
    expect(diagnose(b).verdict).toBe('resource_starvation');
  });
});

describe('too little evidence', () => {
  it('Ready=False with a single PLEG line is "unknown" and says what to collect', () => {
    const d = diagnose(
      bundle({
        node: 'app04',
        conditions: NOT_READY,
        logs: {
          kubelet: `Nov 02 13:41:43 app04 kubelet[8411]: I1102 13:41:43.111900    8411 kubelet.go:2101] "Skipping pod synchronization" err="${PLEG}"`,
        },
      }),
    );
    expect(d.verdict).toBe('unknown');
    expect(d.confidence).toBeLessThan(0.5);
    expect(d.observed.plegAgeSeconds).toBeCloseTo(226.752815514, 6);
    expect(d.missing.length).toBeGreaterThan(0);
    for (const m of d.missing) {
      expect(m.what.length, JSON.stringify(m)).toBeGreaterThan(0);
      expect(m.why.length, JSON.stringify(m)).toBeGreaterThan(0);
      expect(m.how.length, JSON.stringify(m)).toBeGreaterThan(0);
    }
    // The kubelet log is present, so it is not asked for again.
    expect(d.missing.map((m) => m.what)).not.toContain('kubelet logs');
  });
});
