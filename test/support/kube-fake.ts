import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A loopback fake of the Kubernetes API server, for the real `@kubernetes/client-node` (through a kubeconfig with
 * `insecure-skip-tls-verify: true` over http) and for `kubectl` to talk to.
 *
 * What it serves, the way an API server answers:
 * - bearer-token authentication (401 Status Unauthorized otherwise; /version and /healthz are open; with
 *   `allowAnonymous`, requests without a token pass, which kubectl needs: client-go sends no token over http);
 * - discovery: /version, /api, /api/v1, /apis, /apis/<group>, /apis/<group>/<version> for core/v1, apps/v1,
 *   batch/v1, rbac.authorization.k8s.io/v1, coordination.k8s.io/v1, policy/v1, scheduling.k8s.io/v1,
 *   events.k8s.io/v1, and the custom resources given in `customResources` (legacy
 *   discovery: an aggregated-discovery Accept header gets plain JSON, which clients fall back from); /openapi/v2
 *   and /openapi/v3 are 404, so kubectl needs `--validate=false`;
 * - get and list of any discovered resource, cluster-wide (`/api/v1/pods`) or per namespace, with `limit` and
 *   `continue` (opaque tokens; a malformed one is 410 Expired), `fieldSelector` (`a=b`, `a==b`, `a!=b`, joined
 *   by commas; only the field labels the real server supports per resource, others 400 BadRequest) and
 *   `labelSelector` (equality only);
 * - create (POST) and patch (PATCH, a recursive merge) with `?dryRun=All`, decoding the body like the API server
 *   does: a wrong JSON type in a typed field of common kinds (Deployment, DaemonSet, StatefulSet, Pod, ConfigMap,
 *   Service...) is 400 BadRequest "... cannot be handled as a Deployment: json: cannot unmarshal string into Go
 *   struct field DeploymentSpec.spec.replicas of type int32"; a namespaced object in a namespace that does not
 *   exist is 404; a PriorityClass above the user-defined maximum (1e9) is 422 Invalid; without dryRun the object
 *   is stored;
 * - the node proxy as the kubelet answers behind it: `/api/v1/nodes/NAME/proxy/metrics` (Prometheus text) and
 *   `/proxy/logs/?query=UNIT&tailLines=N` (NodeLogQuery: journald short-precise text). With `logQuery: 'off'` the
 *   kubelet's /logs/ handler is off (404 "404 page not found"); with `'ignored'` the NodeLogQuery gate is off and
 *   the kubelet serves its /var/log directory listing (HTML) whatever the query says.
 *
 * Faults are set per path (exact pathname, or a RegExp on it): an HTTP status with the Status body the real
 * server sends (403 names the user and the resource as RBAC does), a fixed latency, or a hang (no answer ever;
 * close() cuts such connections). Every request is logged.
 *
 * - what remediation calls, by the real server's rules: a merge patch carrying `metadata.resourceVersion` is
 *   409 Conflict when the object changed since (optimistic concurrency); DELETE of an object (404 when absent; an
 *   object with finalizers only gets its deletionTimestamp); the pods/eviction subresource (policy/v1 Eviction):
 *   a pod already terminating, or Pending/Succeeded/Failed, is deleted without a budget check; otherwise the one
 *   PodDisruptionBudget whose selector matches the pod is read, 429 TooManyRequests "Cannot evict pod as it would
 *   violate the pod's disruption budget." when its status.disruptionsAllowed is 0 (and disruptionsAllowed taken
 *   down by one when it allows), 500 when more than one matches; a deleted pod whose node is not Ready stays,
 *   Terminating (the kubelet never confirms), as on a node with a wedged runtime;
 * - RBAC (`rbac`): when rules are given, every resource request they do not grant is 403 Forbidden with the
 *   message RBAC writes (user, verb, resource/subresource, group, scope).
 *
 * Not emulated: watch, TLS, client certificates, server-side apply, strategic-merge list semantics, admission,
 * OpenAPI, aggregated discovery, impersonation, the disruption controller (budgets' status is as given).
 */

// ---------------------------------------------------------------------------------------------------------
// Objects

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: Record<string, unknown>[];
  [field: string]: unknown;
}

/** Any Kubernetes object as JSON. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** What the fake cluster holds: objects, and what each node's kubelet answers through the proxy. */
export interface KubeScenario {
  objects: KubeObject[];
  /** Kubelet /metrics text per node name. */
  metrics: Record<string, string>;
  /** Journal text per node name and unit (the NodeLogQuery `query`). */
  logs: Record<string, Record<string, string>>;
}

// ---------------------------------------------------------------------------------------------------------
// Resources the fake knows (discovery, routing, RBAC messages)

interface ResourceDef {
  group: string;
  version: string;
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  shortNames: string[];
  subresources: string[];
  /** Field labels the real server accepts in fieldSelector, beyond metadata.name / metadata.namespace. */
  fields: string[];
}

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function def(
  groupVersion: string,
  resource: string,
  kind: string,
  namespaced: boolean,
  extra: { shortNames?: string[]; subresources?: string[]; fields?: string[] } = {},
): ResourceDef {
  const [group, version] = groupVersion.includes('/') ? groupVersion.split('/') : ['', groupVersion];
  return {
    group: group ?? '',
    version: version ?? 'v1',
    resource,
    singular: kind.toLowerCase(),
    kind,
    namespaced,
    shortNames: extra.shortNames ?? [],
    subresources: extra.subresources ?? [],
    fields: extra.fields ?? [],
  };
}

const EVENT_FIELDS = [
  'involvedObject.kind',
  'involvedObject.namespace',
  'involvedObject.name',
  'involvedObject.uid',
  'involvedObject.apiVersion',
  'involvedObject.resourceVersion',
  'involvedObject.fieldPath',
  'reason',
  'reportingComponent',
  'source',
  'type',
];

const RESOURCES: readonly ResourceDef[] = [
  def('v1', 'namespaces', 'Namespace', false, {
    shortNames: ['ns'],
    subresources: ['status', 'finalize'],
    fields: ['status.phase'],
  }),
  def('v1', 'nodes', 'Node', false, {
    shortNames: ['no'],
    subresources: ['proxy', 'status'],
    fields: ['spec.unschedulable'],
  }),
  def('v1', 'pods', 'Pod', true, {
    shortNames: ['po'],
    subresources: ['log', 'status', 'exec', 'eviction', 'ephemeralcontainers'],
    fields: [
      'spec.nodeName',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.serviceAccountName',
      'spec.hostNetwork',
      'status.phase',
      'status.podIP',
      'status.podIPs',
      'status.nominatedNodeName',
    ],
  }),
  def('v1', 'events', 'Event', true, { shortNames: ['ev'], fields: EVENT_FIELDS }),
  def('v1', 'services', 'Service', true, { shortNames: ['svc'], subresources: ['status', 'proxy'] }),
  def('v1', 'endpoints', 'Endpoints', true, { shortNames: ['ep'] }),
  def('v1', 'configmaps', 'ConfigMap', true, { shortNames: ['cm'] }),
  def('v1', 'secrets', 'Secret', true, { fields: ['type'] }),
  def('v1', 'serviceaccounts', 'ServiceAccount', true, { shortNames: ['sa'], subresources: ['token'] }),
  def('v1', 'persistentvolumeclaims', 'PersistentVolumeClaim', true, {
    shortNames: ['pvc'],
    subresources: ['status'],
  }),
  def('v1', 'persistentvolumes', 'PersistentVolume', false, { shortNames: ['pv'], subresources: ['status'] }),
  def('v1', 'resourcequotas', 'ResourceQuota', true, { shortNames: ['quota'], subresources: ['status'] }),
  def('v1', 'limitranges', 'LimitRange', true, { shortNames: ['limits'] }),
  def('apps/v1', 'deployments', 'Deployment', true, {
    shortNames: ['deploy'],
    subresources: ['scale', 'status'],
  }),
  def('apps/v1', 'daemonsets', 'DaemonSet', true, { shortNames: ['ds'], subresources: ['status'] }),
  def('apps/v1', 'statefulsets', 'StatefulSet', true, {
    shortNames: ['sts'],
    subresources: ['scale', 'status'],
  }),
  def('apps/v1', 'replicasets', 'ReplicaSet', true, {
    shortNames: ['rs'],
    subresources: ['scale', 'status'],
  }),
  def('apps/v1', 'controllerrevisions', 'ControllerRevision', true),
  def('batch/v1', 'jobs', 'Job', true, { subresources: ['status'] }),
  def('batch/v1', 'cronjobs', 'CronJob', true, { shortNames: ['cj'], subresources: ['status'] }),
  def('rbac.authorization.k8s.io/v1', 'clusterroles', 'ClusterRole', false),
  def('rbac.authorization.k8s.io/v1', 'clusterrolebindings', 'ClusterRoleBinding', false),
  def('rbac.authorization.k8s.io/v1', 'roles', 'Role', true),
  def('rbac.authorization.k8s.io/v1', 'rolebindings', 'RoleBinding', true),
  def('coordination.k8s.io/v1', 'leases', 'Lease', true),
  def('scheduling.k8s.io/v1', 'priorityclasses', 'PriorityClass', false, { shortNames: ['pc'] }),
  def('policy/v1', 'poddisruptionbudgets', 'PodDisruptionBudget', true, {
    shortNames: ['pdb'],
    subresources: ['status'],
  }),
  def('events.k8s.io/v1', 'events', 'Event', true, {
    shortNames: ['ev'],
    fields: [
      'regarding.kind',
      'regarding.name',
      'regarding.namespace',
      'reason',
      'type',
      'reportingController',
    ],
  }),
];

function groupVersion(d: Pick<ResourceDef, 'group' | 'version'>): string {
  return d.group ? `${d.group}/${d.version}` : d.version;
}

function resourceFor(
  defs: readonly ResourceDef[],
  group: string,
  version: string,
  resource: string,
): ResourceDef | undefined {
  return defs.find((r) => r.group === group && r.version === version && r.resource === resource);
}

function resourceOfKind(
  defs: readonly ResourceDef[],
  apiVersion: string | undefined,
  kind: string | undefined,
): ResourceDef | undefined {
  return defs.find((r) => groupVersion(r) === apiVersion && r.kind === kind);
}

