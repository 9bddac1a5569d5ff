import { closeSync, openSync, writeSync } from 'node:fs';
import type { FactId } from '../../shared/diagnosis/facts.ts';

/**
 * A deterministic generator of a realistic node journal (`journalctl -o short`): kubelet klog lines, dockerd and
 * containerd logrus lines, kernel, systemd and application noise, plus a small fraction of planted lines that
 * match the engine's signatures. It knows which lines it planted and which facts each one must produce, so the
 * benchmark can check that the engine and ripgrep saw the same thing. About one line in a thousand carries
 * non-ASCII text (an application's log message), so every chunk the engine reads holds some UTF-8.
 */

/** xoshiro128** seeded through splitmix32: fast, seedable, good enough for text. */
class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    // splitmix32 to spread the seed over the state.
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next() | 1;
  }

  u32(): number {
    const result = Math.imul(rotl(Math.imul(this.#b, 5), 7), 9) >>> 0;
    const t = this.#b << 9;
    this.#c ^= this.#a;
    this.#d ^= this.#b;
    this.#b ^= this.#c;
    this.#a ^= this.#d;
    this.#c ^= t;
    this.#d = rotl(this.#d, 11);
    return result;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }

  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.u32().toString(16).padStart(8, '0');
    return out.slice(0, length);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

// ---------------------------------------------------------------------------------------------------------
// The node's world: a fixed set of pods, containers and sandboxes that the lines keep referring to.

interface Pod {
  ns: string;
  name: string;
  uid: string;
  container: string;
  cid: string;
  sid: string;
  image: string;
}

const HOST = 'ip-10-42-3-17';
const KUBELET_PID = 8411;
const DOCKERD_PID = 1187;
const CONTAINERD_PID = 1023;
const NAMESPACES = ['default', 'kube-system', 'payments', 'orders', 'monitoring', 'ingress-nginx', 'batch'];
const APPS = [
  ['orders-api', 'api', 'registry.example.com/orders-api:2.14.1'],
  ['payments-worker', 'worker', 'registry.example.com/payments:5.2.0'],
  ['nginx-ingress-controller', 'controller', 'registry.k8s.io/ingress-nginx/controller:v1.9.4'],
  ['node-exporter', 'node-exporter', 'quay.io/prometheus/node-exporter:v1.7.0'],
  ['fluent-bit', 'fluent-bit', 'cr.fluentbit.io/fluent/fluent-bit:2.2.0'],
  ['calico-node', 'calico-node', 'docker.io/calico/node:v3.26.4'],
  ['kube-proxy', 'kube-proxy', 'registry.k8s.io/kube-proxy:v1.28.4'],
  ['report-cron', 'report', 'registry.example.com/reports:1.0.7'],
  ['redis-cache', 'redis', 'docker.io/library/redis:7.2.3'],
  ['search-indexer', 'indexer', 'registry.example.com/search-indexer:0.9.12'],
] as const;

/** Containers of the node's own agents among APPS (the CNI's), whose failing probe the engine reads as evidence. */
const NODE_AGENTS = new Set(['calico-node']);

function makePods(rng: Random, n: number): Pod[] {
  const pods: Pod[] = [];
  for (let i = 0; i < n; i++) {
    const [app, container, image] = rng.pick(APPS);
    const uid = `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`;
    pods.push({
      ns: rng.pick(NAMESPACES),
      name: `${app}-${rng.hex(10)}-${rng.hex(5)}`,
      uid,
      container,
      cid: rng.hex(64),
      sid: rng.hex(64),
      image,
    });
  }
  return pods;
}

// ---------------------------------------------------------------------------------------------------------
// Time: the journal advances a few milliseconds per line; prefixes are cached per second.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

class Clock {
  /** Microseconds since the epoch. */
  us = Date.UTC(2025, 10, 2, 6, 0, 0) * 1000;
  #second = -1;
  /** `Nov 02 13:41:43` */
  journal = '';
  /** `1102 13:41:43` (klog month-day and time, without the severity letter) */
  klog = '';
  /** `2025-11-02T13:41:43` */
  iso = '';
  /** `02/Nov/2025:13:41:43 +0000` */
  clf = '';

  advance(us: number): void {
    this.us += us;
    const second = Math.floor(this.us / 1e6);
    if (second === this.#second) return;
    this.#second = second;
    const d = new Date(second * 1000);
    const hms = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
    const mon = MONTHS[d.getUTCMonth()] ?? 'Nov';
    const day = two(d.getUTCDate());
    this.journal = `${mon} ${day} ${hms}`;
    this.klog = `${two(d.getUTCMonth() + 1)}${day} ${hms}`;
    this.iso = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${day}T${hms}`;
    this.clf = `${day}/${mon}/${d.getUTCFullYear()}:${hms} +0000`;
  }

  /** Microseconds within the second, six digits. */
  micros(): string {
    return String(this.us % 1e6).padStart(6, '0');
  }

  /** Nanoseconds within the second, nine digits (logrus). */
  nanos(rng: Random): string {
    return `${this.micros()}${String(rng.int(1000)).padStart(3, '0')}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Line templates. Each returns one full journal line without the trailing newline.

interface Ctx {
  rng: Random;
  clock: Clock;
  pods: readonly Pod[];
  /** The workloads' pods: a node agent's failing probe (the CNI's) is evidence, not background. */
  workloads: readonly Pod[];
}

type Template = (c: Ctx) => string;

function kubelet(c: Ctx, level: 'I' | 'W' | 'E', file: string, msg: string): string {
  const t = c.clock;
  return `${t.journal} ${HOST} kubelet[${KUBELET_PID}]: ${level}${t.klog}.${t.micros()}    ${KUBELET_PID} ${file}] ${msg}`;
}

function logrus(c: Ctx, tag: string, pid: number, level: string, msg: string, rest: string): string {
  const t = c.clock;
  return `${t.journal} ${HOST} ${tag}[${pid}]: time="${t.iso}.${t.nanos(c.rng)}Z" level=${level} msg="${msg}"${rest}`;
}

function kernel(c: Ctx, msg: string): string {
  return `${c.clock.journal} ${HOST} kernel: ${msg}`;
}

function systemd(c: Ctx, msg: string): string {
  return `${c.clock.journal} ${HOST} systemd[1]: ${msg}`;
}

function tagged(c: Ctx, tag: string, msg: string): string {
  return `${c.clock.journal} ${HOST} ${tag}: ${msg}`;
}

const EVENTS = ['ContainerStarted', 'ContainerDied', 'ContainerStarted', 'ContainerRemoved'];
const VOLUMES = ['kube-api-access', 'config', 'tls-certs', 'data', 'tmp'];
const PATHS = ['/api/v1/orders', '/healthz', '/metrics', '/api/v1/payments', '/readyz', '/static/app.js'];
const AGENTS = ['kube-probe/1.28', 'Prometheus/2.48.0', 'Mozilla/5.0 (X11; Linux x86_64)', 'curl/8.4.0'];
const CLASSES = [
  'c.e.orders.OrderController',
  'c.e.payments.LedgerService',
  'o.s.web.servlet.DispatcherServlet',
];
const UTF8_MESSAGES = [
  '用户登录成功',
  '订单已创建',
  'Bestellung für Müller bestätigt',
  'Paiement reçu — merci',
  'Ошибка проверки токена, повтор',
  '注文を受け付けました',
];

/** Ordinary traffic, with relative weights. None of these may match a signature. */
/**
 * dockerd's lines after each container's shim goes away (info, then a warning): routine on a healthy node with
 * container churn, and the text of containerd's `runtime.shim_disconnected` rule. The engine does not count it (the rule reads containerd's
 * own lines, not dockerd's); ripgrep, which knows no writers, matches it: counted apart as text-only matches.
 */
const shimDisconnected: Template = (c) =>
  logrus(
    c,
    'dockerd',
    DOCKERD_PID,
    'info',
    'shim disconnected',
    ` id=${c.rng.pick(c.pods).cid} namespace=moby`,
  );
const shimCleanup: Template = (c) =>
  logrus(
    c,
    'dockerd',
    DOCKERD_PID,
    'warning',
    'cleaning up after shim disconnected',
    ` id=${c.rng.pick(c.pods).cid} namespace=moby`,
  );

/** Noise whose text a signature pattern matches although the engine, which reads writers too, records nothing. */
const TEXT_ONLY_MATCHES: ReadonlySet<Template> = new Set([shimDisconnected, shimCleanup]);

const NOISE: ReadonlyArray<readonly [number, Template]> = [
  // kubelet, structured klog
  [
    60,
    (c) => {
      const p = c.rng.pick(c.pods);
      return kubelet(
        c,
        'I',
        'kubelet.go:2453',
        `"SyncLoop (PLEG): event for pod" pod="${p.ns}/${p.name}" event={"ID":"${p.uid}","Type":"${c.rng.pick(EVENTS)}","Data":"${p.cid}"}`,
      );
    },
  ],
  [
    50,
    (c) => {
      const p = c.rng.pick(c.pods);
      return kubelet(
        c,
        'I',
        'kubelet.go:2441',
        `"SyncLoop (probe)" probe="${c.rng.pick(['readiness', 'liveness', 'startup'])}" status="${c.rng.pick(['ready', 'started', ''])}" pod="${p.ns}/${p.name}"`,
      );
    },
  ],
  [
    40,
    (c) => {
      const p = c.rng.pick(c.workloads);
      return kubelet(
        c,
        'I',
        'prober.go:107',
        `"Probe failed" probeType="Readiness" pod="${p.ns}/${p.name}" podUID="${p.uid}" containerName="${p.container}" probeResult="failure" output="Get \\"http://10.244.${c.rng.int(8)}.${c.rng.int(250)}:8080/readyz\\": dial tcp 10.244.1.9:8080: connect: connection refused"`,
      );
    },
  ],
  [
    40,
    (c) => {
      const p = c.rng.pick(c.pods);
      const v = `${c.rng.pick(VOLUMES)}-${c.rng.hex(5)}`;
      return kubelet(
        c,
        'I',
        'reconciler_common.go:258',
        `"operationExecutor.VerifyControllerAttachedVolume started for volume \\"${v}\\" (UniqueName: \\"kubernetes.io/projected/${p.uid}-${v}\\") pod \\"${p.name}\\" (UID: \\"${p.uid}\\") " pod="${p.ns}/${p.name}"`,
      );
    },
  ],
  [
    40,
    (c) => {
      const p = c.rng.pick(c.pods);
      const v = `${c.rng.pick(VOLUMES)}-${c.rng.hex(5)}`;
      return kubelet(
        c,
        'I',
        'operation_generator.go:721',
        `"MountVolume.SetUp succeeded for volume \\"${v}\\" (UniqueName: \\"kubernetes.io/configmap/${p.uid}-${v}\\") pod \\"${p.name}\\" (UID: \\"${p.uid}\\") " pod="${p.ns}/${p.name}"`,
      );
    },
  ],
  [
    25,
    (c) => {
      const p = c.rng.pick(c.pods);
      return kubelet(
        c,
        'I',
        'generic.go:334',
        `"Generic (PLEG): container finished" podID="${p.uid}" containerID="${p.cid}" exitCode=${c.rng.pick([0, 0, 1, 137, 143])}`,
      );
    },
  ],
  [
    20,
    (c) => {
      const p = c.rng.pick(c.pods);
      return kubelet(
        c,
        'I',
        'kuberuntime_container.go:745',
        `"Killing container with a grace period" pod="${p.ns}/${p.name}" podUID="${p.uid}" containerName="${p.container}" containerID="containerd://${p.cid}" gracePeriod=30`,
      );
    },
  ],
  [20, (c) => kubelet(c, 'I', 'scope.go:117', `"RemoveContainer" containerID="${c.rng.pick(c.pods).cid}"`)],
  [
    25,
    (c) => {
      const p = c.rng.pick(c.workloads);
      return kubelet(
        c,
        'E',
        'pod_workers.go:1300',
        `"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"${p.container}\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=${p.container} pod=${p.name}_${p.ns}(${p.uid})\\"" pod="${p.ns}/${p.name}" podUID="${p.uid}"`,
      );
    },
  ],
  [
    15,
    (c) => {
      const p = c.rng.pick(c.pods);
      return kubelet(
        c,
        'E',
        'remote_runtime.go:432',
        `"ContainerStatus from runtime service failed" err="rpc error: code = NotFound desc = an error occurred when try to find container \\"${p.cid}\\": not found" containerID="${p.cid}"`,
      );
    },
  ],
  [
    20,
    (c) => {
      const p = c.rng.pick(c.pods);
      return kubelet(c, 'I', 'kubelet.go:2410', `"SyncLoop UPDATE" source="api" pods=["${p.ns}/${p.name}"]`);
    },
  ],
  [
    10,
    (c) =>
      kubelet(
        c,
        'I',
        'log.go:194',
        `http: TLS handshake error from 10.42.${c.rng.int(250)}.${c.rng.int(250)}:${c.rng.range(30000, 60000)}: EOF`,
      ),
  ],
  [
    8,
    (c) =>
      kubelet(
        c,
        'W',
        'container.go:586',
        `Failed to update stats for container "/kubepods/burstable/pod${c.rng.pick(c.pods).uid}": open /sys/fs/cgroup/cpu,cpuacct/kubepods/burstable: no such file or directory, continuing to push stats`,
      ),
  ],
  [
    6,
    (c) =>
      kubelet(
        c,
        'I',
        'kubelet_node_status.go:493',
        `"Fast updating node status as it just became ready" node="${HOST}"`,
      ),
  ],
  // dockerd
  [
    25,
    (c) =>
      logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'info',
        'ignoring event',
        ` container=${c.rng.pick(c.pods).cid} module=libcontainerd namespace=moby topic=/tasks/delete type="*events.TaskDelete"`,
      ),
  ],
  [
    15,
    (c) => {
      const p = c.rng.pick(c.pods);
      return logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'error',
        `Handler for GET /v1.41/containers/${p.cid.slice(0, 12)}/json returned error: No such container: ${p.cid.slice(0, 12)}`,
        '',
      );
    },
  ],
  [10, shimDisconnected],
  [8, shimCleanup],
  [
    5,
    (c) =>
      logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'warning',
        'Published ports are discarded when using host network mode',
        '',
      ),
  ],
  // containerd
  [
    25,
    (c) =>
      logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        `StartContainer for \\"${c.rng.pick(c.pods).cid}\\" returns successfully`,
        '',
      ),
  ],
  [
    20,
    (c) => {
      const p = c.rng.pick(c.pods);
      return logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        `CreateContainer within sandbox \\"${p.sid}\\" for container &ContainerMetadata{Name:${p.container},Attempt:${c.rng.int(9)},} returns container id \\"${p.cid}\\"`,
        '',
      );
    },
  ],
  [
    15,
    (c) => {
      const p = c.rng.pick(c.pods);
      return logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        `RunPodSandbox for &PodSandboxMetadata{Name:${p.name},Uid:${p.uid},Namespace:${p.ns},Attempt:0,} returns sandbox id \\"${p.sid}\\"`,
        '',
      );
    },
  ],
  [
    12,
    (c) =>
      logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        `StopPodSandbox for \\"${c.rng.pick(c.pods).sid}\\" returns successfully`,
        '',
      ),
  ],
  [
    12,
    (c) =>
      logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        `TearDown network for sandbox \\"${c.rng.pick(c.pods).sid}\\" successfully`,
        '',
      ),
  ],
  [
    15,
    (c) => {
      const p = c.rng.pick(c.pods);
      return logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'error',
        `ContainerStatus for \\"${p.cid}\\" failed`,
        ` error="rpc error: code = NotFound desc = an error occurred when try to find container \\"${p.cid}\\": not found"`,
      );
    },
  ],
  [
    10,
    (c) =>
      logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        `ImageCreate event &ImageCreate{Name:${c.rng.pick(c.pods).image},Labels:map[string]string{io.cri-containerd.image: managed,},XXX_unrecognized:[],}`,
        '',
      ),
  ],
  [10, (c) => logrus(c, 'containerd', CONTAINERD_PID, 'info', 'cleaning up dead shim', ` namespace=k8s.io`)],
  [
    10,
    (c) =>
      logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'info',
        'loading plugin \\"io.containerd.runtime.v2.task\\"...',
        ` runtime=io.containerd.runc.v2 type=io.containerd.ttrpc.v1`,
      ),
  ],
  // kernel
  [
    20,
    (c) =>
      kernel(
        c,
        `cni0: port ${c.rng.range(1, 40)}(veth${c.rng.hex(8)}) entered ${c.rng.pick(['blocking', 'forwarding', 'disabled'])} state`,
      ),
  ],
  [10, (c) => kernel(c, `IPv6: ADDRCONF(NETDEV_CHANGE): cali${c.rng.hex(11)}: link becomes ready`)],
  [10, (c) => kernel(c, `device veth${c.rng.hex(8)} entered promiscuous mode`)],
  [
    10,
    (c) =>
      kernel(
        c,
        `audit: type=1400 audit(${Math.floor(c.clock.us / 1e6)}.${c.rng.range(100, 999)}:${c.rng.range(100, 9999)}): apparmor="STATUS" operation="profile_replace" profile="unconfined" name="cri-containerd.apparmor.d" pid=${c.rng.range(2000, 60000)} comm="apparmor_parser"`,
      ),
  ],
  [5, (c) => kernel(c, `eth0: renamed from tmp${c.rng.hex(5)}`)],
  [3, (c) => kernel(c, 'overlayfs: upper fs does not support RENAME_WHITEOUT.')],
  [
    3,
    (c) =>
      kernel(
        c,
        `TCP: request_sock_TCP: Possible SYN flooding on port ${c.rng.pick([80, 443, 8080])}. Sending cookies.  Check SNMP counters.`,
      ),
  ],
  // systemd and friends
  [
    20,
    (c) => {
      const p = c.rng.pick(c.pods);
      return systemd(c, `Started cri-containerd-${p.cid}.scope - libcontainer container ${p.cid}.`);
    },
  ],
  [20, (c) => systemd(c, `cri-containerd-${c.rng.pick(c.pods).cid}.scope: Deactivated successfully.`)],
  [
    10,
    (c) =>
      systemd(
        c,
        `cri-containerd-${c.rng.pick(c.pods).cid}.scope: Consumed ${c.rng.range(0, 900)}.${c.rng.range(100, 999)}s CPU time.`,
      ),
  ],
  [
    20,
    (c) =>
      systemd(
        c,
        `run-containerd-runc-k8s.io-${c.rng.pick(c.pods).cid}-runc.${c.rng.hex(6)}.mount: Deactivated successfully.`,
      ),
  ],
  [
    10,
    (c) => {
      const uid = c.rng.pick(c.pods).uid.replaceAll('-', '_');
      return systemd(
        c,
        `Created slice kubepods-burstable-pod${uid}.slice - libcontainer container kubepods-burstable-pod${uid}.slice.`,
      );
    },
  ],
  [
    8,
    (c) =>
      systemd(
        c,
        `var-lib-kubelet-pods-${c.rng.pick(c.pods).uid.replaceAll('-', '\\x2d')}-volumes-kubernetes.io\\x7eprojected-kube\\x2dapi\\x2daccess\\x2d${c.rng.hex(5)}.mount: Deactivated successfully.`,
      ),
  ],
  [
    2,
    (c) =>
      tagged(
        c,
        'systemd-logind[701]',
        `New session ${c.rng.range(1, 900)} of user ${c.rng.pick(['ec2-user', 'ops'])}.`,
      ),
  ],
  [
    2,
    (c) =>
      tagged(
        c,
        `sshd[${c.rng.range(20000, 60000)}]`,
        `Accepted publickey for ec2-user from 10.0.${c.rng.int(250)}.${c.rng.int(250)} port ${c.rng.range(30000, 60000)} ssh2: RSA SHA256:${c.rng.hex(43)}`,
      ),
  ],
  [2, (c) => tagged(c, 'chronyd[655]', `Selected source 169.254.169.123 (${c.rng.hex(4)})`)],
  [
    2,
    (c) =>
      tagged(
        c,
        `CRON[${c.rng.range(20000, 60000)}]`,
        '(root) CMD (test -x /usr/sbin/anacron || run-parts --report /etc/cron.daily)',
      ),
  ],
  // applications logging to the journal (docker's journald log driver): access logs, Java, JSON, some UTF-8
  [
    30,
    (c) => {
      const p = c.rng.pick(c.pods);
      return tagged(
        c,
        `${p.cid.slice(0, 12)}[${DOCKERD_PID}]`,
        `10.244.${c.rng.int(8)}.${c.rng.int(250)} - - [${c.clock.clf}] "GET ${c.rng.pick(PATHS)}?page=${c.rng.int(50)} HTTP/1.1" ${c.rng.pick([200, 200, 200, 304, 404, 503])} ${c.rng.range(0, 40000)} "-" "${c.rng.pick(AGENTS)}" ${c.rng.range(1, 900) / 1000}`,
      );
    },
  ],
  [
    25,
    (c) => {
      const p = c.rng.pick(c.pods);
      return tagged(
        c,
        `${p.cid.slice(0, 12)}[${DOCKERD_PID}]`,
        `${c.clock.iso.replace('T', ' ')}.${c.clock.micros().slice(0, 3)}  INFO 1 --- [nio-8080-exec-${c.rng.range(1, 10)}] ${c.rng.pick(CLASSES)} : Processed order ${c.rng.range(100000, 999999)} for customer ${c.rng.range(1000, 9999)} in ${c.rng.range(1, 400)} ms`,
      );
    },
  ],
  [
    25,
    (c) => {
      const p = c.rng.pick(c.pods);
      return tagged(
        c,
        `${p.cid.slice(0, 12)}[${DOCKERD_PID}]`,
        `{"level":"info","ts":${(c.clock.us / 1e6).toFixed(6)},"caller":"server/handler.go:${c.rng.range(40, 200)}","msg":"request completed","method":"GET","path":"${c.rng.pick(PATHS)}","status":${c.rng.pick([200, 200, 204, 404])},"duration_ms":${c.rng.range(1, 5000) / 10}}`,
      );
    },
  ],
  [
    1,
    (c) => {
      const p = c.rng.pick(c.pods);
      return tagged(
        c,
        `${p.cid.slice(0, 12)}[${DOCKERD_PID}]`,
        `{"level":"info","ts":${(c.clock.us / 1e6).toFixed(6)},"msg":"${c.rng.pick(UTF8_MESSAGES)}","request_id":"${c.rng.hex(16)}"}`,
      );
    },
  ],
];

