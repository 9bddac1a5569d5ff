import type { EvidenceBundle } from '../schemas/bundle.ts';
import type { Missing } from '../schemas/diagnosis.ts';
import { bundleTexts } from './extract/versions.ts';
import type { FactSet } from './facts.ts';

/**
 * Kubernetes nested on one host: kind's node containers (the kindest/node image, nodes named <cluster>-control-plane
 * and <cluster>-worker[N]), k3d's (k3d-<cluster>-server-N / -agent-N, the rancher/k3s image), minikube (its docker
 * driver runs the node as a container), a kubelet inside a CI job's pod. Every node container shares the host's
 * kernel: its per-user inotify limits (fs/notify/inotify/inotify_user.c, fs.inotify.max_user_instances, 128 by
 * default, and max_user_watches), counted per real user, so a second cluster on the same host runs out where the
 * first did not, and its CPU and memory, which the nodes and whatever else runs beside them (builds) share. When such
 * a bundle holds only a generic timeout, those are the first things to ask for (kind's known-issues page names the
 * inotify limits, kind.sigs.k8s.io/docs/user/known-issues/#pod-errors-due-to-too-many-open-files).
 */
const NESTED_MARKERS: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'kind',
    // Or named in a person's words: "the kind cluster", "kind 集群", "kind のクラスタ".
    pattern:
      /\bkindest\/node\b|\bkind (?:create|delete|get|load|export) |\bkind-(?:control-plane|worker\d*)\b|\b[Kk]ind (?:cluster|node)s?\b|\bkind ?(?:集群|節點|节点|クラスタ)/,
  },
  {
    name: 'k3d',
    pattern:
      /\bk3d-[a-z0-9][a-z0-9-]*-(?:server|agent)-\d+\b|\bk3d (?:cluster|node) (?:create|start|list)\b|\b[Kk]3d (?:cluster|node)s?\b|\bk3d ?(?:集群|クラスタ)/,
  },
  { name: 'minikube', pattern: /\bminikube\b/ },
  { name: 'k3s in a container', pattern: /\brancher\/k3s:v?\d/ },
  {
    name: 'Docker in Docker',
    pattern: /\bdocker:[0-9.]*-?dind\b|\b[Dd]ocker-in-[Dd]ocker\b|\bDinD\b|\bdind\b/,
  },
  // A cluster said to run inside a container or a pod, in words.
  {
    name: 'a nested cluster',
    pattern:
      /\bnested (?:cluster|Kubernetes|k8s|kubelet)\b|\b(?:cluster|Kubernetes|k3s|kubelet) (?:running )?(?:inside|in) a (?:container|pod)\b|嵌套(?:集群|的集群|的 ?k8s)|容器里(?:跑|运行)的?(?:集群|k8s|k3s)|入れ子(?:の)?クラスタ/,
  },
];

/** The nested setups a bundle names (node name, logs, command outputs), or an empty list. */
export function nestedSetups(bundle: EvidenceBundle): string[] {
  const texts = [bundle.node ?? '', ...bundleTexts(bundle).map((t) => t.text)];
  const found = new Set<string>();
  for (const { name, pattern } of NESTED_MARKERS) if (texts.some((t) => pattern.test(t))) found.add(name);
  return [...found];
}

/**
 * The node containers restarted (or the host or its container engine under them): in people's words ("after
 * restarting the containers", "restarted docker", "rebooted the host") or the engines' own commands.
 */
const RESTARTED =
  /\b(?:restart(?:ed|ing|s)?|reboot(?:ed|ing|s)?|stopp(?:ed|ing) and start(?:ed|ing)?)\b[^.\n]{0,60}\b(?:containers?|docker|podman|nerdctl|Docker Desktop|host|laptop|machine|VM|cluster|nodes?)\b|\b(?:containers?|docker|podman|nerdctl|Docker Desktop|host|laptop|machine|cluster)\b[^.\n]{0,30}\b(?:restarted|rebooted|was restarted|were restarted)\b|\b(?:docker|podman|nerdctl) (?:restart|start|stop) |\b(?:kind|k3d|minikube) (?:cluster )?(?:start|stop|restart)\b|重启(?:了)?(?:容器|docker|主机|电脑|集群)|(?:容器|docker|主机|集群)重启/;

/** The bundle says the nested cluster's containers (or what runs them) restarted. */
export function nestedRestarted(bundle: EvidenceBundle): boolean {
  return bundleTexts(bundle).some((t) => RESTARTED.test(t.text));
}

/** Facts that already answer the question: the inotify limits or the host's CPU and memory are in the bundle. */
const ANSWERED = ['fd.inotify', 'fd.limit_low', 'fd.inotify_leak'] as const;

/**
 * What to ask for first on a nested cluster whose bundle settles nothing: the host's inotify limits and their use,
 * and the host's CPU and memory as the nested nodes share them. Commands run on the host, not in a node container.
 */
export function nestedProbes(bundle: EvidenceBundle, facts: FactSet): Missing[] {
  const setups = nestedSetups(bundle);
  if (setups.length === 0) return [];
  const named = setups.join(', ');
  const out: Missing[] = [];
  if (nestedRestarted(bundle) && !facts.has('kubelet.api_error') && !facts.has('kubelet.auth_error'))
    out.push({
      what: "the kubelet's log inside the node container, the API server address in its kubeconfig, and the node containers' current addresses",
      why: `a nested cluster (${named}) whose node containers were restarted: the container engine's network assigns each container its address when it starts (Docker's and Podman's IPAM, nerdctl's CNI bridge), so an address written into a kubeconfig, a kubeadm config or a certificate's SANs before the restart may now belong to no node or another, and the kubelet can no longer reach or trust its API server; run this on the host`,
      how: "docker ps --format '{{.Names}}' | xargs -n1 docker inspect -f '{{.Name}} {{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}'; docker exec <node> grep 'server:' /etc/kubernetes/kubelet.conf; docker exec <node> journalctl -u kubelet --no-pager -n 100 (podman or nerdctl for docker where they run the nodes)",
    });
  if (!facts.hasAny(ANSWERED))
    out.push({
      what: "the host's inotify limits and how many instances are in use (fs.inotify.max_user_instances, max_user_watches)",
      why: `a nested cluster (${named}): every node container shares the host kernel's per-user inotify limits, so a second cluster on one host can exhaust them and its kubelets never come up; run this on the host`,
      how: "sysctl fs.inotify.max_user_instances fs.inotify.max_user_watches; find /proc/[0-9]*/fd -lname 'anon_inode:inotify' 2>/dev/null | wc -l",
    });
  out.push({
    what: "the host's CPU and memory as the nested nodes share them (and any builds beside them)",
    why: `a nested cluster (${named}): its nodes are containers competing with each other and with the rest of the host; run this on the host`,
    how: 'nproc; uptime; free -m; docker stats --no-stream',
  });
  return out;
}