function discoveryResources(d: ResourceDef[]): Record<string, unknown>[] {
  return d.flatMap((r) => [
    {
      name: r.resource,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: ALL_VERBS,
      ...(r.shortNames.length > 0 ? { shortNames: r.shortNames } : {}),
      storageVersionHash: Buffer.from(`${r.group}/${r.resource}`).toString('base64').slice(0, 11),
    },
    ...r.subresources.map((s) => ({
      name: `${r.resource}/${s}`,
      singularName: '',
      namespaced: r.namespaced,
      kind: s === 'scale' ? 'Scale' : s === 'eviction' ? 'Eviction' : s === 'token' ? 'TokenRequest' : r.kind,
      verbs: s === 'proxy' ? ['create', 'delete', 'get', 'patch', 'update'] : ['get', 'patch', 'update'],
    })),
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Decoding like the API server: JSON type errors in typed fields

type GoType =
  | 'int32'
  | 'int64'
  | 'bool'
  | 'string'
  | 'map'
  | 'any'
  | { struct: string; fields: Record<string, GoType> }
  | { array: GoType };

const stringArray: GoType = { array: 'string' };
const OBJECT_META: GoType = {
  struct: 'ObjectMeta',
  fields: {
    name: 'string',
    generateName: 'string',
    namespace: 'string',
    labels: 'map',
    annotations: 'map',
    finalizers: stringArray,
  },
};
const PROBE: GoType = {
  struct: 'Probe',
  fields: {
    initialDelaySeconds: 'int32',
    timeoutSeconds: 'int32',
    periodSeconds: 'int32',
    successThreshold: 'int32',
    failureThreshold: 'int32',
    terminationGracePeriodSeconds: 'int64',
  },
};
const CONTAINER: GoType = {
  struct: 'Container',
  fields: {
    name: 'string',
    image: 'string',
    imagePullPolicy: 'string',
    command: stringArray,
    args: stringArray,
    workingDir: 'string',
    ports: {
      array: {
        struct: 'ContainerPort',
        fields: { name: 'string', containerPort: 'int32', hostPort: 'int32', protocol: 'string' },
      },
    },
    volumeMounts: {
      array: {
        struct: 'VolumeMount',
        fields: { name: 'string', mountPath: 'string', subPath: 'string', readOnly: 'bool' },
      },
    },
    livenessProbe: PROBE,
    readinessProbe: PROBE,
    startupProbe: PROBE,
    securityContext: {
      struct: 'SecurityContext',
      fields: {
        privileged: 'bool',
        runAsUser: 'int64',
        runAsGroup: 'int64',
        runAsNonRoot: 'bool',
        readOnlyRootFilesystem: 'bool',
        allowPrivilegeEscalation: 'bool',
      },
    },
    stdin: 'bool',
    tty: 'bool',
  },
};
const POD_SPEC: GoType = {
  struct: 'PodSpec',
  fields: {
    containers: { array: CONTAINER },
    initContainers: { array: CONTAINER },
    restartPolicy: 'string',
    terminationGracePeriodSeconds: 'int64',
    activeDeadlineSeconds: 'int64',
    serviceAccountName: 'string',
    automountServiceAccountToken: 'bool',
    nodeName: 'string',
    nodeSelector: 'map',
    hostNetwork: 'bool',
    hostPID: 'bool',
    priorityClassName: 'string',
    priority: 'int32',
    tolerations: {
      array: {
        struct: 'Toleration',
        fields: {
          key: 'string',
          operator: 'string',
          value: 'string',
          effect: 'string',
          tolerationSeconds: 'int64',
        },
      },
    },
    topologySpreadConstraints: {
      array: {
        struct: 'TopologySpreadConstraint',
        fields: { maxSkew: 'int32', topologyKey: 'string', whenUnsatisfiable: 'string', minDomains: 'int32' },
      },
    },
    securityContext: {
      struct: 'PodSecurityContext',
      fields: { runAsUser: 'int64', runAsGroup: 'int64', fsGroup: 'int64', runAsNonRoot: 'bool' },
    },
  },
};
const POD_TEMPLATE: GoType = { struct: 'PodTemplateSpec', fields: { metadata: OBJECT_META, spec: POD_SPEC } };
const WORKLOAD_SPEC = (struct: string): GoType => ({
  struct,
  fields: {
    replicas: 'int32',
    template: POD_TEMPLATE,
    minReadySeconds: 'int32',
    revisionHistoryLimit: 'int32',
    progressDeadlineSeconds: 'int32',
    paused: 'bool',
    serviceName: 'string',
  },
});

/** Typed fields of the kinds manifests usually hold; other kinds and fields are accepted as they are. */
const KIND_TYPES: Record<string, Record<string, GoType>> = {
  Deployment: { spec: WORKLOAD_SPEC('DeploymentSpec') },
  StatefulSet: { spec: WORKLOAD_SPEC('StatefulSetSpec') },
  DaemonSet: { spec: WORKLOAD_SPEC('DaemonSetSpec') },
  ReplicaSet: { spec: WORKLOAD_SPEC('ReplicaSetSpec') },
  Pod: { spec: POD_SPEC },
  Job: {
    spec: {
      struct: 'JobSpec',
      fields: {
        parallelism: 'int32',
        completions: 'int32',
        backoffLimit: 'int32',
        activeDeadlineSeconds: 'int64',
        template: POD_TEMPLATE,
      },
    },
  },
  ConfigMap: { data: 'map', immutable: 'bool' },
  Secret: { stringData: 'map', type: 'string', immutable: 'bool' },
  ServiceAccount: { automountServiceAccountToken: 'bool' },
  Service: {
    spec: {
      struct: 'ServiceSpec',
      fields: {
        type: 'string',
        clusterIP: 'string',
        ports: {
          array: {
            struct: 'ServicePort',
            fields: { name: 'string', protocol: 'string', port: 'int32', nodePort: 'int32' },
          },
        },
        selector: 'map',
      },
    },
  },
  PodDisruptionBudget: { spec: { struct: 'PodDisruptionBudgetSpec', fields: {} } },
  PriorityClass: { value: 'int32', globalDefault: 'bool', description: 'string', preemptionPolicy: 'string' },
};

/** The highest priority a PriorityClass not named system-* may have (scheduling's validation). */
const USER_PRIORITY_MAX = 1_000_000_000;

/** Validation the API server applies after decoding, for the few rules manifests here can break. */
function validationError(d: ResourceDef, object: Record<string, unknown>, name: string): string | undefined {
  const qualified = `${d.group ? `${d.kind}.${d.group}` : d.kind} "${name}" is invalid`;
  if (d.kind === 'PriorityClass' && typeof object.value === 'number') {
    if (!name.startsWith('system-') && object.value > USER_PRIORITY_MAX) {
      return `${qualified}: value: Forbidden: maximum allowed value of a user defined priority is ${USER_PRIORITY_MAX}`;
    }
  }
  return undefined;
}

/** How encoding/json names a JSON value in an UnmarshalTypeError. */
function jsonTypeName(value: unknown, goType: string): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return goType.startsWith('int') ? `number ${value}` : 'number';
  return typeof value;
}

/** Whether a JSON value decodes into a scalar Go type (`map` is map[string]string). */
function fitsScalar(value: unknown, type: 'int32' | 'int64' | 'bool' | 'string' | 'map'): string | undefined {
  switch (type) {
    case 'int32':
    case 'int64': {
      const limit = type === 'int32' ? 2 ** 31 : 2 ** 63;
      return typeof value === 'number' && Number.isInteger(value) && value >= -limit && value < limit
        ? undefined
        : type;
    }
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'bool';
    case 'string':
      return typeof value === 'string' ? undefined : 'string';
    case 'map':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'map[string]string';
      return Object.values(value).every((v) => typeof v === 'string') ? undefined : 'string';
  }
}

/** The first field whose JSON type Go's decoder would refuse, as encoding/json words it. */
function decodeError(value: unknown, type: GoType, struct: string, path: string): string | undefined {
  if (value === undefined || value === null || type === 'any') return undefined;
  const refuse = (goType: string) =>
    `json: cannot unmarshal ${jsonTypeName(value, goType)} into Go struct field ${struct}.${path} of type ${goType}`;
  if (typeof type === 'string') {
    const wanted = fitsScalar(value, type);
    return wanted ? refuse(wanted) : undefined;
  }
  if ('array' in type) {
    if (!Array.isArray(value)) return refuse(`[]${typeof type.array === 'string' ? type.array : 'object'}`);
    return firstOf(value, (item) => decodeError(item, type.array, struct, path));
  }
  if (typeof value !== 'object' || Array.isArray(value)) return refuse(type.struct);
  const fields = value as Record<string, unknown>;
  return firstOf(Object.entries(type.fields), ([key, fieldType]) =>
    decodeError(fields[key], fieldType, type.struct, `${path}.${key}`),
  );
}

function firstOf<T>(items: readonly T[], check: (item: T) => string | undefined): string | undefined {
  for (const item of items) {
    const error = check(item);
    if (error) return error;
  }
  return undefined;
}

function kindDecodeError(kind: string, body: Record<string, unknown>): string | undefined {
  const meta = decodeError(body.metadata, OBJECT_META, kind, 'metadata');
  if (meta) return meta;
  for (const [field, type] of Object.entries(KIND_TYPES[kind] ?? {})) {
    const struct = typeof type === 'object' && 'struct' in type ? type.struct : kind;
    const error =
      typeof type === 'object' && 'struct' in type
        ? decodeError(body[field], type, struct, field)
        : decodeError(body[field], type, kind, field);
    if (error) return error;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// The server

export interface KubeFault {
  /** Exact request pathname (`/api/v1/nodes/node-a/proxy/metrics`), or a RegExp tested on it. */
  path: string | RegExp;
  method?: string;
  /** Answer with this status and the Status body the API server would send (403 Forbidden, 404, 503...). */
  status?: number;
  /** Replaces the Status message. */
  message?: string;
  /** Wait this long before answering (on top of the global latency). */
  latencyMs?: number;
  /** Never answer. */
  hang?: boolean;
  /** Only for this many matching requests (default: every one). */
  times?: number;
}

export interface KubeFakeRequest {
  method: string;
  /** Pathname, percent-decoded. */
  path: string;
  /** The raw request target (path and query, as sent). */
  url: string;
  query: Record<string, string>;
  status: number;
  /** Whether the bearer token was right (or absent, with allowAnonymous). */
  authorized: boolean;
  userAgent: string;
  /** Milliseconds since the fake started, when the request arrived. */
  at: number;
}

export type LogQueryMode = 'enabled' | 'ignored' | 'off';

export interface KubeFakeOptions {
  /** The bearer token to accept; default a fixed test token. */
  token?: string;
  /** The user RBAC messages name. */
  user?: string;
  /** Delay before every answer (ms). */
  latencyMs?: number;
  /** The cluster's content; default `plegScenario()`. */
  scenario?: KubeScenario;
  /** NodeLogQuery on the kubelets: enabled (default), gate off (query ignored), or /logs/ handler off (404). */
  logQuery?: LogQueryMode;
  /** Server version reported by /version; default v1.29.4. */
  gitVersion?: string;
  /**
   * Accept requests that carry no Authorization header as `system:anonymous` (a wrong token is still 401). kubectl
   * (client-go) never sends a bearer token to a plain-http server, so `kubectl --server=http://... --token=...`
   * needs this.
   */
  allowAnonymous?: boolean;
  /**
   * Kinds served as if their CustomResourceDefinition were installed (e.g. prometheus-operator's ServiceMonitor).
   * Without one, a custom kind is unknown, as on a cluster without the CRD: kubectl says "no matches for kind".
   */
  customResources?: readonly CustomResource[];
  /**
   * RBAC as a ClusterRole's rules: when set, a request to a resource none of them grants (verb, `resource` or
   * `resource/subresource`, API group) is 403. Unset: everything authenticated is allowed.
   */
  rbac?: readonly RbacRule[];
}

/** A PolicyRule: verbs on resources (`pods`, `pods/eviction`) of API groups ('' for core). */
export interface RbacRule {
  apiGroups: readonly string[];
  resources: readonly string[];
  verbs: readonly string[];
}

/** A custom resource the fake serves, as its CRD would declare it (names.plural, names.kind, scope). */
export interface CustomResource {
  groupVersion: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  subresources?: string[];
}

export interface KubeFake {
  url: string;
  token: string;
  /** Every request, in arrival order. Tests may clear it with `requests.length = 0`. */
  requests: KubeFakeRequest[];
  /** A kubeconfig (YAML) for this server; `token` overrides the user's token (to test 401). */
  kubeconfig(options?: { token?: string; context?: string }): string;
  /** Writes `kubeconfig()` into a fresh temporary directory and returns the file's path. */
  writeKubeconfig(options?: { token?: string; context?: string }): string;
  fault(fault: KubeFault): void;
  clearFaults(): void;
  /** Replaces the RBAC rules (undefined: allow all). */
  setRbac(rules: readonly RbacRule[] | undefined): void;
  setLatency(ms: number): void;
  setLogQuery(mode: LogQueryMode): void;
  /** Adds or replaces an object (by kind, namespace and name). */
  put(object: KubeObject): void;
  /** Objects of a kind (copies), e.g. `objects('Pod')`. */
  objects(kind: string): KubeObject[];
  close(): Promise<void>;
}

const DEFAULT_TOKEN = 'kube-fake-token-3f9a1c7e5b';
const DEFAULT_USER = 'system:serviceaccount:pleg-responder:pleg-responder';

interface Route {
  def: ResourceDef;
  namespace: string | undefined;
  name: string | undefined;
  subresource: string | undefined;
  /** What follows the subresource (the proxied path). */
  rest: string;
}

/** `/api/v1/...` or `/apis/G/V/...` → resource, namespace, name, subresource. */
function parseRoute(defs: readonly ResourceDef[], path: string): Route | 'unknown' | undefined {
  const parts = path.split('/').slice(1);
  let group: string;
  let version: string;
  let segments: string[];
  if (parts[0] === 'api' && parts[1]) {
    group = '';
    version = parts[1];
    segments = parts.slice(2);
  } else if (parts[0] === 'apis' && parts[1] && parts[2]) {
    group = parts[1];
    version = parts[2];
    segments = parts.slice(3);
  } else {
    return undefined;
  }
  if (segments.length === 0) return undefined;
  let namespace: string | undefined;
  if (segments[0] === 'namespaces' && segments.length >= 3) {
    namespace = segments[1];
    segments = segments.slice(2);
  }
  const d = resourceFor(defs, group, version, segments[0] ?? '');
  if (!d) return 'unknown';
  return {
    def: d,
    namespace,
    name: segments[1],
    subresource: segments[2],
    rest: segments.slice(3).join('/'),
  };
}

function status(code: number, reason: string, message: string, details?: Record<string, unknown>) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  };
}

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'AlreadyExists',
  410: 'Expired',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

function verbOf(method: string, route: Route | undefined): string {
  switch (method) {
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return route?.name ? 'delete' : 'deletecollection';
    default:
      return route && !route.name ? 'list' : 'get';
  }
}

/** The message RBAC denial produces: `nodes "node-a" is forbidden: User "..." cannot get resource "nodes/proxy" ...`. */
function forbiddenMessage(user: string, method: string, route: Route | undefined, path: string): string {
  if (!route) return `forbidden: User "${user}" cannot ${method.toLowerCase()} path "${path}"`;
  const resource = route.subresource ? `${route.def.resource}/${route.subresource}` : route.def.resource;
  const subject = route.name ? `${route.def.resource} "${route.name}"` : route.def.resource;
  const scope = route.namespace ? `in the namespace "${route.namespace}"` : 'at the cluster scope';
  return `${subject} is forbidden: User "${user}" cannot ${verbOf(method, route)} resource "${resource}" in API group "${route.def.group}" ${scope}`;
}

function objectKey(d: ResourceDef, namespace: string | undefined, name: string): string {
  return `${d.group}/${d.resource}/${d.namespaced ? (namespace ?? '') : ''}/${name}`;
}

/** Dotted field lookup for field selectors (`spec.nodeName`, `involvedObject.kind`; `source` is source.component). */
function fieldValue(object: KubeObject, field: string): string {
  const path = field === 'source' ? 'source.component' : field;
  let value: unknown = object;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

interface Requirement {
  key: string;
  op: '=' | '!=';
  value: string;
}

function parseSelector(selector: string): Requirement[] | string {
  const out: Requirement[] = [];
  for (const term of selector.split(',').filter((t) => t.trim() !== '')) {
    const m = /^\s*([^!=\s]+)\s*(==|=|!=)\s*([^\s]*)\s*$/.exec(term);
    if (!m) return `invalid selector: '${selector}'; can't understand '${term}'`;
    out.push({ key: m[1] ?? '', op: m[2] === '!=' ? '!=' : '=', value: m[3] ?? '' });
  }
  return out;
}

function matches(requirements: readonly Requirement[], get: (key: string) => string): boolean {
  return requirements.every((r) => (get(r.key) === r.value) === (r.op === '='));
}

function deepMerge(into: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const base = typeof into === 'object' && into !== null && !Array.isArray(into) ? { ...into } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete (base as Record<string, unknown>)[k];
    else (base as Record<string, unknown>)[k] = deepMerge((base as Record<string, unknown>)[k], v);
  }
  return base;
}

interface Continue {
  offset: number;
  rv: string;
}

function encodeContinue(c: Continue): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: c.rv, start: c.offset })).toString(
    'base64url',
  );
}