/**
 * A planted line: a message a node in trouble writes, and the facts the engine must record for it (none when
 * the rule discounts or ignores the line, as for an application's own "Too many open files").
 */
interface Plant {
  weight: number;
  facts: readonly FactId[];
  line: Template;
}

const PLANTS: readonly Plant[] = [
  {
    weight: 12,
    facts: ['pleg.unhealthy'],
    line: (c) =>
      kubelet(
        c,
        'I',
        'kubelet.go:2394',
        `"Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active ${c.rng.range(3, 9)}m${c.rng.range(0, 59)}.${c.rng.range(100, 999)}s ago; threshold is 3m0s"`,
      ),
  },
  {
    weight: 3,
    facts: ['pleg.unhealthy'],
    line: (c) =>
      kubelet(
        c,
        'I',
        'setters.go:552',
        `"Node became not ready" node="${HOST}" condition={"type":"Ready","status":"False","lastHeartbeatTime":"${c.clock.iso}Z","lastTransitionTime":"${c.clock.iso}Z","reason":"KubeletNotReady","message":"PLEG is not healthy: pleg was last seen active 3m0.${c.rng.range(100, 999)}s ago; threshold is 3m0s"}`,
      ),
  },
  {
    weight: 6,
    facts: ['pleg.relist_error'],
    line: (c) =>
      kubelet(
        c,
        'E',
        'generic.go:238',
        '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
      ),
  },
  {
    weight: 6,
    facts: ['runtime.list_timeout'],
    line: (c) =>
      kubelet(
        c,
        'E',
        'remote_runtime.go:294',
        '"ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"',
      ),
  },
  {
    weight: 4,
    facts: ['runtime.list_timeout'],
    line: (c) =>
      kubelet(
        c,
        'E',
        'kuberuntime_sandbox.go:297',
        '"Failed to list pod sandboxes" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
      ),
  },
  {
    weight: 5,
    facts: ['runtime.op_timeout'],
    line: (c) =>
      kubelet(
        c,
        'E',
        'remote_runtime.go:222',
        `"StopPodSandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" podSandboxID="${c.rng.pick(c.pods).sid}"`,
      ),
  },
  {
    weight: 4,
    // The wait after SIGKILL that never returns: a timed-out operation and a kill that failed.
    facts: ['runtime.op_timeout', 'runtime.kill_failed'],
    line: (c) => {
      const p = c.rng.pick(c.pods);
      return logrus(
        c,
        'containerd',
        CONTAINERD_PID,
        'error',
        `StopContainer for \\"${p.cid}\\" failed`,
        ` error="rpc error: code = DeadlineExceeded desc = an error occurs during waiting for container \\"${p.cid}\\" to be killed: wait container \\"${p.cid}\\": context deadline exceeded"`,
      );
    },
  },
  {
    weight: 2,
    facts: ['runtime.down'],
    line: (c) =>
      kubelet(
        c,
        'E',
        'kubelet.go:2855',
        '"Container runtime not ready" runtimeReady="RuntimeReady=false reason:ContainerdNotReady message:container runtime is down"',
      ),
  },
  {
    weight: 3,
    facts: ['fd.emfile'],
    line: (c) =>
      logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'error',
        'http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
        '',
      ),
  },
  {
    // An application's own EMFILE: matched by the pattern, discounted by the engine, so no fact.
    weight: 2,
    facts: [],
    line: (c) =>
      tagged(
        c,
        `${c.rng.pick(c.pods).cid.slice(0, 12)}[${DOCKERD_PID}]`,
        'java.io.IOException: Too many open files at sun.nio.ch.ServerSocketChannelImpl.accept0(Native Method)',
      ),
  },
  {
    weight: 2,
    // Per-container tasks only: the daemons' own names (dockerd, containerd) are also kernel.hung_task_daemon.
    facts: ['kernel.hung_task_runtime', 'kernel.hung_task'],
    line: (c) =>
      kernel(
        c,
        `INFO: task ${c.rng.pick(['conmon', 'containerd-shim', 'runc'])}:${c.rng.range(1000, 60000)} blocked for more than ${c.rng.pick([120, 241, 362])} seconds.`,
      ),
  },
  {
    weight: 2,
    facts: ['kernel.hung_task'],
    line: (c) =>
      kernel(
        c,
        `INFO: task kworker/u8:${c.rng.range(0, 9)}:${c.rng.range(100, 900)} blocked for more than 120 seconds.`,
      ),
  },
  {
    weight: 2,
    facts: ['runtime.force_kill'],
    line: (c) =>
      logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'info',
        'Container failed to exit within 10 seconds of signal 15 - using the force',
        ` container=${c.rng.pick(c.pods).cid}`,
      ),
  },
  {
    weight: 4,
    facts: ['runtime.shim_reaped'],
    line: (c) =>
      logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'info',
        'shim reaped',
        ` id=${c.rng.pick(c.pods).cid} module="containerd/tasks"`,
      ),
  },
  {
    weight: 2,
    facts: ['mem.cgroup_oom'],
    line: (c) =>
      kernel(
        c,
        `Memory cgroup out of memory: Killed process ${c.rng.range(2000, 60000)} (java) total-vm:${c.rng.range(1e6, 9e6)}kB, anon-rss:${c.rng.range(1e5, 9e5)}kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:${c.rng.range(1000, 9000)}kB oom_score_adj:${c.rng.pick([-997, 999, 1000])}`,
      ),
  },
  {
    weight: 1,
    facts: ['runtime.service_failed'],
    line: (c) => systemd(c, 'containerd.service: Main process exited, code=killed, status=9/KILL'),
  },
  {
    weight: 1,
    facts: ['network.link_down'],
    line: (c) => tagged(c, 'systemd-networkd[612]', 'eth0: Lost carrier'),
  },
  {
    weight: 1,
    facts: ['network.link_up'],
    line: (c) => tagged(c, 'systemd-networkd[612]', 'eth0: Gained carrier'),
  },
  {
    weight: 2,
    // A status update that got no answer: the failure, and its silence (what the pinned-connection releases key on).
    facts: ['kubelet.api_error', 'kubelet.api_timeout'],
    line: (c) =>
      kubelet(
        c,
        'E',
        'kubelet_node_status.go:540',
        `"Error updating node status, will retry" err="error getting node \\"${HOST}\\": Get \\"https://10.42.0.1:6443/api/v1/nodes/${HOST}?timeout=10s\\": context deadline exceeded"`,
      ),
  },
  {
    // The kubelet's rule only: a dockerd line with the same words is matched but not counted.
    weight: 1,
    facts: [],
    line: (c) =>
      logrus(
        c,
        'dockerd',
        DOCKERD_PID,
        'warning',
        'failed to read from stream: read unix /run/docker.sock->@: use of closed network connection',
        '',
      ),
  },
  {
    weight: 1,
    facts: ['systemd.dbus_timeout'],
    line: (c) => tagged(c, 'dbus-daemon[702]', '[system] Activation of org.freedesktop.systemd1 timed out'),
  },
  {
    weight: 1,
    // ENOSPC from inotify_add_watch: the watch limit (a vanished cgroup's ENOENT is a benign race, no fact).
    facts: ['fd.watch_error', 'fd.inotify'],
    line: (c) =>
      kubelet(
        c,
        'W',
        'watcher.go:93',
        `Error while processing event ("/sys/fs/cgroup/devices/kubepods/burstable/pod${c.rng.pick(c.pods).uid}": 0x40000100 == IN_CREATE|IN_ISDIR): inotify_add_watch /sys/fs/cgroup/devices/kubepods/burstable: no space left on device`,
      ),
  },
];

// ---------------------------------------------------------------------------------------------------------

export interface Generated {
  bytes: number;
  lines: number;
  /** Lines planted to match a signature. */
  plantedLines: number;
  /** Noise lines a signature's text matches, attributed to no fact (TEXT_ONLY_MATCHES): ripgrep finds these too. */
  textOnlyLines: number;
  /** The facts the engine must record for the planted lines, with their counts. */
  expectedFacts: Record<string, number>;
  /** Lines per writer: kubelet, dockerd, containerd, kernel, systemd (and other system daemons), apps. */
  sources: Record<string, number>;
}

const TAG_AT = 'Nov 02 00:00:00 '.length + HOST.length + 1;
const DAEMONS = new Set(['kubelet', 'dockerd', 'containerd', 'kernel']);

/** Which writer a generated line comes from, by its journald identifier. */
function sourceOf(line: string): string {
  let end = TAG_AT;
  while (end < line.length && line[end] !== '[' && line[end] !== ':') end++;
  const tag = line.slice(TAG_AT, end);
  if (DAEMONS.has(tag)) return tag;
  return /^[0-9a-f]{12}$/.test(tag) ? 'apps' : 'systemd & co';
}

interface Cumulative<T> {
  total: number;
  bounds: number[];
  items: T[];
}

function cumulative<T>(entries: ReadonlyArray<readonly [number, T]>): Cumulative<T> {
  const bounds: number[] = [];
  const items: T[] = [];
  let total = 0;
  for (const [weight, item] of entries) {
    total += weight;
    bounds.push(total);
    items.push(item);
  }
  return { total, bounds, items };
}