function decodeContinue(token: string): Continue | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { start, rv } = parsed as { start?: unknown; rv?: unknown };
    return typeof start === 'number' && typeof rv === 'string' ? { offset: start, rv } : undefined;
  } catch {
    return undefined;
  }
}

const VAR_LOG_LISTING =
  '<pre>\n<a href="alternatives.log">alternatives.log</a>\n<a href="apt/">apt/</a>\n<a href="auth.log">auth.log</a>\n<a href="containers/">containers/</a>\n<a href="journal/">journal/</a>\n<a href="kern.log">kern.log</a>\n<a href="pods/">pods/</a>\n<a href="syslog">syslog</a>\n</pre>\n';

/** Starts the fake on 127.0.0.1 (a free port). */
export async function startKubeFake(options: KubeFakeOptions = {}): Promise<KubeFake> {
  const token = options.token ?? DEFAULT_TOKEN;
  const user = options.user ?? DEFAULT_USER;
  const gitVersion = options.gitVersion ?? 'v1.29.4';
  const scenario = options.scenario ?? plegScenario();
  const resources: readonly ResourceDef[] = [
    ...RESOURCES,
    ...(options.customResources ?? []).map((c) =>
      def(c.groupVersion, c.resource, c.kind, c.namespaced, { subresources: c.subresources }),
    ),
  ];
  let latencyMs = options.latencyMs ?? 0;
  let logQuery: LogQueryMode = options.logQuery ?? 'enabled';
  const started = performance.now();
  const requests: KubeFakeRequest[] = [];
  let faults: (KubeFault & { used: number })[] = [];
  let resourceVersion = 1000;
  let rbac = options.rbac;
  const store = new Map<string, KubeObject>();

  function stamp(object: KubeObject): KubeObject {
    resourceVersion += 1;
    const meta = object.metadata;
    return {
      ...object,
      metadata: {
        ...meta,
        uid: meta.uid ?? randomUUID(),
        resourceVersion: String(resourceVersion),
        creationTimestamp: meta.creationTimestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      },
    };
  }

  function put(object: KubeObject): void {
    const d = resourceOfKind(resources, object.apiVersion, object.kind);
    if (!d) throw new Error(`kube-fake: unknown kind ${object.apiVersion} ${object.kind}`);
    store.set(objectKey(d, object.metadata.namespace, object.metadata.name), stamp(object));
  }

  for (const object of scenario.objects) put(object);
  for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
    const d = resourceFor(resources, '', 'v1', 'namespaces');
    if (d && !store.has(objectKey(d, undefined, ns))) {
      put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns }, status: { phase: 'Active' } });
    }
  }

  function list(d: ResourceDef, namespace: string | undefined): KubeObject[] {
    const prefix = `${d.group}/${d.resource}/`;
    const out: KubeObject[] = [];
    for (const [key, object] of store) {
      if (!key.startsWith(prefix)) continue;
      if (namespace !== undefined && object.metadata.namespace !== namespace) continue;
      out.push(object);
    }
    // The API server lists in key order: namespace, then name.
    return out.sort((a, b) =>
      `${a.metadata.namespace ?? ''}/${a.metadata.name}`.localeCompare(
        `${b.metadata.namespace ?? ''}/${b.metadata.name}`,
      ),
    );
  }

  function findFault(method: string, path: string): (KubeFault & { used: number }) | undefined {
    return faults.find(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (typeof f.path === 'string' ? f.path === path : f.path.test(path)) &&
        (f.times === undefined || f.used < f.times),
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = url.pathname;
    }
    const method = req.method ?? 'GET';
    const entry: KubeFakeRequest = {
      method,
      path,
      url: req.url ?? '/',
      query: Object.fromEntries(url.searchParams),
      status: 0,
      authorized:
        req.headers.authorization === `Bearer ${token}` ||
        (options.allowAnonymous === true && req.headers.authorization === undefined),
      userAgent: String(req.headers['user-agent'] ?? ''),
      at: performance.now() - started,
    };
    requests.push(entry);
    const fault = findFault(method, path);
    if (fault) fault.used += 1;
    if (fault?.hang) return;
    const delay = latencyMs + (fault?.latencyMs ?? 0);
    const answer = () => {
      readBody(req)
        .then((body) => handle({ req, res, entry, url, path, method, body }, fault))
        .catch((e: unknown) => send({ res, entry }, 500, status(500, 'InternalError', String(e))));
    };
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  });

  function handle(x: Exchange, fault: KubeFault | undefined): Answered {
    if (['/healthz', '/livez', '/readyz'].includes(x.path)) return sendText(x, 200, 'ok');
    if (x.path === '/version') return send(x, 200, versionInfo(gitVersion));
    if (!x.entry.authorized) return send(x, 401, status(401, 'Unauthorized', 'Unauthorized'));
    const route = parseRoute(resources, x.path);
    if (fault?.status) return faulted(x, fault, route === 'unknown' ? undefined : route);
    const discovery = discover(x);
    if (discovery) return discovery;
    if (route === undefined || route === 'unknown') return notFound(x);
    if (!granted(x.method, route))
      return send(
        x,
        403,
        status(403, 'Forbidden', forbiddenMessage(user, x.method, route, x.path), details(route)),
      );
    return resource(x, route);
  }

  function granted(method: string, route: Route): boolean {
    if (!rbac) return true;
    const verb = verbOf(method, route);
    const name = route.subresource ? `${route.def.resource}/${route.subresource}` : route.def.resource;
    return rbac.some(
      (r) =>
        (r.verbs.includes(verb) || r.verbs.includes('*')) &&
        (r.resources.includes(name) || r.resources.includes('*')) &&
        (r.apiGroups.includes(route.def.group) || r.apiGroups.includes('*')),
    );
  }

  function details(route: Route) {
    return {
      ...(route.name ? { name: route.name } : {}),
      ...(route.def.group ? { group: route.def.group } : {}),
      kind: route.def.resource,
    };
  }

  function resource(x: Exchange, route: Route): Answered {
    if (route.subresource === 'proxy' && route.def.resource === 'nodes' && route.name) {
      return kubelet(x, route.name, route.rest);
    }
    if (
      route.subresource === 'eviction' &&
      route.def.resource === 'pods' &&
      route.name &&
      x.method === 'POST'
    )
      return evict(x, route, route.name);
    if (route.subresource) return notFound(x);
    if (x.method === 'GET') return route.name ? readOne(x, route, route.name) : readList(x, route);
    if (x.method === 'POST' && !route.name) return create(x, route);
    if (x.method === 'PATCH' && route.name) return patch(x, route, route.name);
    if (x.method === 'DELETE' && route.name) return remove(x, route, route.name);
    return send(
      x,
      405,
      status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'),
    );
  }

  /** A configured fault: the Status the real server sends for that code. */
  function faulted(x: Exchange, fault: KubeFault, route: Route | undefined): Answered {
    const code = fault.status ?? 500;
    const proxied = route?.subresource === 'proxy';
    // Behind the node proxy a 404 comes from the kubelet's mux, as plain text.
    if (code === 404 && proxied && !fault.message) return sendText(x, 404, '404 page not found\n');
    const message = fault.message ?? faultMessage(x, code, route);
    const details = route
      ? {
          ...(route.name ? { name: route.name } : {}),
          ...(route.def.group ? { group: route.def.group } : {}),
          kind: route.def.resource,
        }
      : undefined;
    return send(x, code, status(code, REASONS[code] ?? 'Unknown', message, details));
  }

  function faultMessage(x: Exchange, code: number, route: Route | undefined): string {
    if (code === 403) return forbiddenMessage(user, x.method, route, x.path);
    if (code === 404 && route?.name) return `${route.def.resource} "${route.name}" not found`;
    if (code === 503 && route?.subresource === 'proxy') {
      return 'error trying to reach service: dial tcp 10.0.12.34:10250: connect: connection refused';
    }
    return REASONS[code] ?? 'error';
  }

  /** /api, /apis, /apis/G, /api/v1, /apis/G/V; undefined for other paths. */
  function discover(x: Exchange): Answered | undefined {
    if (x.path === '/api') {
      return send(x, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: x.req.headers.host ?? '' }],
      });
    }
    if (x.path === '/apis') return send(x, 200, apiGroupList(resources));
    const groupMatch = /^\/apis\/([^/]+)\/?$/.exec(x.path);
    if (groupMatch) {
      const group = apiGroupList(resources).groups.find((g) => g.name === groupMatch[1]);
      return group ? send(x, 200, { kind: 'APIGroup', apiVersion: 'v1', ...group }) : notFound(x);
    }
    const versionMatch = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))\/?$/.exec(x.path);
    if (!versionMatch) return undefined;
    const group = versionMatch[2] ?? '';
    const version = versionMatch[1] ?? versionMatch[3] ?? '';
    const defs = resources.filter((r) => r.group === group && r.version === version);
    if (defs.length === 0) return notFound(x);
    return send(x, 200, {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: groupVersion({ group, version }),
      resources: discoveryResources(defs),
    });
  }

  function readOne(x: Exchange, route: Route, name: string): Answered {
    const d = route.def;
    const object = store.get(objectKey(d, route.namespace, name));
    if (!object) return objectNotFound(x, d, name);
    return send(x, 200, { apiVersion: groupVersion(d), kind: d.kind, ...object });
  }

  /** The request's field and label selectors, or the 400 the API server answers for a bad one. */
  function selectors(x: Exchange, d: ResourceDef): { field: Requirement[]; label: Requirement[] } | Answered {
    const field = parseSelector(x.url.searchParams.get('fieldSelector') ?? '');
    const label = parseSelector(x.url.searchParams.get('labelSelector') ?? '');
    if (typeof field === 'string') return send(x, 400, status(400, 'BadRequest', field));
    if (typeof label === 'string') return send(x, 400, status(400, 'BadRequest', label));
    const supported = new Set(['metadata.name', 'metadata.namespace', ...d.fields]);
    const unsupported = field.find((r) => !supported.has(r.key));
    if (unsupported) {
      return send(x, 400, status(400, 'BadRequest', `field label not supported: ${unsupported.key}`));
    }
    return { field, label };
  }

  function readList(x: Exchange, route: Route): Answered {
    const d = route.def;
    const selectedBy = selectors(x, d);
    if (selectedBy === ANSWERED) return selectedBy;
    const { field: fieldSelector, label: labelSelector } = selectedBy;
    const all = list(d, route.namespace).filter(
      (o) =>
        matches(fieldSelector, (k) => fieldValue(o, k)) &&
        matches(labelSelector, (k) => o.metadata.labels?.[k] ?? ''),
    );
    const limit = Number(x.url.searchParams.get('limit') ?? 0);
    const token = x.url.searchParams.get('continue');
    const from = token ? decodeContinue(token) : { offset: 0, rv: String(resourceVersion) };
    if (!from) {
      return send(
        x,
        410,
        status(
          410,
          'Expired',
          'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.',
        ),
      );
    }
    const page = limit > 0 ? all.slice(from.offset, from.offset + limit) : all.slice(from.offset);
    const next = limit > 0 && from.offset + limit < all.length ? from.offset + limit : undefined;
    const filtered = fieldSelector.length > 0 || labelSelector.length > 0;
    return send(x, 200, {
      kind: `${d.kind}List`,
      apiVersion: groupVersion(d),
      metadata: {
        resourceVersion: from.rv,
        ...(next !== undefined ? { continue: encodeContinue({ offset: next, rv: from.rv }) } : {}),
        ...(next !== undefined && !filtered ? { remainingItemCount: all.length - next } : {}),
      },
      items: page.map(({ apiVersion: _a, kind: _k, ...item }) => item),
    });
  }

  /** Decodes a request body as the API server would for the route's kind; answers 400 when it cannot. */
  function decodeBody(x: Exchange, route: Route): Record<string, unknown> | Answered {
    let parsed: unknown;
    try {
      parsed = JSON.parse(x.body);
    } catch (e) {
      return send(
        x,
        400,
        status(400, 'BadRequest', `the body of the request was in an unknown format: ${e}`),
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return send(x, 400, status(400, 'BadRequest', 'the body of the request was in an unknown format'));
    }
    const object = parsed as Record<string, unknown>;
    const error = kindDecodeError(route.def.kind, object);
    return error ? cannotHandle(x, route.def, error) : object;
  }

  function namespaceMissing(x: Exchange, route: Route): Answered | undefined {
    const nsDef = resourceFor(resources, '', 'v1', 'namespaces');
    if (!route.def.namespaced || !route.namespace || !nsDef) return undefined;
    if (store.has(objectKey(nsDef, undefined, route.namespace))) return undefined;
    return objectNotFound(x, nsDef, route.namespace);
  }

  function create(x: Exchange, route: Route): Answered {
    const object = decodeBody(x, route);
    if (object === ANSWERED) return object;
    const d = route.def;
    if (object.kind !== d.kind || object.apiVersion !== groupVersion(d)) {
      return send(
        x,
        400,
        status(
          400,
          'BadRequest',
          `the API version in the data (${String(object.apiVersion)}) does not match the expected API version (${groupVersion(d)})`,
        ),
      );
    }
    const meta = (object.metadata ?? {}) as ObjectMeta;
    if (!meta.name) {
      return send(
        x,
        422,
        status(
          422,
          'Invalid',
          `${d.kind} "" is invalid: metadata.name: Required value: name or generateName is required`,
        ),
      );
    }
    const invalid = validationError(d, object, meta.name);
    if (invalid) return send(x, 422, status(422, 'Invalid', invalid));
    const missingNamespace = namespaceMissing(x, route);
    if (missingNamespace) return missingNamespace;
    const key = objectKey(d, route.namespace, meta.name);
    if (store.has(key)) {
      return send(
        x,
        409,
        status(409, 'AlreadyExists', `${d.resource} "${meta.name}" already exists`, {
          name: meta.name,
          kind: d.resource,
        }),
      );
    }
    const stored = stamp({
      ...(object as KubeObject),
      metadata: { ...meta, ...(d.namespaced ? { namespace: route.namespace } : {}) },
    });
    if (x.url.searchParams.get('dryRun') !== 'All') store.set(key, stored);
    return send(x, 201, stored);
  }

  function patch(x: Exchange, route: Route, name: string): Answered {
    const d = route.def;
    const current = store.get(objectKey(d, route.namespace, name));
    if (!current) return objectNotFound(x, d, name);
    const delta = decodeBody(x, route);
    if (delta === ANSWERED) return delta;
    // A resourceVersion in the patch is a precondition: the object must not have changed since it was read.
    const wanted = (delta.metadata as { resourceVersion?: unknown } | undefined)?.resourceVersion;
    if (wanted !== undefined && wanted !== current.metadata.resourceVersion) return conflict(x, d, name);
    const merged = deepMerge(current, delta) as KubeObject;
    const error = kindDecodeError(d.kind, merged);
    if (error) return cannotHandle(x, d, error);
    const stored = stamp(merged);
    if (x.url.searchParams.get('dryRun') !== 'All') store.set(objectKey(d, route.namespace, name), stored);
    return send(x, 200, stored);
  }

  function conflict(x: Exchange, d: ResourceDef, name: string): Answered {
    return send(
      x,
      409,
      status(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${d.resource}${d.group ? `.${d.group}` : ''} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
        { name, ...(d.group ? { group: d.group } : {}), kind: d.resource },
      ),
    );
  }

  const success = (d: ResourceDef, name: string) => ({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name, ...(d.group ? { group: d.group } : {}), kind: d.resource },
  });

  /** Whether the node a pod runs on is Ready: only a working kubelet confirms a pod's deletion. */
  function nodeConfirms(pod: KubeObject): boolean {
    const nodeDef = resourceFor(resources, '', 'v1', 'nodes');
    const nodeName = (pod.spec as { nodeName?: string } | undefined)?.nodeName;
    if (!nodeDef || !nodeName) return true;
    const node = store.get(objectKey(nodeDef, undefined, nodeName));
    const conditions = (node?.status as { conditions?: { type: string; status: string }[] } | undefined)
      ?.conditions;
    return conditions?.find((c) => c.type === 'Ready')?.status === 'True';
  }

  /**
   * Deletes a stored object as the API server does: with finalizers, or a pod on a node whose kubelet cannot
   * confirm it, only marked (deletionTimestamp); otherwise gone.
   */
  function deleteStored(d: ResourceDef, key: string, object: KubeObject): KubeObject {
    const finalizers = (object.metadata.finalizers as string[] | undefined) ?? [];
    const stays = finalizers.length > 0 || (d.resource === 'pods' && !nodeConfirms(object));
    if (!stays) {
      store.delete(key);
      return object;
    }
    if (object.metadata.deletionTimestamp) return object;
    const marked = stamp({
      ...object,
      metadata: {
        ...object.metadata,
        deletionTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        ...(d.resource === 'pods' ? { deletionGracePeriodSeconds: 30 } : {}),
      },
    });
    store.set(key, marked);
    return marked;
  }

  function remove(x: Exchange, route: Route, name: string): Answered {
    const d = route.def;
    const key = objectKey(d, route.namespace, name);
    const current = store.get(key);
    if (!current) return objectNotFound(x, d, name);
    if (x.url.searchParams.get('dryRun') === 'All') return send(x, 200, current);
    const after = deleteStored(d, key, current);
    return send(x, 200, store.has(key) ? after : success(d, name));
  }

  /** The pods/eviction subresource: the pod's one PodDisruptionBudget decides, as the API server's eviction REST does. */
  function evict(x: Exchange, route: Route, name: string): Answered {
    const d = route.def;
    const key = objectKey(d, route.namespace, name);
    const pod = store.get(key);
    if (!pod) return objectNotFound(x, d, name);
    let body: { kind?: unknown; apiVersion?: unknown } = {};
    try {
      body = JSON.parse(x.body) as typeof body;
    } catch {
      return send(x, 400, status(400, 'BadRequest', 'the body of the request was in an unknown format'));
    }
    if (body.kind !== 'Eviction')
      return send(x, 400, status(400, 'BadRequest', `the body is a ${String(body.kind)}, not an Eviction`));
    const phase = (pod.status as { phase?: string } | undefined)?.phase;
    const ignoresBudget =
      pod.metadata.deletionTimestamp !== undefined ||
      ['Pending', 'Succeeded', 'Failed'].includes(phase ?? '');
    if (!ignoresBudget) {
      const pdbDef = resourceFor(resources, 'policy', 'v1', 'poddisruptionbudgets');
      const labels = pod.metadata.labels ?? {};
      const budgets = pdbDef
        ? list(pdbDef, route.namespace).filter((b) => {
            const selector = (b.spec as { selector?: { matchLabels?: Record<string, string> } } | undefined)
              ?.selector;
            const wanted = Object.entries(selector?.matchLabels ?? {});
            return wanted.length > 0 && wanted.every(([k, v]) => labels[k] === v);
          })
        : [];
      if (budgets.length > 1)
        return send(
          x,
          500,
          status(
            500,
            'InternalError',
            'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
          ),
        );
      const [budget] = budgets;
      if (budget && pdbDef) {
        const st = (budget.status ?? {}) as {
          disruptionsAllowed?: number;
          currentHealthy?: number;
          desiredHealthy?: number;
        };
        if ((st.disruptionsAllowed ?? 0) <= 0)
          return send(
            x,
            429,
            status(
              429,
              'TooManyRequests',
              "Cannot evict pod as it would violate the pod's disruption budget.",
              {
                causes: [
                  {
                    reason: 'DisruptionBudget',
                    message: `The disruption budget ${budget.metadata.name} needs ${st.desiredHealthy ?? 0} healthy pods and has ${st.currentHealthy ?? 0} currently`,
                  },
                ],
              },
            ),
          );
        if (x.url.searchParams.get('dryRun') !== 'All')
          store.set(
            objectKey(pdbDef, route.namespace, budget.metadata.name),
            stamp({ ...budget, status: { ...st, disruptionsAllowed: (st.disruptionsAllowed ?? 0) - 1 } }),
          );
      }
    }
    if (x.url.searchParams.get('dryRun') !== 'All') deleteStored(d, key, pod);
    return send(x, 201, success(d, name));
  }

  /** What the kubelet answers behind /api/v1/nodes/NAME/proxy/. */
  function kubelet(x: Exchange, node: string, rest: string): Answered {
    const nodeDef = resourceFor(resources, '', 'v1', 'nodes');
    if (!nodeDef || !store.has(objectKey(nodeDef, undefined, node))) {
      return nodeDef ? objectNotFound(x, nodeDef, node) : notFound(x);
    }
    if (x.method !== 'GET') return sendText(x, 405, '405: Method Not Allowed');
    if (rest === 'metrics') {
      const text = scenario.metrics[node];
      return text === undefined
        ? sendText(x, 404, '404 page not found\n')
        : sendText(x, 200, text, 'text/plain; version=0.0.4; charset=utf-8');
    }
    if (rest === 'logs' || rest.startsWith('logs/')) return nodeLogs(x, node);
    if (rest === 'healthz') return sendText(x, 200, 'ok');
    return sendText(x, 404, '404 page not found\n');
  }

  /** The kubelet's /logs/: NodeLogQuery when enabled, the /var/log listing when the gate is off. */
  function nodeLogs(x: Exchange, node: string): Answered {
    if (logQuery === 'off') return sendText(x, 404, '404 page not found\n');
    const query = x.url.searchParams.get('query');
    if (logQuery === 'ignored' || query === null) {
      return sendText(x, 200, VAR_LOG_LISTING, 'text/html; charset=utf-8');
    }
    const journal = scenario.logs[node]?.[query];
    if (journal === undefined) return sendText(x, 200, '-- No entries --\n');
    const tail = Number(x.url.searchParams.get('tailLines') ?? 0);
    const lines = journal.split('\n').filter((l) => l !== '');
    return sendText(x, 200, `${(tail > 0 ? lines.slice(-tail) : lines).join('\n')}\n`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  function kubeconfig(o: { token?: string; context?: string } = {}): string {
    const context = o.context ?? 'kube-fake';
    return [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: kube-fake',
      '  cluster:',
      `    server: ${url}`,
      '    insecure-skip-tls-verify: true',
      'users:',
      '- name: responder',
      '  user:',
      `    token: ${o.token ?? token}`,
      'contexts:',
      `- name: ${context}`,
      '  context:',
      '    cluster: kube-fake',
      '    user: responder',
      `current-context: ${context}`,
      '',
    ].join('\n');
  }

  return {
    url,
    token,
    requests,
    kubeconfig,
    writeKubeconfig(o = {}) {
      const file = join(mkdtempSync(join(tmpdir(), 'kube-fake-')), 'kubeconfig');
      writeFileSync(file, kubeconfig(o), { mode: 0o600 });
      return file;
    },
    fault(f) {
      faults.push({ ...f, used: 0 });
    },
    clearFaults() {
      faults = [];
    },
    setRbac(rules) {
      rbac = rules;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    setLogQuery(mode) {
      logQuery = mode;
    },
    put,
    objects(kind) {
      return [...store.values()].filter((o) => o.kind === kind).map((o) => structuredClone(o));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** One request being answered. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  entry: KubeFakeRequest;
  url: URL;
  /** Percent-decoded pathname. */
  path: string;
  method: string;
  body: string;
}

/** Returned by every handler once it has answered, so that every path answers. */
const ANSWERED = 'answered' as const;
type Answered = typeof ANSWERED;

function send(x: Pick<Exchange, 'res' | 'entry'>, code: number, body: unknown): Answered {
  x.entry.status = code;
  if (!x.res.destroyed) {
    x.res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-cache, private' });
    x.res.end(JSON.stringify(body));
  }
  return ANSWERED;
}

function sendText(
  x: Pick<Exchange, 'res' | 'entry'>,
  code: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
): Answered {
  x.entry.status = code;
  if (!x.res.destroyed) {
    x.res.writeHead(code, { 'content-type': contentType });
    x.res.end(text);
  }
  return ANSWERED;
}

function notFound(x: Exchange): Answered {
  return send(x, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
}

function objectNotFound(x: Exchange, d: ResourceDef, name: string): Answered {
  return send(
    x,
    404,
    status(404, 'NotFound', `${d.resource}${d.group ? `.${d.group}` : ''} "${name}" not found`, {
      name,
      ...(d.group ? { group: d.group } : {}),
      kind: d.resource,
    }),
  );
}

function cannotHandle(x: Exchange, d: ResourceDef, error: string): Answered {
  return send(
    x,
    400,
    status(
      400,
      'BadRequest',
      `${d.kind} in version "${d.version}" cannot be handled as a ${d.kind}: ${error}`,
    ),
  );
}

function versionInfo(gitVersion: string) {
  const [major, minor] = gitVersion.replace(/^v/, '').split('.');
  return {
    major,
    minor,
    gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2024-04-16T00:00:00Z',
    goVersion: 'go1.22.2',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

function apiGroupList(defs: readonly ResourceDef[]) {
  const groups = [...new Set(defs.filter((r) => r.group).map((r) => r.group))];
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: groups.map((name) => {
      const versions = [...new Set(defs.filter((r) => r.group === name).map((r) => r.version))].map(
        (version) => ({ groupVersion: `${name}/${version}`, version }),
      );
      return { name, versions, preferredVersion: versions[0] };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The default scenario: a containerd node gone NotReady with PLEG unhealthy because containerd ran out of
// file descriptors.

export type Ready = 'True' | 'False' | 'Unknown';

export interface PlegScenarioOptions {
  /** The scenario's "now": every timestamp is relative to it. Default: the current time. */
  now?: Date;
  node?: string;
  /** Pods bound to the node (default 300). */
  pods?: number;
  /**
   * The node's Ready condition: `False` (kubelet reports PLEG unhealthy), `Unknown` (node controller: kubelet
   * stopped posting status), or `True` (recovered).
   */
  ready?: Ready;
  /** Seconds since the kubelet last renewed its Lease (default 3). */
  leaseAgeSeconds?: number;
  /** Other nodes in the cluster, for storm listings (default 5: Ready, NotReady and Unknown mixed). */
  otherNodes?: number;
  /** containerd's journal: EMFILE errors (default) or routine lines only. */
  runtimeLog?: 'emfile' | 'quiet';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function rfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z');
}

function micro(d: Date, extra = 0): string {
  return d
    .toISOString()
    .replace(/\.(\d{3})Z$/, (_m, ms: string) => `.${ms}${String(extra).padStart(3, '0')}Z`);
}

/** journalctl `short-precise` prefix: `May 19 03:10:41.118902`. */
function journalTime(d: Date, extra = 0): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}${pad(extra, 3)}`;
}

/** klog header: `E0519 03:10:41.118851    1187 file.go:123]`. */
function klog(level: string, d: Date, pid: number, file: string): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${level}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}412 ${String(pid).padStart(7)} ${file}]`;
}

function ago(now: Date, seconds: number): Date {
  return new Date(now.getTime() - seconds * 1000);
}

/** Deterministic hex digits for ids and name suffixes. */
function hex(seed: number, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    out += createHash('sha256').update(`${seed}:${i}`).digest('hex');
  }
  return out.slice(0, length);
}

/**
 * The PLEG timeline of the default scenario, in seconds before "now": the last successful relist, the kubelet's
 * last status heartbeat (whose Ready message says "last seen active 4m12s ago"), and Ready turning False when
 * the relist age passed the 3-minute threshold.
 */
const HEARTBEAT_AGO = 7;
const PLEG_LAST_ACTIVE_AGO = 252 + HEARTBEAT_AGO;
const NOT_READY_AGO = PLEG_LAST_ACTIVE_AGO - 180;

const NAMESPACES = ['payments', 'checkout', 'search', 'batch', 'monitoring', 'kube-system'];

function makeNode(name: string, now: Date, ready: Ready, plegAge: string, index: number): KubeObject {
  const heartbeat = ready === 'Unknown' ? ago(now, 300) : ago(now, HEARTBEAT_AGO);
  const transition =
    ready === 'True' ? ago(now, 86_400) : ago(now, ready === 'Unknown' ? 250 : NOT_READY_AGO);
  const pressure = (type: string, reason: string, message: string) =>
    ready === 'Unknown'
      ? {
          type,
          status: 'Unknown',
          lastHeartbeatTime: rfc3339(heartbeat),
          lastTransitionTime: rfc3339(transition),
          reason: 'NodeStatusUnknown',
          message: 'Kubelet stopped posting node status.',
        }
      : {
          type,
          status: 'False',
          lastHeartbeatTime: rfc3339(heartbeat),
          lastTransitionTime: rfc3339(ago(now, 86_400 * 9)),
          reason,
          message,
        };
  const readyCondition =
    ready === 'Unknown'
      ? pressure('Ready', '', '')
      : ready === 'False'
        ? {
            type: 'Ready',
            status: 'False',
            lastHeartbeatTime: rfc3339(heartbeat),
            lastTransitionTime: rfc3339(transition),
            reason: 'KubeletNotReady',
            message: `PLEG is not healthy: pleg was last seen active ${plegAge} ago; threshold is 3m0s`,
          }
        : {
            type: 'Ready',
            status: 'True',
            lastHeartbeatTime: rfc3339(heartbeat),
            lastTransitionTime: rfc3339(transition),
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status. AppArmor enabled',
          };
  const taintKey =
    ready === 'Unknown'
      ? 'node.kubernetes.io/unreachable'
      : ready === 'False'
        ? 'node.kubernetes.io/not-ready'
        : '';
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      uid: `0b5e${hex(index + 7, 4)}-${hex(index + 11, 4)}-4c1d-9f2e-${hex(index + 13, 12)}`,
      creationTimestamp: rfc3339(ago(now, 86_400 * 40)),
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'node.kubernetes.io/instance-type': 'm5.4xlarge',
        'topology.kubernetes.io/zone': `eu-west-1${'abc'[index % 3]}`,
      },
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: {
      podCIDR: `10.244.${index}.0/24`,
      providerID: `aws:///eu-west-1a/i-0${hex(index + 3, 16)}`,
      ...(taintKey
        ? {
            taints: [
              { key: taintKey, effect: 'NoSchedule', timeAdded: rfc3339(ago(now, NOT_READY_AGO - 2)) },
              { key: taintKey, effect: 'NoExecute', timeAdded: rfc3339(ago(now, NOT_READY_AGO - 4)) },
            ],
          }
        : {}),
    },
    status: {
      capacity: { cpu: '16', memory: '65023384Ki', pods: '737', 'ephemeral-storage': '104845292Ki' },
      allocatable: { cpu: '15890m', memory: '63786908Ki', pods: '737', 'ephemeral-storage': '95551679820' },
      conditions: [
        pressure('MemoryPressure', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        pressure('DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        pressure('PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        readyCondition,
      ],
      addresses: [
        { type: 'InternalIP', address: `10.0.12.${30 + index}` },
        { type: 'Hostname', address: name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: hex(index + 17, 32),
        systemUUID: `ec2${hex(index + 19, 5)}-0000-0000-0000-${hex(index + 23, 12)}`,
        bootID: `${hex(index + 29, 8)}-1f2e-4d3c-8b7a-${hex(index + 31, 12)}`,
        kernelVersion: '5.15.0-1057-aws',
        osImage: 'Ubuntu 22.04.4 LTS',
        containerRuntimeVersion: 'containerd://1.7.13',
        kubeletVersion: 'v1.29.4',
        kubeProxyVersion: 'v1.29.4',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}

function makePod(
  node: string,
  now: Date,
  i: number,
  nodeReady: Ready,
  kind: 'normal' | 'crashloop' | 'terminating' | 'notready',
): KubeObject {
  const namespace = NAMESPACES[i % NAMESPACES.length] ?? 'default';
  const app = `${namespace === 'kube-system' ? 'agent' : 'svc'}-${(i % 23).toString(36)}`;
  const name = `${app}-${hex(i + 101, 10)}-${hex(i + 211, 5)}`;
  const sidecar = i % 4 === 0;
  const init = i % 10 === 0;
  const containers = [
    { name: 'app', image: `registry.example/${namespace}/${app}:1.${i % 9}.0` },
    ...(sidecar ? [{ name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.21.2' }] : []),
  ];
  const started = ago(now, 3600 * 5 + i * 37);
  const podReady = kind === 'normal' && nodeReady === 'True' ? 'True' : 'False';
  const statusOf = (c: { name: string; image: string }, j: number) => {
    const crash = kind === 'crashloop' && j === 0;
    return {
      name: c.name,
      image: c.image,
      imageID: `${c.image.split(':')[0]}@sha256:${hex(i + j + 301, 64)}`,
      containerID: `containerd://${hex(i * 3 + j + 401, 64)}`,
      ready: podReady === 'True',
      started: !crash,
      restartCount: crash ? 37 + i : 0,
      state: crash
        ? {
            waiting: {
              reason: 'CrashLoopBackOff',
              message: `back-off 5m0s restarting failed container=${c.name} pod=${name}_${namespace}(uid)`,
            },
          }
        : { running: { startedAt: rfc3339(started) } },
      ...(crash
        ? {
            lastState: {
              terminated: {
                exitCode: 1,
                reason: 'Error',
                startedAt: rfc3339(ago(now, 400)),
                finishedAt: rfc3339(ago(now, 396)),
                containerID: `containerd://${hex(i + 501, 64)}`,
              },
            },
          }
        : {}),
    };
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      uid: `${hex(i + 601, 8)}-${hex(i + 602, 4)}-4${hex(i + 603, 3)}-8${hex(i + 604, 3)}-${hex(i + 605, 12)}`,
      creationTimestamp: rfc3339(started),
      labels: { app, 'pod-template-hash': hex(i + 101, 10) },
      ...(kind === 'terminating'
        ? { deletionTimestamp: rfc3339(ago(now, 720 - i)), deletionGracePeriodSeconds: 30 }
        : {}),
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `${app}-${hex(i + 101, 10)}`,
          uid: hex(i + 701, 32),
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      nodeName: node,
      containers,
      ...(init
        ? { initContainers: [{ name: 'migrate', image: `registry.example/${namespace}/migrate:2` }] }
        : {}),
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      serviceAccountName: 'default',
      schedulerName: 'default-scheduler',
    },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Initialized', status: 'True', lastTransitionTime: rfc3339(started) },
        {
          type: 'Ready',
          status: podReady,
          lastTransitionTime: rfc3339(podReady === 'True' ? started : ago(now, NOT_READY_AGO - 6)),
          ...(podReady === 'False'
            ? { reason: 'ContainersNotReady', message: 'containers with unready status: [app]' }
            : {}),
        },
        { type: 'PodScheduled', status: 'True', lastTransitionTime: rfc3339(started) },
      ],
      hostIP: '10.0.12.30',
      podIP: `10.244.0.${(i % 250) + 2}`,
      startTime: rfc3339(started),
      ...(init
        ? {
            initContainerStatuses: [
              {
                name: 'migrate',
                ready: true,
                restartCount: 0,
                image: `registry.example/${namespace}/migrate:2`,
                imageID: '',
                state: { terminated: { exitCode: 0, reason: 'Completed' } },
              },
            ],
          }
        : {}),
      containerStatuses: containers.map(statusOf),
      qosClass: 'Burstable',
    },
  };
}

function event(
  now: Date,
  o: {
    name: string;
    namespace: string;
    type: 'Normal' | 'Warning';
    reason: string;
    message: string;
    involved: Record<string, unknown>;
    component: string;
    host?: string;
    count?: number;
    firstAgo: number;
    lastAgo: number;
  },
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: o.name, namespace: o.namespace, creationTimestamp: rfc3339(ago(now, o.firstAgo)) },
    involvedObject: o.involved,
    reason: o.reason,
    message: o.message,
    source: { component: o.component, ...(o.host ? { host: o.host } : {}) },
    firstTimestamp: rfc3339(ago(now, o.firstAgo)),
    lastTimestamp: rfc3339(ago(now, o.lastAgo)),
    count: o.count ?? 1,
    type: o.type,
    eventTime: null,
    reportingComponent: o.component,
    reportingInstance: o.host ?? '',
  };
}

function kubeletMetrics(node: string, now: Date, pods: number, containers: number, healthy: boolean): string {
  const buckets: [string, number][] = healthy
    ? [
        ['0.005', 0],
        ['0.01', 120],
        ['0.025', 9100],
        ['0.05', 15300],
        ['0.1', 15900],
        ['0.25', 16000],
        ['0.5', 16010],
        ['1', 16012],
        ['2.5', 16012],
        ['5', 16012],
        ['10', 16012],
        ['+Inf', 16012],
      ]
    : [
        ['0.005', 0],
        ['0.01', 40],
        ['0.025', 3900],
        ['0.05', 11200],
        ['0.1', 14100],
        ['0.25', 14980],
        ['0.5', 15100],
        ['1', 15130],
        ['2.5', 15150],
        ['5', 15170],
        ['10', 15190],
        ['+Inf', 15644],
      ];
  const total = buckets.at(-1)?.[1] ?? 0;
  const running = Math.round(containers * 0.9);
  const exited = containers - running - 2;
  const lastSeen = Math.floor(now.getTime() / 1000) - (healthy ? 1 : PLEG_LAST_ACTIVE_AGO);
  return [
    "# HELP kubelet_node_name [ALPHA] The node's name. The count is always 1.",
    '# TYPE kubelet_node_name gauge',
    `kubelet_node_name{node="${node}"} 1`,
    '# HELP kubelet_pleg_discard_events [ALPHA] The number of discard events in PLEG.',
    '# TYPE kubelet_pleg_discard_events counter',
    'kubelet_pleg_discard_events 0',
    '# HELP kubelet_pleg_last_seen_seconds [ALPHA] Timestamp in seconds when PLEG was last seen active.',
    '# TYPE kubelet_pleg_last_seen_seconds gauge',
    `kubelet_pleg_last_seen_seconds ${lastSeen}`,
    '# HELP kubelet_pleg_relist_duration_seconds [ALPHA] Duration in seconds for relisting pods in PLEG.',
    '# TYPE kubelet_pleg_relist_duration_seconds histogram',
    ...buckets.map(([le, n]) => `kubelet_pleg_relist_duration_seconds_bucket{le="${le}"} ${n}`),
    `kubelet_pleg_relist_duration_seconds_sum ${healthy ? 412.8 : 120931.6}`,
    `kubelet_pleg_relist_duration_seconds_count ${total}`,
    '# HELP kubelet_pleg_relist_interval_seconds [ALPHA] Interval in seconds between relisting in PLEG.',
    '# TYPE kubelet_pleg_relist_interval_seconds histogram',
    `kubelet_pleg_relist_interval_seconds_bucket{le="1"} 0`,
    `kubelet_pleg_relist_interval_seconds_bucket{le="2.5"} ${total - 500}`,
    `kubelet_pleg_relist_interval_seconds_bucket{le="+Inf"} ${total}`,
    `kubelet_pleg_relist_interval_seconds_sum ${total * 1.03}`,
    `kubelet_pleg_relist_interval_seconds_count ${total}`,
    '# HELP kubelet_running_containers [ALPHA] Number of containers currently running',
    '# TYPE kubelet_running_containers gauge',
    `kubelet_running_containers{container_state="created"} 2`,
    `kubelet_running_containers{container_state="exited"} ${exited}`,
    `kubelet_running_containers{container_state="running"} ${running}`,
    '# HELP kubelet_running_pods [ALPHA] Number of pods that have a running pod sandbox',
    '# TYPE kubelet_running_pods gauge',
    `kubelet_running_pods ${pods}`,
    '# HELP kubelet_runtime_operations_errors_total [ALPHA] Cumulative number of runtime operation errors by operation type.',
    '# TYPE kubelet_runtime_operations_errors_total counter',
    `kubelet_runtime_operations_errors_total{operation_type="container_status"} ${healthy ? 0 : 12}`,
    `kubelet_runtime_operations_errors_total{operation_type="exec_sync"} 3`,
    `kubelet_runtime_operations_errors_total{operation_type="list_containers"} ${healthy ? 0 : 57}`,
    `kubelet_runtime_operations_errors_total{operation_type="list_podsandbox"} ${healthy ? 0 : 55}`,
    '# HELP kubelet_runtime_operations_total [ALPHA] Cumulative number of runtime operations by operation type.',
    '# TYPE kubelet_runtime_operations_total counter',
    'kubelet_runtime_operations_total{operation_type="container_status"} 318223',
    'kubelet_runtime_operations_total{operation_type="list_containers"} 97311',
    'kubelet_runtime_operations_total{operation_type="list_podsandbox"} 97305',
    'kubelet_runtime_operations_total{operation_type="status"} 16230',
    '',
  ].join('\n');
}

function kubeletJournal(node: string, now: Date, ready: Ready): string {
  const pid = 1187;
  const line = (secondsAgo: number, level: string, file: string, message: string, extra = 0) => {
    const t = ago(now, secondsAgo);
    return `${journalTime(t, extra)} ${node} kubelet[${pid}]: ${klog(level, t, pid, file)} ${message}`;
  };
  const lines = [
    line(
      3600,
      'I',
      'kubelet.go:2409',
      '"SyncLoop (PLEG): event for pod" pod="payments/svc-3-1a2b3c4d5e-f6a7b" event={"ID":"1","Type":"ContainerStarted"}',
    ),
    line(
      1800,
      'I',
      'kuberuntime_manager.go:1021',
      '"Creating container in pod" containerType="container" container="&Container{Name:app,...}" pod="search/svc-a-44ab12cd90-00ff1"',
    ),
  ];
  if (ready === 'False') {
    lines.push(
      line(
        PLEG_LAST_ACTIVE_AGO - 2,
        'E',
        'remote_runtime.go:407',
        '"ListContainers with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="&ContainerFilter{Id:,State:nil,PodSandboxId:,LabelSelector:map[string]string{},}"',
      ),
      line(
        PLEG_LAST_ACTIVE_AGO - 2,
        'E',
        'generic.go:238',
        '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
        5,
      ),
      line(
        NOT_READY_AGO,
        'I',
        'setters.go:568',
        `"Node became not ready" node="${node}" condition={"type":"Ready","status":"False","lastHeartbeatTime":"${rfc3339(ago(now, NOT_READY_AGO))}","lastTransitionTime":"${rfc3339(ago(now, NOT_READY_AGO))}","reason":"KubeletNotReady","message":"PLEG is not healthy: pleg was last seen active 3m0.162s ago; threshold is 3m0s"}`,
      ),
    );
    for (let s = NOT_READY_AGO - 2; s >= HEARTBEAT_AGO; s -= 9) {
      const age = PLEG_LAST_ACTIVE_AGO - s;
      lines.push(
        line(
          s,
          'I',
          'kubelet.go:2359',
          `"Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active ${Math.floor(age / 60)}m${age % 60}s ago; threshold is 3m0s"`,
        ),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function containerdJournal(node: string, now: Date, mode: 'emfile' | 'quiet'): string {
  const pid = 912;
  const line = (secondsAgo: number, level: string, msg: string, extra: string) => {
    const t = ago(now, secondsAgo);
    return `${journalTime(t, 77)} ${node} containerd[${pid}]: time="${micro(t, 311)}" level=${level} msg="${msg}"${extra}`;
  };
  const lines = [
    line(3000, 'info', 'StartContainer for \\"4f9c0a7d\\" returns successfully', ''),
    line(
      1700,
      'info',
      'RunPodSandbox for &PodSandboxMetadata{Name:svc-a-44ab12cd90-00ff1,Uid:77,Namespace:search,Attempt:0,} returns sandbox id \\"9a8b7c6d\\"',
      '',
    ),
  ];
  if (mode === 'emfile') {
    lines.push(
      line(
        470,
        'error',
        'failed to serve connection',
        ' error="accept unix /run/containerd/containerd.sock: accept4: too many open files"',
      ),
      line(
        466,
        'error',
        'Failed to pipe stdout of container \\"b81e22f0c4\\"',
        ' error="open /run/containerd/fifo/1733/b81e22f0c4-stdout: too many open files"',
      ),
      line(
        461,
        'error',
        'failed to handle container TaskExit event &TaskExit{ContainerID:b81e22f0c4,ID:b81e22f0c4,Pid:48211,ExitStatus:137,}',
        ' error="failed to stop container: open /run/containerd/io.containerd.runtime.v2.task/k8s.io/b81e22f0c4/log.json: too many open files"',
      ),
      line(
        300,
        'error',
        'failed to serve connection',
        ' error="accept unix /run/containerd/containerd.sock: accept4: too many open files"',
      ),
      line(
        120,
        'error',
        'failed to serve connection',
        ' error="accept unix /run/containerd/containerd.sock: accept4: too many open files"',
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

const podRef = (p: KubeObject) => ({
  kind: 'Pod',
  namespace: p.metadata.namespace,
  name: p.metadata.name,
  uid: p.metadata.uid,
  apiVersion: 'v1',
});

type EventSpec = Omit<Parameters<typeof event>[1], 'name'>;

/** NODE, then `others` nodes named node-001...: every 5th Unknown, every other 3rd NotReady. */
function clusterNodes(node: string, now: Date, ready: Ready, others: number): KubeObject[] {
  const nodes = [makeNode(node, now, ready, '4m12s', 0)];
  for (let i = 1; i <= others; i++) {
    const state = i % 5 === 0 ? 'Unknown' : i % 3 === 0 ? 'False' : 'True';
    nodes.push(makeNode(`node-${String(i).padStart(3, '0')}`, now, state, `3m${10 + i}s`, i));
  }
  return nodes;
}

function lease(name: string, now: Date, ageSeconds: number): KubeObject {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name,
      namespace: 'kube-node-lease',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: 'node-uid' }],
    },
    spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: micro(ago(now, ageSeconds), 482) },
  };
}

/** The node's pods: every 50th crash-looping, every 75th stuck terminating, on a Ready node every 100th not Ready. */
function nodePods(node: string, now: Date, ready: Ready, count: number): KubeObject[] {
  const pods: KubeObject[] = [];
  for (let i = 0; i < count; i++) {
    let kind: Parameters<typeof makePod>[4] = 'normal';
    if (i % 50 === 7) kind = 'crashloop';
    else if (i % 75 === 11) kind = 'terminating';
    else if (ready === 'True' && i % 100 === 23) kind = 'notready';
    pods.push(makePod(node, now, i, ready, kind));
  }
  return pods;
}

/** Events about the node and its pods (runtime trouble only while NotReady), an old one, and another node's. */
function scenarioEvents(
  node: string,
  ready: Ready,
  pods: KubeObject[],
  elsewhere: KubeObject | undefined,
): EventSpec[] {
  const nodeRef = { kind: 'Node', name: node, uid: node };
  const fromKubelet = { component: 'kubelet', host: node };
  const events: EventSpec[] = [
    {
      namespace: 'default',
      type: 'Normal',
      reason: 'NodeNotReady',
      message: `Node ${node} status is now: NodeNotReady`,
      involved: nodeRef,
      ...fromKubelet,
      firstAgo: NOT_READY_AGO,
      lastAgo: NOT_READY_AGO,
    },
    {
      namespace: 'default',
      type: 'Normal',
      reason: 'NodeNotReady',
      message: `Node ${node} status is now: NodeNotReady`,
      involved: { apiVersion: 'v1', kind: 'Node', name: node, uid: 'real-node-uid' },
      component: 'node-controller',
      firstAgo: NOT_READY_AGO - 6,
      lastAgo: NOT_READY_AGO - 6,
    },
    {
      namespace: 'default',
      type: 'Normal',
      reason: 'Starting',
      message: 'Starting kubelet.',
      involved: nodeRef,
      ...fromKubelet,
      firstAgo: 86_400 * 3,
      lastAgo: 86_400 * 3,
    },
  ];
  const [p0, p1, p2, p7] = [pods[0], pods[1], pods[11], pods[7]];
  if (ready === 'False' && p0 && p1 && p2 && p7) {
    const deadline = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded';
    const ns = (p: KubeObject) => p.metadata.namespace ?? 'default';
    events.push(
      {
        namespace: 'default',
        type: 'Warning',
        reason: 'ContainerGCFailed',
        message: deadline,
        involved: nodeRef,
        ...fromKubelet,
        count: 4,
        firstAgo: 420,
        lastAgo: 60,
      },
      {
        namespace: ns(p1),
        type: 'Warning',
        reason: 'FailedCreatePodSandBox',
        message: `Failed to create pod sandbox: ${deadline}`,
        involved: podRef(p1),
        ...fromKubelet,
        count: 6,
        firstAgo: 400,
        lastAgo: 30,
      },
      {
        namespace: ns(p2),
        type: 'Warning',
        reason: 'FailedKillPod',
        message: `error killing pod: failed to "KillPodSandbox" for "${p2.metadata.uid}" with KillPodSandboxError: "${deadline}"`,
        involved: podRef(p2),
        ...fromKubelet,
        count: 3,
        firstAgo: 600,
        lastAgo: 90,
      },
      {
        namespace: ns(p7),
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed container app in pod',
        involved: { ...podRef(p7), fieldPath: 'spec.containers{app}' },
        ...fromKubelet,
        count: 212,
        firstAgo: 3000,
        lastAgo: 20,
      },
      {
        namespace: ns(p0),
        type: 'Warning',
        reason: 'NodeNotReady',
        message: 'Node is not ready',
        involved: podRef(p0),
        component: 'node-controller',
        firstAgo: NOT_READY_AGO - 8,
        lastAgo: NOT_READY_AGO - 8,
      },
      // Hours old: outside any recent window.
      {
        namespace: ns(p0),
        type: 'Warning',
        reason: 'FailedMount',
        message: 'MountVolume.SetUp failed for volume "config" : configmap "old-config" not found',
        involved: podRef(p0),
        ...fromKubelet,
        firstAgo: 86_400,
        lastAgo: 80_000,
      },
    );
  }
  if (elsewhere) {
    events.push({
      namespace: elsewhere.metadata.namespace ?? 'default',
      type: 'Warning',
      reason: 'Unhealthy',
      message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
      involved: podRef(elsewhere),
      component: 'kubelet',
      host: String((elsewhere.spec as { nodeName?: string }).nodeName),
      count: 40,
      firstAgo: 900,
      lastAgo: 10,
    });
  }
  return events;
}

function containersOf(pods: readonly KubeObject[]): number {
  return pods.reduce((acc, p) => {
    const spec = p.spec as { containers: unknown[]; initContainers?: unknown[] };
    return acc + spec.containers.length + (spec.initContainers?.length ?? 0);
  }, 0);
}

/**
 * The default cluster: NODE (default `node-a`, containerd 1.7.13, kubelet v1.29.4) NotReady with "PLEG is not
 * healthy", its Lease, 300 pods (some in CrashLoopBackOff, some stuck Terminating), Events about the node and
 * its pods (plus noise from other nodes and from hours ago), kubelet metrics, and kubelet/containerd journals in
 * which containerd hits "too many open files". Other nodes (Ready, NotReady, Unknown) make a storm listing.
 */
export function plegScenario(o: PlegScenarioOptions = {}): KubeScenario {
  const now = o.now ?? new Date();
  const node = o.node ?? 'node-a';
  const ready = o.ready ?? 'False';
  const nodes = clusterNodes(node, now, ready, o.otherNodes ?? 5);
  const others = nodes.slice(1).map((n) => n.metadata.name);
  const pods = nodePods(node, now, ready, o.pods ?? 300);
  // Pods on other nodes, which a spec.nodeName selector must leave out.
  const elsewhere = others.length
    ? Array.from({ length: 20 }, (_, i) =>
        makePod(others[i % others.length] ?? '', now, 1000 + i, 'True', 'normal'),
      )
    : [];
  const events = scenarioEvents(node, ready, pods, elsewhere[1]).map((e, n) =>
    event(now, { ...e, name: `${String(e.involved.name ?? node)}.${hex(n + 900, 16)}` }),
  );
  const namespaces = NAMESPACES.filter((n) => n !== 'kube-system').map((name) => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name },
    status: { phase: 'Active' },
  }));
  const leases = [
    lease(node, now, o.leaseAgeSeconds ?? 3),
    ...others.slice(0, 3).map((n) => lease(n, now, 2)),
  ];
  const metrics: Record<string, string> = {
    [node]: kubeletMetrics(node, now, pods.length, containersOf(pods), ready !== 'False'),
  };
  for (const name of others) metrics[name] = kubeletMetrics(name, now, 20, 30, true);
  return {
    objects: [...nodes, ...leases, ...namespaces, ...pods, ...elsewhere, ...events],
    metrics,
    logs: {
      [node]: {
        kubelet: kubeletJournal(node, now, ready),
        containerd: containerdJournal(node, now, o.runtimeLog ?? 'emfile'),
      },
    },
  };
}