function draw<T>(rng: Random, table: Cumulative<T>): T {
  const r = rng.int(table.total);
  let i = 0;
  while ((table.bounds[i] ?? Number.POSITIVE_INFINITY) <= r) i++;
  const item = table.items[i];
  if (item === undefined) throw new Error('weighted draw out of range');
  return item;
}

/** The kinds of journal: `mixed` plants signature lines throughout and routine lines that match patterns as text. */
export type Profile = 'mixed' | 'ordinary';

/** Mixed: about one line in this many is a planted signature line. */
const PLANT_EVERY = 1000;
/**
 * Ordinary: a node's everyday chatter (no noise line a pattern matches as text), with the incident a few hundred
 * lines: one line in ORDINARY_PLANT_EVERY of the ORDINARY_INCIDENT_LINES lines from ORDINARY_INCIDENT_AT on.
 */
const ORDINARY_LINES = 1_000_000;
const ORDINARY_INCIDENT_AT = 620_000;
const ORDINARY_INCIDENT_LINES = 30_000;
const ORDINARY_PLANT_EVERY = 100;
const FLUSH_BYTES = 1 << 20;

/**
 * Writes a journal to `path`, streamed in ~1 MiB writes, and returns what it planted: for `mixed`, about
 * `targetBytes`; for `ordinary`, a million lines (`targetBytes` unused). The same seed gives the same bytes.
 */
export function generateJournal(
  path: string,
  targetBytes: number,
  seed = 0x5eed,
  profile: Profile = 'mixed',
): Generated {
  const rng = new Random(seed);
  const pods = makePods(rng, 120);
  const ctx: Ctx = {
    rng,
    clock: new Clock(),
    pods,
    workloads: pods.filter((p) => !NODE_AGENTS.has(p.container)),
  };
  const ordinary = profile === 'ordinary';
  const noise = cumulative(ordinary ? NOISE.filter(([, t]) => !TEXT_ONLY_MATCHES.has(t)) : NOISE);
  const plants = cumulative(PLANTS.map((p) => [p.weight, p] as const));
  const planting = (line: number): number => {
    if (!ordinary) return PLANT_EVERY;
    const incident = line >= ORDINARY_INCIDENT_AT && line < ORDINARY_INCIDENT_AT + ORDINARY_INCIDENT_LINES;
    return incident ? ORDINARY_PLANT_EVERY : 0;
  };
  const more = (bytes: number, lines: number) => (ordinary ? lines < ORDINARY_LINES : bytes < targetBytes);
  const expectedFacts: Record<string, number> = {};
  const sources: Record<string, number> = {};
  const fd = openSync(path, 'w');
  let bytes = 0;
  let lines = 0;
  let plantedLines = 0;
  let textOnlyLines = 0;
  let batch: string[] = [];
  let batchChars = 0;
  try {
    while (more(bytes + batchChars, lines)) {
      ctx.clock.advance(rng.range(0, 60_000));
      let line: string;
      const every = planting(lines);
      if (every > 0 && rng.int(every) === 0) {
        const plant = draw(rng, plants);
        line = plant.line(ctx);
        plantedLines++;
        for (const f of plant.facts) expectedFacts[f] = (expectedFacts[f] ?? 0) + 1;
      } else {
        const template = draw(rng, noise);
        line = template(ctx);
        if (TEXT_ONLY_MATCHES.has(template)) textOnlyLines++;
      }
      batch.push(line);
      batchChars += line.length + 1;
      lines++;
      const source = sourceOf(line);
      sources[source] = (sources[source] ?? 0) + 1;
      if (batchChars >= FLUSH_BYTES) {
        bytes += writeSync(fd, `${batch.join('\n')}\n`);
        batch = [];
        batchChars = 0;
      }
    }
    if (batch.length) bytes += writeSync(fd, `${batch.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
  return { bytes, lines, plantedLines, textOnlyLines, expectedFacts, sources };
}
