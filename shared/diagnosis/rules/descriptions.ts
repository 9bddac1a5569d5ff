import type { FactId } from '../facts.ts';
import { distinctive, reduceLiterals } from './literals.ts';
import {
  anyOf,
  bare,
  becauseOf,
  cannot,
  type Form,
  inflections,
  negated,
  phrase,
  repeatedly,
  term,
  toInfinitive,
  type Verb,
  verb,
  ZH_CANNOT,
  ZH_OFTEN,
  zhPhrase,
} from './morphology.ts';
import type { Signature } from './types.ts';

/**
 * How people describe what they saw, as a grammar: a subject (a program, a resource, the network...) and a state
 * it is in (hangs, died, not restarted, restarting, busy, D state, zombie, exhausted, unreachable, recovered), in
 * English and in Chinese (simplified and traditional, the words of the project's field reports). Each pairing
 * that means something on a node names the fact it is evidence of; the pairs compile into observation
 * signatures, so a description weighs below the program's own message for the same thing (rank.ts).
 *
 * Terms are plain words, not patterns: the compiler escapes them and lets an English word start in either case,
 * and the tests build a sentence from every term of every pairing. A description that hedges ("may hang", "一般",
 * "such as") or denies ("did not crash", "没有卡死") is not an observation and is not read.
 *
 * A state's verbs are not listed form by form: morphology.ts makes their inflections (singular, plural, past,
 * progressive, perfect, future), the forms that repeat ("keeps restarting", "a restart loop"), the negated ability
 * ("cannot start", "无法启动") and the Chinese aspect words from the verbs themselves. Verbs whose other reading is a
 * person acting on the subject ("we restarted the nodes", "the node was rebooted") are finite forms, read only
 * next to their subject: an adverb or a perfect's auxiliary between them, never a passive's.
 */

/** A word or phrase in English (either case of its first letter) or Chinese. */
export interface Terms {
  en: readonly string[];
  zh: readonly string[];
}

/** A subject's terms, and the words that hold one of them but name something else. */
interface SubjectTerms extends Terms {
  not?: readonly string[];
  /**
   * Patterns of other things whose names hold the subject's (a monitor, a wrapper, a health check named after it): a
   * sentence about one of them is not about the subject (tested on the sentence, as a hedge is).
   */
  namesHolding?: readonly string[];
}

// The verbs of the states, by their forms (morphology.ts).
const HANG = verb('hang', { past: 'hung' });
const FREEZE = verb('freeze', { past: 'froze', participle: 'frozen' });
const DEADLOCK = verb('deadlock');
const LOCK_UP = verb('lock up');
const WEDGE = verb('wedge');
const TIME_OUT = verb('time out');
const STOP_RESPONDING = verb('stop responding', { past: 'stopped responding', ing: 'stopping responding' });
const RESPOND = verb('respond');
const RETURN = verb('return');
const CRASH = verb('crash');
const DIE = verb('die');
const EXIT = verb('exit');
const PANIC = verb('panic', { past: 'panicked', ing: 'panicking' });
const SEGFAULT = verb('segfault');
const SHUT_DOWN = verb('shut down', { past: 'shut down', ing: 'shutting down' });
const GO_DOWN = verb('go down', { past: 'went down', participle: 'gone down' });
const START = verb('start');
const RESTART = verb('restart');
const REBOOT = verb('reboot');
const COME_BACK = verb('come back', { past: 'came back', participle: 'come back' });
const COME_UP = verb('come up', { past: 'came up', participle: 'come up' });
const GROW = verb('grow', { past: 'grew', participle: 'grown' });
const INCREASE = verb('increase');
const CLIMB = verb('climb');
const RISE = verb('rise', { past: 'rose', participle: 'risen' });
const GO_UP = verb('go up', { past: 'went up', participle: 'gone up' });
const CREEP_UP = verb('creep up', { past: 'crept up' });
const PILE_UP = verb('pile up');
const STAY = verb('stay', { past: 'stayed' });
const REMAIN = verb('remain');
const SIT = verb('sit', { past: 'sat', ing: 'sitting' });
const FAIL = verb('fail');
const REFUSE = verb('refuse');
const STOP = verb('stop', { past: 'stopped', ing: 'stopping' });
const WORK = verb('work');
const RUN = verb('run', { past: 'ran', participle: 'run', ing: 'running' });
const ANSWER = verb('answer');
const STOP_WORKING = verb('stop working', { past: 'stopped working', ing: 'stopping working' });
// A thread's CPU share soaring (top(1)'s %CPU), and reclaim running wild.
const SKYROCKET = verb('skyrocket');
const SPIKE = verb('spike');
const SPIN = verb('spin', { past: 'spun', ing: 'spinning' });
const SOAR = verb('soar');
const SHOOT_UP = verb('shoot up', { past: 'shot up' });
const HOG = verb('hog', { past: 'hogged', ing: 'hogging' });
const PEG = verb('peg', { past: 'pegged', ing: 'pegging' });
const THRASH = verb('thrash');
// An address moving from one holder to another (keepalived's VRRP failover).
const MOVE = verb('move');
const DRIFT = verb('drift');
const FLOAT = verb('float');
const SWITCH = verb('switch');
const MIGRATE = verb('migrate');
const FAIL_OVER = verb('fail over');
const FLIP = verb('flip', { past: 'flipped', ing: 'flipping' });
const JUMP = verb('jump');
/** Lasting failures to reconnect ("cannot reconnect" may be said while the server is still down, so it is not one). */
const NEVER_RECONNECTS = [
  'never reconnects',
  'never reconnected',
  'never reconnect',
  'never re-connected',
  'never re-established its connection',
  'did not reconnect',
  "didn't reconnect",
  'does not reconnect',
  "doesn't reconnect",
  'do not reconnect',
  "don't reconnect",
  'would not reconnect',
  "wouldn't reconnect",
  'failed to reconnect',
  'fail to reconnect',
  'fails to reconnect',
  'not reconnecting',
  'stayed disconnected',
  'stays disconnected',
  'remained disconnected',
];

/** The forms of a verb's -s, past and -ing: what a subject does, in any tense but the bare one. */
const doing = (...verbs: readonly Verb[]) => verbs.flatMap((v) => [v.s, v.past, v.ing]);

/**
 * The node-local proxies in front of the API server (kubespray's nginx-proxy static pod, RKE's nginx-proxy container,
 * MicroK8s' apiserver-proxy service, the k3s/rke2 agent's client load balancer): a subject of their own (apiProxy) and
 * among what keeps the API server's address (apiGateway).
 */
const API_PROXY = {
  en: [
    'nginx-proxy',
    'apiserver-proxy',
    'apiserver proxy',
    'API server proxy',
    'API-server proxy',
    'agent load balancer',
  ],
  zh: ['nginx-proxy', 'apiserver-proxy'],
};

/** Who or what a description is about. */
export const SUBJECTS = {
  kubelet: {
    en: ['kubelet', 'kubelet.service', 'kubelet process', 'kubelet service'],
    zh: ['kubelet'],
    // Round 22: programs and units named after the kubelet that are not it (a node health monitor that reboots the
    // node, a wrapper or restarter, a check script, a DaemonSet named so): "the kubelet-monitor puts the node in a
    // reboot loop" is that program's doing, not the kubelet exiting. Joined by a hyphen or an underscore, as unit,
    // script and pod names are; with a space only the words that name a separate watcher.
    namesHolding: [
      '[Kk]ubelet[-_](?:health[-_]?)?(?:monitor|watchdog|check|checker|guard|restarter|wrapper|supervisor|exporter|doctor)',
      '[Kk]ubelet (?:monitor|watchdog|wrapper|supervisor|restarter)',
      '(?:check|monitor|watch|health|restart)[-_][Kk]ubelet',
    ],
  },
  runtime: {
    en: [
      'dockerd',
      'docker daemon',
      'docker engine',
      'docker service',
      'docker.service',
      'docker',
      'containerd',
      'containerd.service',
      'crio',
      'cri-o',
      'container runtime',
    ],
    zh: [
      'docker',
      'dockerd',
      'containerd',
      'crio',
      '容器运行时',
      '容器運行時',
      '运行时',
      '運行時',
      'docker进程',
      'docker進程',
      'docker服务',
    ],
    // "运行时间" (running time) holds "运行时" and is not the runtime.
    not: ['运行时间', '運行時間'],
  },
  runc: { en: ['runc'], zh: ['runc', 'runC'] },
  /**
   * A node's own system pods, by their DaemonSets' usual names: kube-proxy, the network plugin's agent, node-local
   * DNS, the CSI node plugins. What one of them serves on the node (service rules, pod networking, DNS, volumes)
   * lapses while it is down.
   */
  systemPod: {
    en: [
      'kube-proxy',
      'kube-flannel',
      'calico-node',
      'cilium-agent',
      'aws-node',
      'node-local-dns',
      'nodelocaldns',
      'ebs-csi-node',
      'csi-node',
      'system pod',
      'kube-system pod',
    ],
    zh: ['kube-proxy', 'calico-node', 'cilium-agent', 'aws-node', '系统 pod', '系统pod', '系統pod'],
  },
  // A per-sandbox runtime's own processes are the pod's shim: gVisor's runsc sandbox (under containerd-shim-runsc-v1)
  // and Kata's containerd-shim-kata-v2, which holds the VM; a call about the pod waits on them as on runc's shim.
  shim: {
    en: [
      'containerd-shim',
      'shim process',
      'shims',
      'shim',
      'runsc-sandbox',
      'runsc sandbox',
      'runsc',
      'kata-shim',
    ],
    zh: ['containerd-shim', 'shim', 'runsc'],
  },
  systemd: { en: ['systemd', 'PID 1', 'pid 1'], zh: ['systemd', '1号进程', '1號進程'] },
  dbus: {
    en: [
      'dbus',
      'D-Bus',
      'dbus-daemon',
      'DBus',
      'system bus',
      'system_bus_socket',
      'org.freedesktop.systemd1',
    ],
    zh: ['dbus', 'D-Bus', 'dbus-daemon', '系统总线', '系統總線', 'system_bus_socket'],
  },
  scope: {
    en: ['scope unit', 'scope process', '.scope'],
    zh: ['scope'],
  },
  process: { en: ['process', 'processes', 'task'], zh: ['进程', '進程'] },
  network: {
    en: ['network', 'node network', 'NIC', 'network interface', 'network link'],
    zh: ['网络', '網絡', '網路', '网卡', '網卡'],
  },
  firewall: {
    en: ['firewall', 'security group', 'iptables rules', 'network ACL'],
    zh: ['防火墙', '防火牆', '安全组', '安全組'],
  },
  apiserver: {
    en: ['apiserver', 'api server', 'API server', 'kube-apiserver', 'control plane'],
    zh: ['apiserver', 'api server', '控制平面', 'master节点', 'master節點'],
  },
  /** A server of the control plane as a host or a service (kubeadm's masters, k3s/rke2 servers). */
  controlPlane: {
    en: [
      'control plane nodes',
      'control plane node',
      'control-plane nodes',
      'control-plane node',
      'control plane',
      'control-plane',
      'master nodes',
      'master node',
      'master server',
      'masters',
      'the master',
      'server nodes',
      'server node',
      'k3s server',
      'k3s-server',
      'rke2-server',
      'rke2 server',
      "API server's host",
      'API server host',
      'apiserver host',
    ],
    zh: ['主节点', '主節點', 'master', 'Master', '控制节点', '控制節點', '管理节点', '管理節點', '控制平面'],
  },
  /**
   * Storage the node reaches over the network, its filesystems (NFS, CIFS, CephFS, GlusterFS) and block devices
   * (iSCSI, RBD): round 21 adds the storage clusters and targets, whose clients in the kernel retry without end while
   * the server does not answer (net/ceph, drivers/scsi/scsi_transport_iscsi.c with its replacement timeout).
   */
  networkStorage: {
    en: [
      'NFS server',
      'NFS share',
      'NFS mount',
      'NFS',
      'nfs server',
      'EFS',
      'CIFS share',
      'CephFS',
      'GlusterFS',
      'Gluster volume',
      'iSCSI target',
      'iSCSI storage',
      'iSCSI LUN',
      'storage cluster',
      'Ceph cluster',
      'RBD volume',
    ],
    zh: [
      'NFS',
      'nfs',
      '共享存储',
      '共享存儲',
      '存储集群',
      '存儲集群',
      '分布式存储',
      '分布式存儲',
      '存储服务器',
      '存儲服務器',
    ],
  },
  disk: {
    en: [
      'disk',
      'root volume',
      'root filesystem',
      'filesystem',
      'file system',
      '/var/lib/docker',
      '/var/lib/containerd',
    ],
    zh: ['磁盘', '磁碟', '硬盘', '硬碟', '根分区', '根分區'],
  },
  /**
   * Where the runtime keeps what grows with use: the snapshotter's and graph driver's directories, the image store,
   * container logs. Said to grow or fill, it is the node's disk running out (the kubelet's nodefs or imagefs).
   */
  runtimeStorage: {
    en: [
      'snapshotter directory',
      'snapshotter',
      'snapshots directory',
      'snapshot directory',
      'io.containerd.snapshotter.v1.overlayfs',
      'overlay2 directory',
      'overlay2',
      'overlayfs snapshots',
      'image store',
      'image storage',
      'image cache',
      'image filesystem',
      'imagefs',
      'nodefs',
      'containerd storage',
      'containerd data',
      'docker storage',
      'docker data',
      'container logs',
      'container log files',
      'pod logs',
      'writable layers',
      '/var/lib/containerd',
      '/var/lib/docker',
      '/var/log/pods',
      '/var/log/containers',
    ],
    zh: [
      '镜像目录',
      '鏡像目錄',
      '镜像存储',
      '鏡像存儲',
      '容器日志',
      '容器日誌',
      '容器存储',
      '容器存儲',
      'overlay2',
      'snapshotter',
      '/var/lib/containerd',
      '/var/lib/docker',
    ],
  },
  /** Pods evicted, as people report the kubelet's evictions (reason Evicted): the pressure named with them is why. */
  evictions: {
    en: [
      'pods evicted',
      'pods were evicted',
      'pods got evicted',
      'pods being evicted',
      'evicted pods',
      'evictions',
      'evicted',
    ],
    zh: ['被驱逐', '被驅逐', '驱逐', '驅逐'],
  },
  diskIo: {
    en: ['disk IO', 'disk I/O', 'disk io', 'IOPS', 'iowait', 'I/O wait', 'IO wait', 'EBS burst balance'],
    // No bare 'IO'/'io' here: without word boundaries it matches inside English words (-tion, -sion).
    zh: ['磁盘IO', '磁盘io', '磁盤IO', '磁盘 IO', '磁盤 IO', 'iowait'],
  },
  memory: { en: ['memory', 'RAM', 'node memory'], zh: ['内存', '內存', '記憶體'] },
  nodeCpu: {
    en: ['node CPU', "node's CPU", 'host CPU', 'load average'],
    zh: ['节点CPU', '節點CPU', '节点 CPU', '節點 CPU', '机器CPU', '機器CPU', '服务器CPU', '伺服器CPU'],
  },
  /** CPU and memory together, or the node's resources as a whole. */
  resources: {
    en: [
      'CPU and memory',
      'CPU and RAM',
      'memory and CPU',
      'CPU/memory',
      'CPU / memory',
      'CPU, memory',
      'CPU usage',
      'CPU load',
      'memory usage',
      'resource usage',
      'node resources',
      'resources',
    ],
    zh: [
      'CPU和内存',
      'CPU和內存',
      'cpu和内存',
      'CPU 和内存',
      'CPU、内存',
      '内存和CPU',
      'CPU使用率',
      'cpu使用率',
      '内存使用率',
      '资源使用',
      '资源',
      '資源',
    ],
  },
  /** The PLEG as people name it (the kubelet's own health line is read by its rule). */
  pleg: { en: ['PLEG'], zh: ['PLEG', 'pleg'] },
  pids: {
    en: ['PIDs', 'pid_max', 'process IDs', 'threads', 'threads-max', 'kernel.threads-max'],
    zh: ['PID', '进程数', '進程數', '线程数', '線程數'],
  },
  /** Zombie (defunct) processes as a population: each holds its PID until its parent reaps it. */
  zombies: {
    en: [
      'zombie processes',
      'zombie process',
      'zombies',
      'defunct processes',
      'defunct process',
      '<defunct>',
    ],
    zh: ['僵尸进程', '僵屍進程', '殭屍進程', '僵死进程', '僵尸'],
  },
  /** A new process or thread as what a caller asks for: fork(2), clone(2), pthread_create(3). */
  forking: {
    en: [
      'fork',
      'fork new processes',
      'create new threads',
      'create new thread',
      'create a new thread',
      'create threads',
      'create new processes',
      'spawn new processes',
      'spawn processes',
      'spawn threads',
    ],
    zh: ['fork', '创建线程', '創建線程', '创建新线程', '創建新線程', '创建进程', '創建進程', '创建新进程'],
  },
  /** The inotify limits by their sysctl names (fs.inotify.*), or named. */
  inotifyLimit: {
    en: [
      // With its prefix: the gap reads a full stop with the character after it, so the prefix is a term.
      'fs.inotify.max_user_watches',
      'fs.inotify.max_user_instances',
      'max_user_watches',
      'max_user_instances',
      'inotify limit',
      'inotify limits',
      'inotify watch limit',
      'inotify instance limit',
      'inotify watches',
      'inotify instances',
    ],
    zh: ['max_user_watches', 'max_user_instances', 'inotify 限制', 'inotify限制'],
  },
  /** Programs that follow a file through inotify: tail -f, kubectl logs -f, file watchers. */
  follower: {
    en: [
      'tail -f',
      'tail -F',
      'logs -f',
      'logs --follow',
      'inotifywait',
      'file watcher',
      'fsnotify',
      'inotify_add_watch',
    ],
    zh: ['tail -f', 'logs -f'],
  },
  /** The kernel's load average as people quote it. */
  loadAverage: {
    en: ['load average', 'load averages', 'load avg', 'loadavg', 'system load'],
    zh: ['负载', '負載', 'load average'],
  },
  /** The kubelet's and the runtime's cgroup drivers, said of both. */
  cgroupDriver: {
    en: ['cgroup driver', 'cgroup drivers', 'cgroupDriver', 'cgroup-driver', 'cgroupdriver', 'SystemdCgroup'],
    zh: ['cgroup 驱动', 'cgroup驱动', 'cgroup驅動', 'cgroup driver'],
  },
  fds: {
    en: [
      'file descriptors',
      'file handles',
      'open files',
      'fds',
      'open file count',
      'open handles',
      'fd count',
      'FD count',
      'lsof count',
      'lsof',
      'file-nr',
    ],
    zh: [
      '句柄',
      '文件描述符',
      '檔案描述符',
      '文件句柄',
      '檔案控制代碼',
      '打开文件数',
      '文件打开数',
      '打開文件數',
    ],
  },
  inotify: { en: ['inotify watches', 'inotify instances', 'inotify'], zh: ['inotify'] },
  networkPlugin: {
    en: [
      'CNI plugin',
      'network plugin',
      'network add-on',
      'pod network',
      'calico-node',
      'calico',
      'Calico',
      'flannel',
      'Flannel',
      'cilium',
      'Cilium',
      'weave-net',
      'weave',
      'canal',
      'antrea',
      'kube-router',
      'multus',
      'aws-node',
      'amazon-vpc-cni',
      'VPC CNI',
      'azure-cni',
    ],
    zh: ['网络插件', '網路插件', '網絡插件', 'CNI插件', 'cni插件', 'flannel', 'calico', 'cilium'],
  },
  /** A host's network interface, by its kind or its usual names. */
  nic: {
    en: ['network interface', 'network card', 'primary interface', 'interface', 'NIC', 'eth0', 'ENI'],
    zh: ['网卡', '網卡', '网口', '網口'],
  },
  /** The machine's own console (a serial console, a cloud provider's console output or screenshot). */
  console: {
    en: ['serial console', 'VM console', 'instance console', 'console output', 'console log', 'console'],
    zh: ['控制台', '串口', 'console'],
  },
  /** Not enough of the node's resources for what runs on it, as people put it (not the scheduler's words). */
  shortage: {
    en: [
      'insufficient resources',
      'insufficient memory',
      'insufficient CPU',
      'not enough resources',
      'not enough memory',
      'not enough CPU',
      'not have enough resources',
      'not have enough memory',
      'not have enough CPU',
      "didn't have enough",
      "doesn't have enough",
      'lack of resources',
      'lack of memory',
      'resource shortage',
      'memory shortage',
      'out of resources',
    ],
    zh: [
      '资源不足',
      '資源不足',
      '内存不足',
      '內存不足',
      'CPU不足',
      'cpu不足',
      '资源不够',
      '資源不夠',
      '内存不够',
      '內存不夠',
    ],
  },
  node: {
    en: [
      'worker nodes',
      'new nodes',
      'new node',
      'the nodes',
      'the node',
      'nodes',
      'node',
      'the cluster',
      'cluster',
      'the hosts',
      'the host',
      'the VMs',
      'VMs',
      'the VM',
      'virtual machines',
      'virtual machine',
      'the machines',
      'the machine',
      'instances',
      'instance',
    ],
    zh: [
      '节点',
      '節點',
      '集群',
      '叢集',
      '机器',
      '機器',
      '主机',
      '主機',
      '宿主机',
      '宿主機',
      '虚拟机',
      '虛擬機',
    ],
  },
  /** A machine by a word that, alone, names other things too: read only right after an adjective ("a heavily loaded system"). */
  system: { en: ['systems', 'system', 'servers', 'server', 'boxes', 'box'], zh: [] },
  /** The machine's CPUs as people watch them (top, monitoring). */
  cpus: {
    en: ['all CPUs', 'all cores', 'every core', 'CPUs', 'CPU usage', 'CPU utilization', 'CPU', 'cores'],
    zh: ['CPU', 'cpu', '所有核'],
  },
  /** A burstable instance's CPU credits (EC2 T2/T3/T3a/T4g, CPUCreditBalance). */
  credits: {
    en: [
      'CPU credit balance',
      'CPU credits',
      'CPU credit',
      'CPUCreditBalance',
      'credit balance',
      'burst credits',
    ],
    zh: ['CPU积分', 'CPU 积分', 'CPU積分', 'cpu积分', '积分余额', '積分餘額', 'CPU信用'],
  },
  /** Instances whose CPU runs on credits above a baseline share (EC2 T family, Azure B-series, GCP shared-core). */
  burstable: {
    en: [
      'burstable instances',
      'burstable instance',
      'burstable nodes',
      'burstable VMs',
      'burstable performance instances',
      't2 instances',
      't3 instances',
      't3a instances',
      't4g instances',
      'T2 instances',
      'T3 instances',
      'T3a instances',
      'T4g instances',
      't2.',
      't3.',
      't3a.',
      't4g.',
      'B-series',
    ],
    zh: ['突发性能实例', '突發性能實例', '突发实例', 't3实例', 't2实例', 't3.', 't2.'],
  },
  workload: {
    en: [
      'pods',
      'pod',
      'containers',
      'container',
      'workloads',
      'workload',
      'jobs',
      'job',
      'java process',
      'application',
    ],
    zh: ['业务', '應用', '应用', '容器', 'pod', 'Pod'],
  },
  /** Load fired at the cluster on purpose or not: a load or stress test, a benchmark, a traffic spike. */
  load: {
    en: [
      'load testing',
      'load tests',
      'load test',
      'stress testing',
      'stress tests',
      'stress test',
      'performance test',
      'perf test',
      'benchmarks',
      'benchmark',
      'heavy traffic',
      'high traffic',
      'lots of traffic',
      'a lot of traffic',
      'massive traffic',
      'traffic spike',
      'spike in traffic',
      'traffic surge',
      'surge in traffic',
      'load generator',
      'flood of requests',
      'heavy load',
      // The busiest hours of a service's traffic.
      'peak traffic',
      'traffic peak',
      'traffic peaks',
      'peak hours',
      'peak load',
    ],
    zh: [
      '访问高峰',
      '訪問高峰',
      '流量峰值',
      '业务高峰',
      '業務高峰',
      'アクセス集中',
      'ピーク時',
      '压测',
      '壓測',
      '压力测试',
      '壓力測試',
      '性能测试',
      '性能測試',
      '大流量',
      '流量高峰',
      '流量突增',
      '高并发',
      '高並發',
    ],
  },
  certificate: {
    en: [
      'kubelet client certificate',
      'kubelet certificate',
      'client certificate',
      'kubelet-client-current.pem',
      'certificates',
      'certificate',
      'certs',
      'cert',
    ],
    zh: ['kubelet证书', 'kubelet證書', '客户端证书', '客戶端證書', '证书', '證書'],
  },
  /** The kernel's memory-reclaim threads, one per NUMA node (linux mm/vmscan.c kswapd, mm/compaction.c kcompactd). */
  reclaimThread: {
    en: ['kswapd0', 'kswapd1', 'kswapd', 'kcompactd0', 'kcompactd'],
    zh: ['kswapd0', 'kswapd', 'kcompactd'],
  },
  /** Reclaim as work the kernel does (direct reclaim, swapping, zram swap), and the page cache it takes from. */
  reclaimWork: {
    en: [
      'direct reclaim',
      'memory reclaim',
      'page reclaim',
      'kernel reclaim',
      'page cache',
      'page-cache',
      'zram swap',
      'zram',
      'swapping',
      'swap',
    ],
    zh: [
      '内存回收',
      '內存回收',
      '直接回收',
      '页面回收',
      '頁面回收',
      '页缓存',
      'zram',
      'swap',
      '交换分区',
      '交換分區',
    ],
  },
  /** Reclaim alone, without swap: what the kernel does when memory runs short, named as such. */
  reclaimOnly: {
    en: ['direct reclaim', 'memory reclaim', 'page reclaim', 'kernel reclaim'],
    zh: ['内存回收', '內存回收', '直接回收', '页面回收', '頁面回收'],
  },
  /** The CPUs' time in the kernel in words (top(1)'s and vmstat(8)'s "sy"). */
  systemCpu: {
    // Not "system time" alone: it is the clock as often as the CPU's time in the kernel.
    en: ['system CPU', 'system cpu', 'sys CPU', 'sys cpu', 'kernel CPU', 'CPU system time'],
    zh: ['系统CPU', '系统 CPU', '系統CPU', '系統 CPU', '内核态CPU', '内核态 CPU', '系统态CPU', '系统态 CPU'],
  },
  /** The CPUs' time waiting for I/O (proc(5) /proc/stat "iowait", top(1)'s and vmstat(8)'s "wa"), in words. */
  ioWait: {
    en: ['iowait', 'I/O wait', 'IO wait', 'io wait', 'CPU iowait', 'iowait time'],
    zh: ['iowait', 'IO等待', 'io等待', 'IO 等待'],
  },
  /** top(1)'s and vmstat(8)'s "sy" field by its name, a space or a sign around it (a word holds "sy" too). */
  topSy: { en: ['%sy', ' sy', 'sy%', ' sys', 'sy:', 'sy='], zh: [] },
  /** top(1)'s and vmstat(8)'s "wa" field by its name (a word holds "wa" too: only a share right after it). */
  topWa: { en: ['%wa', ' wa', 'wa%', 'wa:', 'wa='], zh: [] },
  /** The node's Ready condition false, as people write it: the symptom a trigger is said of. */
  notReady: {
    en: ['NotReady', 'Not Ready', 'not ready'],
    zh: ['NotReady', 'notready'],
  },
  /** What keeps the API server's address: the virtual IP's keeper and the balancer in front (HA control planes). */
  apiGateway: {
    en: [
      'keepalived',
      'Keepalived',
      'haproxy',
      'HAProxy',
      'kube-vip',
      'API server load balancer',
      'apiserver load balancer',
      // The node-local proxies in front of the API server (apiProxy, below).
      ...API_PROXY.en,
    ],
    zh: ['keepalived', 'haproxy', 'kube-vip', ...API_PROXY.zh],
  },
  /**
   * Round 22: the node-local proxies alone, through which a node's kubelet reaches the API servers (kubespray's
   * nginx-proxy or haproxy static pod on 127.0.0.1:6443, RKE's nginx-proxy container on every worker, MicroK8s'
   * apiserver-proxy, the k3s/rke2 agent's client load balancer): run as containers, so their containers' state is
   * theirs.
   */
  apiProxy: { en: [...API_PROXY.en, 'haproxy static pod'], zh: API_PROXY.zh },
  /** A network plugin's configuration file and the directory it is read from (containernetworking/cni libcni). */
  cniConfig: {
    en: [
      'CNI config file',
      'CNI configuration file',
      'CNI config',
      'CNI configuration',
      'CNI conf',
      'cni config',
      'conflist',
      '/etc/cni/net.d',
    ],
    zh: ['CNI配置', 'cni配置', 'CNI 配置', '/etc/cni/net.d', 'conflist', '网络插件配置', '網路插件配置'],
  },
  /** What the kubelet proves itself with to the API server, besides its certificate. */
  credentials: {
    en: [
      "kubelet's credentials",
      'kubelet credentials',
      "node's credentials",
      'node credentials',
      "nodes' credentials",
      'bootstrap token',
      'bootstrap tokens',
      'kubelet token',
      'credentials',
    ],
    zh: ['kubelet凭证', 'kubelet憑證', '节点凭证', '節點憑證', '凭证', '憑證', '凭据', '憑據'],
    // Another program's credentials: a registry's, a cloud SDK's, a database's, a person's.
    not: [
      'registry credentials',
      'docker credentials',
      'pull credentials',
      'AWS credentials',
      'database credentials',
      'git credentials',
      'user credentials',
    ],
  },
  /**
   * Round 28: the machine's hostname, which the kubelet takes as its node name (kubernetes pkg/kubelet
   * nodeutil.GetHostname unless --hostname-override) while its client certificate keeps the old one.
   */
  hostname: {
    en: ['hostname', 'host name', 'hostnames'],
    zh: ['主机名', '主機名', 'hostname', '机器名', '機器名'],
    not: [
      'hostname -f',
      'hostname -i',
      'hostname -I',
      'hostnamectl status',
      '--hostname-override',
      'hostname-override',
    ],
  },
  /**
   * Round 28: a member of the control plane's datastore (etcd; kine or dqlite under k3s and microk8s), which every API
   * server in front of it waits on for each write.
   */
  datastoreMember: {
    en: [
      'etcd members',
      'etcd member',
      'etcd nodes',
      'etcd node',
      'etcd peer',
      'etcd instance',
      'etcd leader',
      'etcd',
      'datastore members',
      'datastore member',
      'datastore',
      'dqlite',
      'kine',
    ],
    zh: [
      'etcd 成员',
      'etcd成员',
      'etcd 成員',
      'etcd成員',
      'etcd 节点',
      'etcd节点',
      'etcd',
      '数据存储',
      '數據存儲',
    ],
    not: [
      'etcdctl',
      'etcd-backup',
      'etcd backup',
      'etcd snapshot',
      'etcd-snapshot',
      'etcd-druid',
      'etcd-operator',
    ],
  },
  /** How the API server decides what a request may do: its authorization modes and webhooks, RBAC. */
  authorization: {
    en: [
      'authorization modes',
      'authorization mode',
      'authorization-mode',
      'authorization webhook',
      'authentication webhook',
      'authorization config',
      'authorization configuration',
      'Node authorizer',
      'node authorizer',
      'authorizers',
      'authorizer',
      'authorization',
      'RBAC',
    ],
    zh: ['授权模式', '授權模式', '鉴权模式', '鑑權模式', '鉴权配置', '鉴权', '鑑權', '授权', '授權', 'RBAC'],
  },
  /** Who the nodes are to the API server: their cloud role, and the map that turns it into a node user. */
  nodeIdentity: {
    en: [
      "instance's IAM role",
      "instance's role",
      'instance IAM role',
      'instance roles',
      'instance role',
      'instance profile',
      "node's IAM role",
      "node's role",
      "nodes' role",
      'node IAM role',
      'node roles',
      'node role',
      'NodeInstanceRole',
      'IAM roles',
      'IAM role',
      'aws-auth ConfigMap',
      'aws-auth configmap',
      'aws-auth',
      'mapRoles',
      'identity map',
      'identity mapping',
      'role mapping',
      'access entries',
      'access entry',
    ],
    zh: ['IAM角色', 'IAM 角色', '实例角色', '實例角色', '节点角色', '節點角色', 'aws-auth'],
    // A pod's identity, not the node's.
    not: ['service account', 'ServiceAccount', 'serviceaccount', 'IRSA', 'pod identity', 'Pod Identity'],
  },
  /** Every node of a cluster at once. */
  allNodes: {
    en: [
      'all of the nodes',
      'all of our nodes',
      'all the worker nodes',
      'all worker nodes',
      'all the nodes',
      'all our nodes',
      'all nodes',
      'every worker node',
      'every single node',
      'every node',
    ],
    zh: ['所有的节点', '所有节点', '所有節點', '全部节点', '全部節點', '所有node', '所有 node', '所有的node'],
  },
  /** The host's default route or gateway (what networkd, NetworkManager or dhclient installs from a lease). */
  defaultRoute: {
    en: ['default routes', 'default route', 'default gateway', 'default gw'],
    zh: ['默认路由', '默認路由', '默认网关', '默認網關'],
  },
  /** The address lease a host's DHCP client holds for its interface. */
  dhcpLease: {
    en: ['DHCP leases', 'DHCP lease', 'dhcp lease'],
    zh: ['DHCP租约', 'DHCP 租约', 'DHCP租約', 'DHCP 租約', 'dhcp租约', 'dhcp 租约'],
  },
  /** The programs that configure a host's interfaces: two of them on one interface undo each other. */
  netManagers: {
    en: [
      'NetworkManager',
      'systemd-networkd',
      'networkd',
      'netplan',
      'cloud-init',
      'dhclient',
      'wicked',
      'ifupdown',
    ],
    zh: [
      'NetworkManager',
      'systemd-networkd',
      'networkd',
      'netplan',
      'cloud-init',
      'dhclient',
      '网络管理服务',
    ],
  },
  /** The files a host's interfaces are configured from (netplan's YAML, networkd's units, ifcfg, interfaces). */
  netConfig: {
    en: [
      'netplan config',
      'netplan configuration',
      'netplan file',
      'netplan yaml',
      '/etc/netplan',
      'network config',
      'network configuration',
      'networkd config',
      '.network file',
      'ifcfg-eth0',
      'ifcfg file',
      '/etc/network/interfaces',
      'interfaces file',
      'nmconnection',
    ],
    zh: [
      '网络配置',
      '網絡配置',
      '網路配置',
      '网卡配置',
      '網卡配置',
      'netplan 配置',
      'netplan配置',
      '/etc/netplan',
    ],
  },
  /** A cloud load balancer's checks of the nodes behind it (target groups, backend pools). */
  lbHealthCheck: {
    en: [
      "load balancer's health checks",
      'load balancer health checks',
      'load balancer health check',
      'LB health checks',
      'LB health check',
      'ELB health checks',
      'ELB health check',
      'NLB health checks',
      'NLB health check',
      'target group health checks',
      'target health checks',
      'backend health checks',
    ],
    zh: [
      '负载均衡健康检查',
      '负载均衡的健康检查',
      '負載均衡健康檢查',
      'SLB健康检查',
      'SLB 健康检查',
      'ELB健康检查',
      'CLB健康检查',
    ],
  },
  /** Inodes of a filesystem, as df -i and people count them. */
  inodes: {
    en: ['inodes', 'inode usage', 'inode', 'IUse%'],
    zh: ['inode', 'inode使用率', 'inode 使用率', '索引节点', 'i节点'],
  },
  /**
   * Round 25: a distribution's one process that runs the API server beside the kubelet (and often the datastore):
   * microk8s' kubelite (canonical/microk8s, snap's kubelite service: kube-apiserver, controller-manager, scheduler,
   * proxy and kubelet in one daemon), a k3s or rke2 server (k3s-io/k3s pkg/cli/server, its k3s.service and
   * rke2-server.service units). Its exit takes the API server down with it, for every node it serves.
   */
  combinedDaemon: {
    en: [
      'kubelite',
      'k3s server process',
      'k3s server',
      'k3s-server',
      'k3s.service',
      'rke2 server',
      'rke2-server',
      'rke2-server.service',
      'snap.microk8s.daemon-kubelite',
    ],
    zh: ['kubelite', 'k3s server', 'k3s-server', 'rke2-server', 'rke2 server'],
  },
  /**
   * Round 25: the cluster's status commands as people run them (kubectl, microk8s status, k3s kubectl, oc): each is a
   * request to the API server, so one that does not return is the API server not answering the client (when the
   * command is not about one pod's stream, which the kubelet serves).
   */
  clusterCommands: {
    en: [
      'kubectl get nodes',
      'kubectl get pods',
      'kubectl commands',
      'kubectl command',
      'kubectl calls',
      'kubectl',
      'microk8s status',
      'microk8s kubectl',
      'k3s kubectl',
      'oc get nodes',
      'status commands',
    ],
    zh: ['kubectl 命令', 'kubectl命令', 'kubectl', 'microk8s status', 'k3s kubectl'],
  },
  /**
   * Round 25: a cluster's system pods as a group, the DaemonSets every node gets (kube-proxy, the network plugin's
   * agent) and the cluster's DNS: what a newly created machine must run before it is usable.
   */
  systemPods: {
    en: [
      'system pods',
      'kube-system pods',
      'essential pods',
      'DaemonSet pods',
      'daemonset pods',
      'core pods',
      'kube-proxy',
      'coredns',
      'CoreDNS',
    ],
    zh: [
      '系统 pod',
      '系统pod',
      '系統pod',
      '系统组件',
      '系統組件',
      'kube-system 下的 pod',
      'coredns',
      'kube-proxy',
    ],
  },
  /**
   * Round 25: a cloud provider's availability zone (EC2's, GCE's, Azure's zones), by its word or its name: nodes cut
   * off in one of them while the others run are the zone's failure (its network, its hosts), not the nodes'.
   */
  zone: {
    en: [
      'availability zone',
      'availability-zone',
      'Availability Zone',
      'one AZ',
      'single AZ',
      'that AZ',
      'the AZ',
    ],
    zh: ['可用区', '可用區', '可用域'],
  },
  /** Round 25: the zones the trouble did not reach, said beside the one it did. */
  otherZones: {
    en: [
      'other availability zones',
      'other Availability Zones',
      'other availability zone',
      'other zones',
      'other AZs',
      'the other AZ',
      'other AZ',
    ],
    zh: ['其他可用区', '其他可用區', '其它可用区', '别的可用区'],
  },
  /** Round 25: pods as such (their phase, as kubectl get pods shows it). */
  podsOnly: {
    en: ['pods', 'Pods', 'pod', 'Pod'],
    zh: ['pod', 'Pod', '容器组'],
  },
  /** Round 25: machines being added (a node group's scale-up, a replacement). */
  newNodes: {
    en: [
      'new nodes',
      'new node',
      'new instances',
      'new instance',
      'new machines',
      'new machine',
      'new VMs',
      'replacement nodes',
    ],
    zh: ['新节点', '新節點', '新实例', '新實例', '新机器', '新機器'],
  },
  /** Round 25: not one new machine ("no new node could be launched"): the negation on the subject. */
  noNewNodes: {
    en: [
      'No new node',
      'no new node',
      'No new instance',
      'no new instance',
      'No new machine',
      'no new machine',
      'None of the new nodes',
      'none of the new nodes',
    ],
    zh: [],
  },
  /**
   * Round 28 (r28-network): a named stream or its receive path on the node (UDP, multicast, video, RTP; the NIC's
   * receive ring, the kernel's softirq backlog), the traffic whose packets are said to be lost.
   */
  stream: {
    en: [
      'UDP',
      'udp',
      'multicast',
      'video stream',
      'video streams',
      'RTP',
      'rx ring',
      'RX ring',
      'ring buffer',
      'softirq',
      'ksoftirqd',
      'backlog',
    ],
    zh: ['组播', '組播', '多播', '视频流', '視頻流', '码流', '碼流', '环形缓冲', '软中断', '軟中斷'],
  },
} as const satisfies Record<string, SubjectTerms>;

/**
 * A state people say a subject is in. `denied` are the forms that say the opposite (not read). `patterns` cover
 * what words cannot (a figure, spacing that varies between Latin and Chinese text), each with an example.
 */
export interface State extends Terms {
  denied: Terms;
  patterns?: readonly { pattern: string; example: string; literals: readonly string[] }[];
  /** Families of fragments made from the state's verbs (morphology.ts): read as its terms are. */
  forms?: readonly Form[];
  /** Finite verbs read only next to their subject (see Finite). */
  finite?: Finite;
  /** The state is over once said ("came back"): its facts do not corroborate a present problem (Signature.ended). */
  ended?: boolean;
}

/**
 * The finite forms of verbs whose other reading is a person acting on the subject ("we restarted the nodes", "the
 * nodes were drained and rebooted"): read only right after their subject, an adverb or a perfect's auxiliary
 * between ("the node has just rebooted"), never a passive's "was" or an object's clause. The bare form is a plural
 * present ("the nodes reboot") or comes after a modal ("will reboot"); after a singular it is a noun ("a node
 * reboot"), which may be anyone's.
 */
export interface Finite {
  /** Third person singular present and past: "reboots", "rebooted". */
  said: readonly string[];
  /** Present participle, after a progressive's or a repetition's auxiliary: "is rebooting", "keep rebooting". */
  ing: readonly string[];
  /** Bare: "the nodes reboot", "will reboot". */
  base: readonly string[];
  /**
   * A bare verb and the infinitive after it, after any subject, singular too ("containerd fail to start", morphology's
   * toInfinitive): before "to" and a verb the bare form is no noun.
   */
  infinitive?: readonly string[];
}

/** CPUs at full use, as people see them in top or a dashboard. */
const PEGGED = [
  'pegged at 100%',
  'pegged at 100 %',
  'pegged',
  'at 100%',
  'at 100 %',
  'maxed out',
  'pinned at 100%',
  'pinned',
];

/** Before a crash or a reboot: it happened on its own. */
const SELF_BEFORE = ['randomly', 'unexpectedly', 'spontaneously', 'suddenly', 'mysteriously', 'inexplicably'];
/** After a crash or a reboot: it happened on its own. */
const SELF_AFTER = [
  'by itself',
  'on its own',
  'by themselves',
  'on their own',
  'unexpectedly',
  'spontaneously',
  'randomly',
  'for no reason',
  'for no apparent reason',
  'without warning',
  'out of nowhere',
];
/** A reboot or a crash nobody planned, as a noun: "unexpected reboots". */
const UNPLANNED = ['unexpected', 'spontaneous', 'random', 'unplanned', 'unscheduled', 'sudden', 'mysterious'];
/** Chinese words before a restart or a shutdown: it happened on its own. */
const ZH_SELF = [
  '自动',
  '自動',
  '自己',
  '自行',
  '意外',
  '异常',
  '異常',
  '莫名',
  '莫名其妙',
  '突然',
  '无故',
  '無故',
  '随机',
  '隨機',
  '偶尔',
  '偶爾',
];

/** Adverbs that may stand between a subject and its verb ("the node suddenly rebooted"). */
const ADVERBS = [
  'just',
  'then',
  'also',
  'again',
  'suddenly',
  'randomly',
  'unexpectedly',
  'spontaneously',
  'sometimes',
  'often',
  'occasionally',
  'periodically',
  'frequently',
  'constantly',
  'repeatedly',
  'continuously',
  'eventually',
  'finally',
  'still',
  'all',
  'both',
  'itself',
  'themselves',
  'abruptly',
  'now',
  'simply',
  'literally',
  'actually',
  'always',
] as const;
/** A perfect's auxiliary before a past participle ("has rebooted"); a passive's "was" is not one. */
const PERFECT = ['has', 'have', 'had'] as const;
/** Auxiliaries before a present participle: progressive, perfect progressive, repetition. */
const PROGRESSIVE = [
  'is',
  'are',
  'was',
  'were',
  'been',
  'keeps',
  'keep',
  'kept',
  'keeps on',
  'keep on',
  'kept on',
  'started',
  'starts',
  'start',
  'began',
  'continues',
  'continue',
  'continued',
] as const;
/** Modals and their kin before a bare verb ("will reboot", "tend to reboot"); "may", "could" are hedges. */
const MODALS = [
  'will',
  'would',
  'tends to',
  'tend to',
  'tended to',
  'starts to',
  'start to',
  'started to',
  'began to',
  'begin to',
  'continues to',
  'continue to',
  'continued to',
  'used to',
  'is going to',
  'are going to',
  'going to',
] as const;
/** A contraction of "has", "have", "is", "are" or "will" on the subject ("the node's rebooted", "they'll reboot"). */
const CONTRACTIONS = ["'s", "'ve", "'d", "'re", "'ll", '’s', '’ve', '’re', '’ll'] as const;
/** A name after a subject's noun (`node-3`, `node ip-10-0-1-7`): any word with a digit. */
const NAME = '(?:[- ][A-Za-z._-]*[0-9][A-Za-z0-9._-]*)?';

/** Subject terms that are plural (for the bare present: "nodes reboot", not "node reboot"). */
const isPlural = (word: string) => /[^su'’]s$/.test(word);

/** What may come before a share in a sentence: a space, a colon, an equals sign, "at", "of", "to". */
const PERCENT_LEAD = '(?:[ :=(]|at |of |to |about |around |over |above )';
/** Holders of the API server's address: a virtual IP (keepalived, kube-vip), a floating IP. */
const ADDRESS_HOLDER = [
  'VIP',
  'virtual IP',
  'floating IP',
  'keepalived VIP',
  'API server VIP',
  'apiserver VIP',
  'control plane VIP',
  'control-plane VIP',
  'kube-vip address',
];
/** A CNI configuration said to be there (containernetworking/cni's libcni reads the directory's files). */
const CONFIG_PRESENT =
  '(?:exists?|existed|(?:is|are|sits|was|were) in /|is there|are there|was there|were there|is present|was present|are present|were present|is in place|was in place|looks? (?:fine|correct|right|good)|looked (?:fine|correct|right|good)|is valid|was valid|has been written|was written|got written)';
/** Words that set what follows against what came before. */
const CONTRAST = '(?:but|yet|still|though|however|while|nevertheless)';
/** The network not up for pods: not ready, not initialised, no interface, the veth never made. */
const NETWORK_NOT_UP =
  "(?:not ready|NotReady|not initiali[sz]ed|uninitiali[sz]ed|no (?:network )?interfaces?|no (?:eth0|veth)|veths?(?: interfaces?| pairs?| devices?)? (?:(?:is|are|was|were|get|gets|got) )?(?:never|not) (?:created|made)|never (?:created|set up|picked up|loaded)|not (?:picked up|loaded|applied|used)|(?:is|was|are|were) ?n[o']t (?:picked up|loaded|applied|used|created)|ignor(?:es|ed|ing))";
const ZH_CONFIG_PRESENT =
  '(?:已经存在|已存在|都存在|存在|已经有|已有|都有|有|都在|已生成|已经生成|正常|没问题)';
const ZH_CONTRAST = '(?:但是|但|可是|却|仍然|仍|还是|依然|依旧)';
const ZH_NETWORK_NOT_UP =
  '(?:未就绪|NotReady|not ready|没有网卡|没有 ?veth|没有创建|未创建|没创建|不生效|没生效|未生效|没有加载|未加载|没加载|没有被加载|未识别|不识别|没有识别|没有读取|未读取)';

/** Memory quantified as the node's whole or most of it, the object of a verb of consuming (round 27). */
const EATEN_MEMORY = [
  "all node's memory",
  "all the node's memory",
  "all of the node's memory",
  "the node's memory",
  "the whole node's memory",
  "the host's memory",
  'all the memory',
  'all of the memory',
  'all memory',
  'all available memory',
  'all the available memory',
  'all the RAM',
  'all RAM',
  'the whole memory',
  'most of the memory',
  "most of the node's memory",
  'huge amounts of memory',
  'a huge amount of memory',
  'lots of memory',
  'a lot of memory',
  'tons of memory',
  'gigabytes of memory',
  'GBs of memory',
];

export const STATES = {
  hangs: {
    en: [
      ...inflections(HANG, FREEZE, DEADLOCK, LOCK_UP, WEDGE, TIME_OUT, STOP_RESPONDING),
      ...bare(HANG),
      'deadlock',
      'lockup',
      'lock-up',
      'hangs',
      'hung',
      'hanging',
      'stuck',
      'unresponsive',
      'freezes',
      'froze',
      'frozen',
      'stopped responding',
      'does not respond',
      "doesn't respond",
      'did not respond',
      "didn't respond",
      'not responding',
      'no response',
      'times out',
      'timed out',
      'deadlocked',
      'never returns',
      'never returned',
      'wedged',
    ],
    zh: [
      '卡死',
      '卡住',
      '无响应',
      '無響應',
      '没有响应',
      '沒有響應',
      '没响应',
      '沒響應',
      '没有反应',
      '沒有反應',
      '夯住',
      'hang住',
      '死锁',
      '死鎖',
      '超时',
      '超時',
      '停在',
      '阻塞',
      '堵塞',
      '僵死',
      '不响应',
      '不響應',
      '没反应',
      '沒反應',
      '无反应',
      '無反應',
      '卡着不动',
      '卡著不動',
    ],
    forms: cannot(RESPOND, RETURN),
    // Right after the subject: "containerd not responded", "docker was hanging because …", "containerd hang to
    // respond" (a bare verb before an infinitive).
    finite: {
      said: [],
      ing: [...negated(RESPOND, ANSWER), ...becauseOf(HANG, FREEZE)],
      base: [],
      infinitive: toInfinitive([HANG, STOP, FAIL, REFUSE], [RESPOND, ANSWER]),
    },
    denied: {
      en: [
        'not hung',
        'not stuck',
        'never hung',
        'no longer hangs',
        "didn't hang",
        'did not hang',
        "doesn't hang",
        'does not hang',
      ],
      zh: ['没有卡', '沒有卡', '未卡', '不卡'],
    },
  },
  died: {
    en: [
      ...inflections(CRASH, DIE, EXIT, PANIC, SEGFAULT, GO_DOWN),
      ...bare(CRASH),
      'crashed',
      'crashes',
      'died',
      'dies',
      'exited',
      'was killed',
      'got killed',
      'killed by signal',
      'killed by SIGKILL',
      'received SIGTERM',
      'was terminated',
      'terminated',
      'was stopped',
      'stopped',
      'is not running',
      'was not running',
      'not running',
      'is down',
      'was down',
      'went down',
      'panicked',
      'segfaulted',
      'shut down',
    ],
    zh: [
      '挂了',
      '挂掉',
      '掛了',
      '掛掉',
      '崩溃',
      '崩潰',
      '退出了',
      '进程退出',
      '進程退出',
      '被杀',
      '被殺',
      '被kill',
      '停止了',
      '停掉了',
      '宕机',
      '宕機',
      '死掉',
      '没有运行',
      '沒有運行',
      '崩了',
      '异常退出',
      '異常退出',
      '意外退出',
      '挂掉了',
      '宕掉',
      // Round 27: the Chinese of "stopped working" / "stopped running" (停止 to stop, 工作 to work, 运行 to run).
      '停止工作',
      '停止运行',
      '停止運行',
    ],
    // Right after the subject: "docker stopped working", and a bare verb before an infinitive, "docker stop to work".
    finite: {
      said: [STOP_WORKING.s, STOP_WORKING.past],
      ing: [],
      base: [],
      infinitive: toInfinitive([STOP], [WORK, RUN]),
    },
    denied: {
      en: [
        'not crashed',
        "didn't crash",
        'did not crash',
        'never crashed',
        'did not die',
        'never died',
        'was not killed',
        'not killed',
        'never stopped',
        'was not stopped',
      ],
      zh: ['没有挂', '沒有掛', '没有崩溃', '沒有崩潰', '未崩溃'],
    },
  },
  neverReady: {
    en: [
      'never became Ready',
      'never becomes Ready',
      'never become Ready',
      'never got Ready',
      'never came up',
      'never comes up',
      'never come up',
      'never went Ready',
      'never turned Ready',
      'NotReady since joining',
      'NotReady after joining',
      'NotReady right after joining',
      'stuck in NotReady',
      'stuck NotReady',
      'never became ready',
      'never becomes ready',
      'never become ready',
      'never gets ready',
      'never got ready',
      'cannot become ready',
      'can not become ready',
      'not becoming ready',
    ],
    zh: [
      '一直NotReady',
      '一直 NotReady',
      '一直是NotReady',
      '一直是 NotReady',
      '始终NotReady',
      '始终 NotReady',
      '一直处于NotReady',
      '一直未就绪',
      '加入后NotReady',
      '一直不能 ready',
      '一直不能ready',
      '不能 ready',
      '不能ready',
      '无法就绪',
      '無法就緒',
      '一直不ready',
      // Cannot become Ready (无法, as 不能 above): Ready as the word, or turned into it.
      '无法Ready',
      '无法 Ready',
      '无法ready',
      '無法Ready',
      '无法变为Ready',
      '无法变成Ready',
      '无法变为ready',
      '無法變為Ready',
      '无法转为Ready',
      '无法进入Ready',
    ],
    forms: [
      phrase(
        [
          'cannot',
          "can't",
          'can not',
          'could not',
          "couldn't",
          'unable to',
          'not able to',
          'fails to',
          'failed to',
          'failing to',
          'fail to',
          'refuses to',
          'refused to',
        ],
        ['become Ready', 'become ready', 'get Ready', 'get ready', 'go Ready', 'turn Ready', 'reach Ready'],
      ),
    ],
    denied: { en: [], zh: [] },
  },
  oomKilled: {
    en: [
      'was OOM killed',
      'was OOM-killed',
      'got OOM killed',
      'got OOMKilled',
      'was OOMKilled',
      'OOM killed',
      'OOM-killed',
      'OOMKilled',
      'killed by the OOM killer',
      'killed by OOM killer',
      'killed by the oom-killer',
      'oom-killed',
      // The killer first ("the oom-killer killed the kubelet"): mm/oom_kill.c's "Killed process N (comm)".
      'OOM killer killed',
      'oom killer killed',
      'oom-killer killed',
      'OOM-killer killed',
      'OOM killer chose',
      'oom-killer chose',
      'OOM killer picked',
      'oom-killer picked',
    ],
    zh: ['被OOM', '被oom', '被 OOM', '被 oom', 'OOM杀', 'oom杀', '被OOM Kill', '被oom kill'],
    denied: { en: ['not OOM killed', 'was not OOM'], zh: ['没有被OOM', '沒有被OOM'] },
  },
  memoryHungry: {
    en: [
      'used too much memory',
      'uses too much memory',
      'using too much memory',
      'consumed too much memory',
      'consumes too much memory',
      'consuming too much memory',
      'took all the memory',
      'leaking memory',
      'leaks memory',
      'has a memory leak',
      'had a memory leak',
      'memory leak',
      'ran out of memory',
      'runs out of memory',
      'running out of memory',
      'is out of memory',
      'was out of memory',
      'went out of memory',
    ],
    zh: [
      '内存泄漏',
      '內存洩漏',
      '内存泄露',
      '内存占用过高',
      '內存佔用過高',
      '占用大量内存',
      '吃光内存',
      '内存暴涨',
    ],
    forms: [
      phrase(
        [
          // The bare present after a plural subject: "when our applications consume too much memory".
          'use',
          'consume',
          'eat',
          'hog',
          'uses',
          'used',
          'using',
          'consumes',
          'consumed',
          'consuming',
          'eats',
          'ate',
          'eating',
          'takes',
          'took',
          'taking',
          'hogs',
          'hogged',
          'hogging',
          'grabs',
          'grabbed',
          'grabbing',
        ],
        [
          'too much memory',
          'all the memory',
          'all memory',
          'all of the memory',
          'most of the memory',
          'huge amounts of memory',
          'excessive memory',
          'more memory than',
        ],
      ),
    ],
    denied: { en: ['no memory leak', 'not leaking'], zh: ['没有内存泄漏', '沒有內存洩漏'] },
  },
  /**
   * Round 27 (r27-storage): a process as the subject of a verb of consuming memory, the node's memory its object ("eats
   * all of the node's memory", "uses up the RAM", "grows to 50 GB", "吃光内存"): the process itself takes it, which
   * is that process's defect, not a node starved by its workloads.
   */
  eatsMemory: {
    en: [
      'memory hog',
      'leaks memory',
      'leaking memory',
      'leaked memory',
      'has a memory leak',
      'had a memory leak',
    ],
    zh: [
      '吃内存',
      '吃內存',
      '占用大量内存',
      '占用了大量内存',
      '佔用大量內存',
      '内存泄漏',
      '内存泄露',
      '內存洩漏',
      '内存占用过高',
      '内存占用很高',
      '内存暴涨',
      '內存暴漲',
    ],
    forms: [
      zhPhrase(
        ['吃光了', '吃光', '吃掉了', '吃掉', '吃满了', '吃满', '耗尽了', '耗尽', '耗盡', '占满了', '占满'],
        [
          '内存',
          '內存',
          '所有内存',
          '全部内存',
          '大量内存',
          '大量內存',
          '节点的内存',
          '节点内存',
          '節點的內存',
          '机器的内存',
          '主机内存',
          '整机内存',
        ],
      ),
      // Verbs of eating and leaking take memory however it is said; the plainer verbs of use take it only quantified
      // (all of it, most of it, lots of it): "the kubelet shows pods consuming memory" is no consumption of its own.
      phrase(
        [
          'eats',
          'ate',
          'eating',
          'eats up',
          'ate up',
          'eating up',
          'devours',
          'devoured',
          'devouring',
          'gobbles up',
          'gobbled up',
          'gobbling up',
          'hogs',
          'hogged',
          'hogging',
          'leaks',
          'leaked',
          'leaking',
        ],
        [...EATEN_MEMORY, 'memory', 'RAM', 'the memory', 'the RAM'],
      ),
      phrase(
        [
          'consumes',
          'consumed',
          'consuming',
          'uses up',
          'used up',
          'using up',
          'takes all of',
          'took all of',
          'taking all of',
          'takes up',
          'took up',
          'taking up',
          'exhausts',
          'exhausted',
          'exhausting',
        ],
        EATEN_MEMORY,
      ),
    ],
    patterns: [
      {
        // Its memory grown to, or used at, a figure of gigabytes ("grew to 52 GB", "is using 12 GiB of memory",
        // "占用了 20G 内存").
        pattern:
          '(?:grows?|grew|growing|grown|balloon(?:s|ed|ing)?|climb(?:s|ed|ing)?) (?:up )?to (?:over |about |around |nearly |almost )?[0-9]+(?:\\.[0-9]+)? ?(?:GB|GiB|Gi|gb|G )|using (?:over |about |around |nearly |almost )?[0-9]+(?:\\.[0-9]+)? ?(?:GB|GiB|Gi|G|gb) (?:of )?(?:memory|RAM|RSS)|(?:使用|占用|佔用)了? ?[0-9]+(?:\\.[0-9]+)? ?(?:GB|GiB|G|Gi) ?(?:的)?(?:内存|內存)',
        example: 'grew to 52 GB',
        literals: ['grow', 'grew', 'balloon', 'climb', 'using', '使用', '占用', '佔用'],
      },
    ],
    denied: {
      en: [
        'not leaking',
        'no memory leak',
        'does not eat',
        "doesn't eat",
        'not consuming',
        'stays flat',
        'stayed flat',
      ],
      zh: ['没有内存泄漏', '沒有內存洩漏', '内存正常', '內存正常', '不占内存'],
    },
  },
  accumulating: {
    en: [
      'piling up',
      'pile up',
      'piled up',
      'accumulating',
      'accumulate',
      'keep growing',
      'keeps growing',
      'kept growing',
      'growing in number',
      'are leaking',
      'were leaking',
      'leaked',
      'left behind',
    ],
    zh: ['越来越多', '越來越多', '堆积', '堆積', '残留', '殘留', '泄漏', '洩漏'],
    forms: repeatedly(PILE_UP, GROW, verb('accumulate'), verb('build up', { past: 'built up' })),
    denied: { en: ['not leaking', 'not piling up'], zh: ['没有残留', '沒有殘留'] },
  },
  // Processes that outlived what they served: shims left after their containers, reparented to PID 1 and never
  // reaped, or counted in numbers no node runs containers for.
  leftOver: {
    en: [
      'left over',
      'leftover',
      'leftovers',
      'orphaned',
      'orphans',
      'reparented to PID 1',
      'reparented to pid 1',
      'reparented to init',
      're-parented to PID 1',
      're-parented to init',
      'adopted by init',
      'with PPID 1',
      'with ppid 1',
      'with ppid=1',
      'with PPID=1',
      'parent PID 1',
      'parent PID of 1',
      'parent pid 1',
      'never reaped',
      'not reaped',
      'were not reaped',
      'never cleaned up',
      'not cleaned up',
      'never exit',
      'never exited',
      'did not exit',
      "didn't exit",
      'outlive',
      'outlived',
      'outlives',
      'outliving',
    ],
    zh: [
      '残留',
      '殘留',
      '孤儿',
      '孤兒',
      '没有被回收',
      '沒有被回收',
      '未被回收',
      '没被回收',
      '没有退出',
      '沒有退出',
      '未退出',
      '父进程为1',
      '父进程为 1',
      '父進程為1',
      '父进程是1',
    ],
    // "remains after its container exited", "lingering on the host": a verb of staying, then what it outstayed.
    forms: [
      phrase(
        [
          ...inflections(verb('remain'), verb('linger'), verb('stay', { past: 'stayed' })),
          'remain',
          'linger',
          'stay',
        ],
        [
          'after',
          'behind',
          'around',
          'alive',
          'running after',
          'on the host',
          'on hosts',
          'on the node',
          'on nodes',
        ],
      ),
    ],
    // Reparenting that is the design (a runc v2 shim's parent is PID 1; a v1 shim's after containerd restarts) and
    // counts that match the containers are not a leak.
    denied: {
      en: [
        'not orphaned',
        'no orphaned',
        'no leftover',
        'not left over',
        'nothing left over',
        'as expected',
        'is expected',
        'which is normal',
        'is normal',
        'by design',
        'one per container',
        'one per running container',
        'one per pod',
        'match the number',
        'matches the number',
        'same number',
      ],
      zh: ['没有残留', '沒有殘留', '正常'],
    },
  },
  // A count before its noun, in the hundreds or thousands: "thousands of shim processes", "478 containerd-shim
  // processes", "上千个 shim 进程". Read before the subject only: after it, the number is something the subject holds.
  /** A caller's request refused, before the verb it could not do ("cannot fork", "unable to create new threads"). */
  refused: {
    en: [
      'cannot',
      'can not',
      "can't",
      'unable to',
      'could not',
      "couldn't",
      'failed to',
      'fails to',
      'failing to',
    ],
    zh: ['无法', '無法', '不能', '失败', '失敗'],
    denied: { en: ['can now', 'no longer fails', 'no longer failing'], zh: [] },
  },
  /** A limit said too low, or raised to make something work again ("we raised max_user_watches"). */
  tooLow: {
    en: [
      'too low',
      'too small',
      'was low',
      'is low',
      'was insufficient',
      'is insufficient',
      'not enough',
      'raised',
      'increased',
      'bumped',
      'was reached',
      'is reached',
      'has been reached',
      'exhausted',
      'exceeded',
    ],
    zh: ['太小', '太低', '不够', '不夠', '调大', '調大', '调高', '調高', '增大', '耗尽', '耗盡', '用完'],
    denied: { en: ['not too low', 'high enough', 'not the problem', 'not exhausted'], zh: ['足够', '足夠'] },
  },
  /** ENOSPC as the program following a file prints it: from inotify_add_watch, the watch limit. */
  noSpace: {
    en: ['no space left on device', 'No space left on device', 'ENOSPC'],
    zh: ['no space left on device', 'No space left on device'],
    denied: { en: [], zh: [] },
  },
  /** A figure of a hundred or more (a load average on a node of tens of cores). */
  figureHigh: {
    en: ['in the hundreds', 'over a hundred', 'above a hundred'],
    zh: ['上百', '几百', '幾百'],
    patterns: [
      {
        pattern: '(?:[ :=]|of |at |over |above |about |around |to |reached |hit )[1-9][0-9]{2,}',
        example: ' 200',
        literals: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
      },
    ],
    denied: { en: ['normal', 'cores'], zh: ['正常'] },
  },
  /** Two settings that should agree and do not. */
  mismatch: {
    en: [
      'mismatch',
      'mismatched',
      'do not match',
      "don't match",
      'does not match',
      "doesn't match",
      'did not match',
      "didn't match",
      'not matching',
      'differ',
      'differs',
      'different',
      'inconsistent',
    ],
    zh: ['不一致', '不匹配'],
    // The two drivers named against each other ("systemd cgroup driver but docker uses cgroupfs").
    patterns: [
      {
        pattern: '(?:but|while|whereas) [^\\n.;]{0,40}(?:cgroupfs|systemd)',
        example: 'but docker uses cgroupfs',
        literals: ['but ', 'while ', 'whereas '],
      },
    ],
    denied: {
      en: ['no mismatch', 'not mismatched', 'not different', 'do match', 'both use'],
      zh: ['一致的'],
    },
  },
  /** The kubelet refusing to run with swap on (its start-up check), said in words. */
  swapRefusal: {
    en: [
      'swap is enabled',
      'swap was enabled',
      'swap enabled',
      'swap is on',
      'swap was on',
      'swap was turned on',
      'swap turned on',
      'because of swap',
      'due to swap',
      'swap not disabled',
      'swap is not disabled',
      'swap was not disabled',
      'swap not turned off',
      'running with swap',
    ],
    zh: [
      '开启了 swap',
      '开启了swap',
      '开了 swap',
      '開啟了 swap',
      'swap 开启',
      'swap开启',
      'swap 未关闭',
      'swap未关闭',
      '没有关闭 swap',
      '没有关闭swap',
      '未关闭swap',
      '未关闭 swap',
      '启用了 swap',
      '启用了swap',
      'swap 没关',
      'swap没关',
      'swap がオン',
      'swap が有効',
      'スワップが有効',
    ],
    denied: {
      en: ['swap is off', 'swap is disabled', 'swap disabled', 'swapoff -a'],
      zh: ['关闭了 swap', '关闭了swap'],
    },
  },
  /** A file the kubelet loads at start said missing: its config file, kubeconfig, bootstrap kubeconfig, CA. */
  fileMissing: {
    en: [
      'config file is missing',
      'config file was missing',
      'config file missing',
      'config.yaml is missing',
      'config.yaml was missing',
      'config.yaml missing',
      'kubeconfig is missing',
      'kubeconfig was missing',
      'kubeconfig missing',
      'kubeconfig file is missing',
      'kubeconfig file was missing',
      'kubelet.conf is missing',
      'kubelet.conf was missing',
      'missing kubeconfig',
      'missing config file',
      'missing config.yaml',
      'missing its config',
      'missing its kubeconfig',
      'config file not found',
      'kubeconfig not found',
      'config file was deleted',
      'kubeconfig was deleted',
      'ca.crt is missing',
      'ca.crt was missing',
    ],
    zh: [
      '找不到配置文件',
      '找不到 kubeconfig',
      '找不到kubeconfig',
      '配置文件不存在',
      '配置文件丢失',
      '配置文件丟失',
      '缺少配置文件',
      'kubeconfig 不存在',
      'kubeconfig不存在',
      '設定ファイルがない',
      '設定ファイルが見つからない',
    ],
    denied: { en: ['not missing', 'was present', 'is present'], zh: ['存在的'] },
  },
  /** Full said with no verb after its subject ("disk full", 磁盘已满). */
  bareFull: {
    en: [' full'],
    zh: ['已满', '已滿', '满', '滿', 'がいっぱい', 'が一杯'],
    denied: {
      en: ['fully', 'not full', 'full backup', 'full path', 'full name'],
      zh: ['不满', '没满', '沒滿', '未满'],
    },
  },
  counted: {
    en: ['thousands of', 'hundreds of', 'tens of thousands of'],
    zh: ['成千上万', '成千上萬', '上千个', '上千個', '几千个', '幾千個', '几百个', '幾百個'],
    patterns: [
      {
        pattern: '[1-9][0-9]{2,}\\+? (?:total |orphaned |leftover |stale |zombie |lingering |extra )?',
        example: '478 total ',
        literals: ['0 ', '1 ', '2 ', '3 ', '4 ', '5 ', '6 ', '7 ', '8 ', '9 ', '+ '],
      },
    ],
    denied: {
      en: ['one per container', 'one per running container', 'one per pod', 'as expected', 'which is normal'],
      zh: ['正常'],
    },
  },
  unresponsive: {
    en: [
      'became unresponsive',
      'becomes unresponsive',
      'went unresponsive',
      'was unresponsive',
      'is unresponsive',
      'were unresponsive',
      'are unresponsive',
      'not responsive',
      'non-responsive',
      'nonresponsive',
      'stopped responding',
      'no longer responding',
      'became unreachable',
      'went unreachable',
      'was unreachable',
      'were unreachable',
      'is unreachable',
      'are unreachable',
      'could not be reached',
      "couldn't be reached",
      'cannot be reached',
      'lost contact',
      'could not SSH',
      'could not ssh',
      "couldn't SSH",
      "couldn't ssh",
      'cannot SSH',
      'cannot ssh',
      "can't ssh",
      "can't SSH",
      'SSH hangs',
      'ssh hangs',
      'SSH timed out',
      'ssh timed out',
      'end up unresponsive',
      'ends up unresponsive',
      'ended up unresponsive',
      'ending up unresponsive',
      'become unresponsive',
      'becoming unresponsive',
      'go unresponsive',
      'goes unresponsive',
      'going unresponsive',
      'froze',
      'freezes',
      'frozen',
    ],
    zh: [
      '无法ssh',
      '無法ssh',
      'ssh不上',
      'ssh 不上',
      '登录不上',
      '登錄不上',
      '卡死',
      '无响应',
      '無響應',
      '假死',
      '失联',
      '失聯',
      '不可达',
      '不可達',
      '无法登录',
      '無法登錄',
      '无法登陆',
      '無法登陸',
      '登不上',
      '登录不了',
      '登錄不了',
      '无法远程',
      '無法遠程',
      '远程不上',
      '遠程不上',
      'ping不通',
      'ping 不通',
      '无法ping通',
      '無法ping通',
      '僵死',
    ],
    // SSH impossible, said as a state of the host (adjective, passive, SSH as the subject) in either case.
    patterns: [
      {
        pattern:
          "(?:not |un)(?:reachable|accessible) (?:via|over|by|through) (?:SSH|ssh)|inaccessible (?:via|over) (?:SSH|ssh)|(?:SSH|ssh)(?: connections?)? (?:times? out|timeouts|timed out|does ?n[o']t work|did ?n[o']t work|fail(?:s|ed)?)|(?:[Uu]nable|not able) to (?:SSH|ssh)",
        example: 'not reachable via SSH',
        literals: ['SSH'],
      },
      {
        pattern:
          '(?:SSH|ssh) ?(?:连不上|連不上|超时|超時|无法连接|無法連接|登录不上|登錄不上|不上)|无法 ?(?:SSH|ssh)|無法 ?(?:SSH|ssh)',
        example: 'ssh连不上',
        literals: ['SSH'],
      },
    ],
    denied: { en: ['not unresponsive', 'never lost contact'], zh: ['没有失联', '沒有失聯'] },
  },
  /**
   * Round 22: a container in the runtime's dead or exited state, by the runtime's own state names (docker's container
   * State.Status "exited" and "dead", `docker ps` STATUS "Exited (N) …" and "Dead"; CRI's CONTAINER_EXITED): the
   * container is not running. A container's "DEAD state" is not a process in D state (ps(1)'s uninterruptible sleep).
   */
  containerDead: {
    en: [
      'in DEAD state',
      'in Dead state',
      'in dead state',
      'in the dead state',
      'in EXITED state',
      'in Exited state',
      'in exited state',
      'are all dead',
      'are dead',
      'is dead',
      'were dead',
      'was dead',
      'Exited (',
      'CONTAINER_EXITED',
    ],
    zh: ['处于Dead状态', '处于 Dead 状态', 'Dead状态', 'Exited状态', '已退出'],
    denied: { en: [], zh: [] },
  },
  sigkilled: {
    en: [
      'exited with code 137',
      'exited with status 137',
      'exit code 137',
      'exit status 137',
      'status=137',
      'Exited (137)',
      // kubectl describe pod's container state: "Last State: Terminated ... Exit Code: 137" (padded columns).
      'Exit Code: 137',
      'Exit Code:    137',
      'exitCode: 137',
      'killed by SIGKILL',
      'got SIGKILL',
      'was SIGKILLed',
      'killed with signal 9',
      'kill -9',
    ],
    zh: ['退出码137', '退出碼137', '退出码 137', '被kill -9', '被 kill -9', '被SIGKILL'],
    denied: { en: [], zh: [] },
  },
  notRestarted: {
    en: [
      'was not restarted',
      'was never restarted',
      'not restarted',
      'never restarted',
      "wasn't restarted",
      'did not restart',
      "didn't restart",
      'did not start again',
      'never started again',
      'did not come back',
      "didn't come back",
      'never came back',
      'stayed down',
      'stayed dead',
      'stayed inactive',
      'remained down',
      'remained inactive',
      'remained stopped',
      'inactive (dead)',
      'failed to start',
      'fails to start',
      'could not start',
      'cannot start',
      "won't start",
    ],
    zh: [
      '没有重启',
      '沒有重啟',
      '未重启',
      '未重啟',
      '没有被拉起',
      '沒有被拉起',
      '没有自动重启',
      '沒有自動重啟',
      '没起来',
      '沒起來',
      '起不来',
      '起不來',
      '无法启动',
      '無法啟動',
      '启动失败',
      '啟動失敗',
      '重启失败',
      '重啟失敗',
      '启动不了',
      '啟動不了',
      '拉不起来',
      '拉不起來',
      '起不起来',
      '没有起来',
      '沒有起來',
      '没有启动',
      '沒有啟動',
      '未启动',
      '未啟動',
      // Japanese: 起動しない/しなかった/していない/できない, 立ち上がらない.
      '起動しない',
      '起動しなかった',
      '起動していない',
      '起動できない',
      '起動に失敗',
      '立ち上がらない',
      '立ち上がってこない',
      '動いていない',
    ],
    forms: [
      // Not RESTART: to fail to restart X is someone's action on X, which may hang for other reasons.
      ...cannot(START, COME_BACK, COME_UP),
      phrase(['will never', "won't ever", 'will not ever'], ['start', 'restart', 'come back', 'come up']),
      zhPhrase(
        ZH_CANNOT.filter((w) => w !== '不了'),
        ['启动', '啟動', '重启', '重啟', '起来', '起來', '拉起', '正常启动'],
      ),
    ],
    // Right after the subject, where restarting is the subject's own: "containerd not started after the update",
    // "docker was failing because the runc binary was missing", "containerd fail to start".
    finite: {
      said: [],
      ing: [...negated(START, RESTART, COME_BACK, COME_UP), ...becauseOf(FAIL)],
      base: [],
      infinitive: toInfinitive([FAIL, REFUSE], [START, RESTART, COME_BACK, COME_UP]),
    },
    denied: { en: [], zh: [] },
  },
  restarting: {
    en: [
      'restart loops',
      'crash loops',
      'crash-loop',
      'crash-looping',
      'crash looping',
      'crashlooping',
      'CrashLoopBackOff',
      'restart storm',
      'restart cycle',
      'reboot loop',
      'boot loop',
      'loop of restarts',
      'cycle of restarts',
      'restarting loop',
      'constant restarts',
      'repeated restarts',
      'frequent restarts',
      'continuous restarts',
      'endless restarts',
      'keeps restarting',
      'kept restarting',
      'keeps crashing',
      'restarts constantly',
      'restarts repeatedly',
      'restarted repeatedly',
      'restarts every',
      'is crash-looping',
      'crash loop',
      'crashloop',
      'restart loop',
    ],
    zh: [
      '频繁重启',
      '頻繁重啟',
      '不断重启',
      '不斷重啟',
      '反复重启',
      '反復重啟',
      '一直重启',
      '一直重啟',
      '循环重启',
      '循環重啟',
      '重启循环',
      '重啟循環',
      '重启了好几次',
      '一直在重启',
      '一直在重啟',
      '不停地重启',
      '不停地重啟',
      '不停重启',
      '不停重啟',
      '重启了很多次',
      '重啟了好幾次',
    ],
    forms: [
      ...repeatedly(RESTART, CRASH, DIE, EXIT, REBOOT, GO_DOWN, PANIC),
      // Round 21 (r21-runtime-words): the bare verb after "keep" and before a period, as people who write English
      // as a second language say it ("the kubelet keep restart", "restart every few minutes"): what systemd's
      // "Scheduled restart job, restart counter is at N" records, a unit that exits and is started again.
      phrase(['keeps', 'keep', 'kept'], [RESTART.base, CRASH.base, EXIT.base]),
      phrase(
        [RESTART.base, CRASH.base, EXIT.base, DIE.base],
        ['every few', 'every couple of', 'every several', 'every minute', 'every hour', 'every other'],
      ),
      phrase(
        ['keeps', 'keep', 'kept'],
        ['getting restarted', 'being restarted', 'getting killed', 'getting OOM killed', 'getting OOMKilled'],
      ),
      // "keep" with the bare verb, as writers whose first language has no gerund put it ("kubelet keep restart
      // every few minutes"): the same repetition as "keeps restarting".
      phrase(['keeps', 'keep'], ['restart every', 'restart again', 'restart all the time', 'crash every']),
      // Round 27: a restart nobody asked for ("restarted by itself", "restarts unexpectedly"): the process exited and
      // its service manager started it again; and systemd's own restarts of it, said to repeat.
      phrase(doing(RESTART), SELF_AFTER),
      phrase(
        [
          'restarted by systemd',
          'restarts by systemd',
          'being restarted by systemd',
          'getting restarted by systemd',
        ],
        [
          'over and over',
          'again and again',
          'repeatedly',
          'every few minutes',
          'in a loop',
          'all the time',
          'constantly',
        ],
      ),
      zhPhrase(
        ['自己', '自行', '突然', '莫名其妙地', '莫名其妙', '无故', '無故'],
        ['重启', '重啟', '重启了', '重啟了'],
      ),
      zhPhrase(ZH_OFTEN, [
        '重启',
        '重啟',
        '重啓',
        '重新启动',
        '重新啟動',
        '崩溃',
        '崩潰',
        '挂掉',
        '掛掉',
        '退出',
        '被杀',
        '被殺',
      ]),
    ],
    denied: {
      en: [
        'no longer restarting',
        'stopped restarting',
        'not restarting',
        'stopped crashing',
        'no longer crashing',
      ],
      zh: ['没有重启', '沒有重啟', '不再重启', '不再重啟'],
    },
  },
  rebooting: {
    en: [
      ...inflections(PANIC),
      'keeps rebooting',
      'kept rebooting',
      'keep rebooting',
      'reboots in a loop',
      'rebooted in a loop',
      'rebooting in a loop',
      'reboot loop',
      'boot loop',
      'bootloop',
      'reboots repeatedly',
      'rebooted repeatedly',
      'rebooting repeatedly',
      'reboots constantly',
      'reboots randomly',
      'rebooted randomly',
      'randomly reboots',
      'randomly rebooted',
      'reboots by itself',
      'rebooted by itself',
      'rebooted itself',
      'reboots itself',
      'restarts by itself',
      'restarted by itself',
      'restarted on its own',
      'rebooted on its own',
      'rebooted unexpectedly',
      'unexpectedly rebooted',
      'rebooted spontaneously',
      'spontaneously rebooted',
      'kernel panic',
      'kernel panicked',
      'kernel panics',
      'kernel crash',
      'kernel crashed',
      'crashed and rebooted',
      'crashes and reboots',
      'crashed and restarted',
      'crashes and restarts',
      'crashed',
      'crashes',
      'crashing',
    ],
    zh: [
      '反复重启',
      '反復重啟',
      '不断重启',
      '不斷重啟',
      '自动重启',
      '自動重啟',
      '自己重启',
      '自行重启',
      '意外重启',
      '异常重启',
      '異常重啟',
      '死机',
      '死機',
      '宕机',
      '宕機',
      '内核崩溃',
      '內核崩潰',
      '内核panic',
    ],
    forms: [
      ...repeatedly(REBOOT, RESTART, CRASH, PANIC),
      phrase(SELF_BEFORE, [
        ...doing(REBOOT, RESTART, CRASH, SHUT_DOWN, GO_DOWN),
        'reboot',
        'restart',
        'powered off',
        'powers off',
      ]),
      phrase([...doing(REBOOT, RESTART, CRASH, SHUT_DOWN, GO_DOWN), 'powered off', 'powers off'], SELF_AFTER),
      phrase(UNPLANNED, [
        'reboots',
        'reboot',
        'restarts',
        'restart',
        'shutdowns',
        'shutdown',
        'crashes',
        'crash',
        'power-offs',
        'power-off',
        'power cycles',
      ]),
      zhPhrase(ZH_SELF, ['重启', '重啟', '重新启动', '重新啟動', '关机', '關機', '宕机', '宕機']),
      zhPhrase(ZH_OFTEN, ['重启', '重啟', '重新启动', '重新啟動', '宕机', '宕機', '死机', '死機']),
    ],
    finite: {
      said: [REBOOT.s, REBOOT.past, RESTART.s, RESTART.past],
      ing: [REBOOT.ing, RESTART.ing],
      base: [REBOOT.base, RESTART.base],
    },
    denied: {
      en: [
        'did not reboot',
        "didn't reboot",
        'never rebooted',
        'not rebooted',
        'no reboot',
        'no kernel panic',
        'not crashed',
        "didn't crash",
        'did not crash',
        'never crashed',
        'no reboots',
        'no unexpected reboot',
        'never restarted',
        'did not restart',
        "didn't restart",
        'not restarted',
      ],
      zh: [
        '没有重启',
        '沒有重啟',
        '没有自动重启',
        '沒有自動重啟',
        '未重启',
        '没有宕机',
        '沒有宕機',
        '没有死机',
      ],
    },
  },
  /** A host or a service taken out of service: stopped, shut down, powered off, taken offline. */
  takenDown: {
    en: [
      'stopped',
      'stopping',
      'shut down',
      'shutting down',
      'shutdown',
      'powered off',
      'powering off',
      'turned off',
      'taken offline',
      'took offline',
      'taken down',
      'took down',
      'brought down',
      'went down',
      'is down',
      'was down',
      'went away',
      'went offline',
      ...doing(SHUT_DOWN, GO_DOWN, verb('power off'), verb('go offline', { past: 'went offline' })),
    ],
    zh: [
      '宕机',
      '宕機',
      '停止',
      '停掉',
      '关机',
      '關機',
      '停机',
      '停機',
      '下线',
      '下線',
      '关掉',
      '關掉',
      '关闭',
      '關閉',
      '挂了',
      '掛了',
    ],
    denied: {
      en: ['not stopped', 'never stopped', 'was not down', 'never went down', 'not shut down'],
      zh: ['没有停', '沒有停', '没有宕机', '沒有宕機', '没有关机'],
    },
  },
  /** Nodes said to give way: NotReady, unresponsive, down. */
  fellOver: {
    en: [
      'dies',
      'died',
      'falls over',
      ' fall over',
      'falling over',
      'drops out',
      'dropped out',
      'goes down',
      'going down',
      ' go down',
      'crashed',
      'crashes',
      'went NotReady',
      'became NotReady',
      'turned NotReady',
      'go NotReady',
      'goes NotReady',
      'going NotReady',
      'NotReady',
      'Not Ready',
      'not ready',
      'became unresponsive',
      'went unresponsive',
      'unresponsive',
      'not responsive',
      'non-responsive',
      'stopped responding',
      'went down',
      'fell over',
      'never came back',
    ],
    zh: [
      'NotReady',
      '无响应',
      '無響應',
      '卡死',
      '假死',
      '宕机',
      '宕機',
      '挂了',
      '掛了',
      '不可用',
      '失联',
      '失聯',
    ],
    denied: {
      en: [
        'stayed Ready',
        'remained Ready',
        'never went NotReady',
        'did not go NotReady',
        "didn't go NotReady",
        'did not cause',
        "didn't cause",
        'did not make',
        "didn't make",
        'no NotReady',
      ],
      zh: ['没有NotReady', '沒有NotReady', '没有出现NotReady', '都正常'],
    },
  },
  /** Checked and found normal: said of resources, evidence against their exhaustion. */
  normal: {
    en: [
      'normal',
      'were fine',
      'was fine',
      'are fine',
      'is fine',
      'looked fine',
      'looks fine',
      'look fine',
      'looked OK',
      // Round 18: resources said to be more than enough (ample: "more than enough", Merriam-Webster).
      'were all fine',
      'were ample',
      'was ample',
    ],
    zh: ['正常', '无异常', '無異常', '没有异常', '沒有異常', '没什么异常', '沒什麼異常', '充足', '充裕'],
    denied: {
      en: [
        'abnormal',
        'not normal',
        'back to normal',
        'returned to normal',
        'than normal',
        'above normal',
        'not fine',
      ],
      // "无法正常 ready" (cannot become Ready as it should): not a check found normal.
      zh: ['不正常', '恢复正常', '恢復正常', '无法正常', '無法正常', '不能正常'],
    },
  },
  /** The kubelet's word for a PLEG whose relist is late. */
  unhealthy: {
    en: ['not healthy', 'unhealthy'],
    zh: ['不健康', '异常', '異常', '不正常'],
    denied: { en: [], zh: [] },
  },
  busy: {
    en: [
      'pegged',
      'pegs',
      'pegging',
      'maxed out',
      'maxes out',
      'maxing out',
      'using all CPU',
      'high CPU',
      'spinning',
    ],
    zh: ['CPU打满', 'cpu打满', 'CPU打滿', 'CPU飙高', 'CPU飆高'],
    patterns: [
      {
        pattern: '(?:CPU|cpu)[^\\n]{0,24}(?:100|9[0-9]) ?%',
        example: 'cpu 占用率一直是 100%',
        literals: ['CPU'],
      },
      {
        pattern: '(?:100|9[0-9]) ?% (?:of )?(?:a |one )?(?:CPU|cpu|core)',
        example: '100% CPU',
        literals: ['CPU', 'core'],
      },
    ],
    denied: { en: [], zh: [] },
  },
  dState: {
    en: [
      'in D state',
      'D state',
      'state D',
      'State: D',
      'D-state',
      'uninterruptible sleep',
      'uninterruptible',
      'disk sleep',
      'hard-locked',
      'hard locked',
      'hard lock',
    ],
    zh: ['D状态', 'D狀態', 'D 状态', 'D 狀態', '不可中断', '不可中斷'],
    // The NMI watchdog's "hard LOCKUP" is a CPU spinning with interrupts off, not a task asleep in the kernel.
    denied: {
      en: [
        'not in D state',
        'no processes in D',
        'no process in D',
        'no tasks in D',
        'no D state',
        'no D-state',
        'nothing in D',
        'none in D',
        'zero tasks in',
        'zero processes in',
        'None of the processes',
        'none of the processes',
        'None of the tasks',
        'none of the tasks',
        'found none',
        'none found',
        'ruled out',
        'hard lockup',
        'hard LOCKUP',
      ],
      zh: [
        '没有 D',
        '没有D',
        '沒有 D',
        '沒有D',
        '无 D',
        '没有发现 D',
        '没发现 D',
        '没有任何进程',
        '沒有任何進程',
        '没有进程处于',
        '沒有進程處於',
        '排除了',
        'D状態のプロセスはありません',
        'D状態のプロセスはな',
      ],
    },
  },
  zombie: {
    en: ['zombie', 'zombies', 'defunct'],
    zh: ['僵尸', '僵屍', '殭屍', '殭尸'],
    denied: {
      en: [
        'no zombie',
        'not a zombie',
        'no defunct',
        'any zombie',
        'any defunct',
        'zero zombie',
        'None of the processes',
        'none of the processes',
        'found none',
        'none found',
        'ruled out',
      ],
      zh: [
        '没有僵尸',
        '沒有殭屍',
        '无僵尸',
        '没有发现僵尸',
        '没有任何僵尸',
        '排除了',
        'ゾンビはありません',
        'ゾンビプロセスはありません',
      ],
    },
  },
  exhausted: {
    en: [
      'runs out',
      ' run out',
      'depleted',
      'is full',
      'was full',
      'filled up',
      'fills up',
      'filling up',
      'got full',
      'gets full',
      'became full',
      'exhausted',
      'used up',
      'ran out',
      'running out',
      'at the limit',
      'at its limit',
      'hit the limit',
      // A limit's own name as the subject ("pid_max was reached", "the fd limit has been reached").
      'was reached',
      'is reached',
      'has been reached',
      'had been reached',
      'reached its limit',
      'reached the limit',
      'was hit',
      'got hit',
      'been hit',
      'maxed out',
      'leaked',
      'leaking',
    ],
    zh: [
      '满了',
      '滿了',
      '打满',
      '打滿',
      '耗尽',
      '耗盡',
      '用完',
      '用光',
      '泄漏',
      '洩漏',
      '泄露',
      '不足',
      '占满',
      '佔滿',
      '爆了',
    ],
    denied: {
      en: ['not full', 'not exhausted', 'plenty of', 'not reached', 'never reached', 'fully'],
      zh: ['没有满', '沒有滿', '充足'],
    },
  },
  saturated: {
    en: [
      'saturated',
      'at 100%',
      ' 100%',
      'maxed out',
      'throttled',
      'exhausted',
      'very high',
      'was high',
      'is high',
    ],
    zh: ['打满', '打滿', '很高', '飙高', '飆高', '100%'],
    denied: { en: ['not saturated', 'is normal', 'was normal', 'is low', 'was low'], zh: ['正常'] },
  },
  /**
   * Restarted once, by someone or something (not a loop: that is `restarting`): said of a daemon whose restart
   * itself is the event, such as the system bus, whose clients lose their connections when it goes.
   */
  restartedOnce: {
    en: [
      'was restarted',
      'got restarted',
      'has been restarted',
      'had been restarted',
      'were restarted',
      'is restarted',
      'gets restarted',
      'restarted',
      'was bounced',
      'got bounced',
    ],
    zh: ['重启了', '重啟了', '被重启', '被重啟', '重启过', '重啟過'],
    denied: {
      en: ['not restarted', 'never restarted', 'was not restarted', "wasn't restarted", 'without restarting'],
      zh: ['没有重启', '沒有重啟', '未重启', '未重啟'],
    },
  },
  unreachable: {
    en: [
      'unreachable',
      'not reachable',
      ...doing(
        GO_DOWN,
        verb('go offline', { past: 'went offline' }),
        verb('drop out', { past: 'dropped out', ing: 'dropping out' }),
      ),
      ...doing(
        verb('lose connectivity', { past: 'lost connectivity' }),
        verb('lose connection', { past: 'lost connection' }),
      ),
      'could not be reached',
      'cannot be reached',
      'lost connectivity',
      'lost connection',
      'disconnected',
      'was partitioned',
      'partitioned',
      'went down',
      'is down',
      'was down',
      'outage',
      'not responding',
      'stopped responding',
      'went offline',
      'was offline',
      'is offline',
      'went away',
    ],
    zh: [
      '不通',
      '断开',
      '斷開',
      '断网',
      '斷網',
      '中断',
      '中斷',
      '无法连接',
      '無法連接',
      '连不上',
      '連不上',
      '失联',
      '失聯',
      '挂了',
      '掛了',
      '宕机',
      '宕機',
    ],
    denied: { en: ['not unreachable', 'was reachable', 'is reachable'], zh: ['正常'] },
  },
  changed: {
    en: [
      'changed',
      'was changed',
      'was modified',
      'was updated',
      'blocked',
      'was blocking',
      'dropped',
      'was removed',
      'misconfigured',
    ],
    zh: ['修改', '变更', '變更', '被改', '拦截', '攔截', '禁止了'],
    denied: { en: ['not changed', 'unchanged'], zh: ['没有修改', '沒有修改', '未修改'] },
  },
  expired: {
    en: [
      'has expired',
      'had expired',
      'have expired',
      'was expired',
      'were expired',
      'is expired',
      'are expired',
      'expired',
      'was not renewed',
      'were not renewed',
      'not renewed',
      'did not rotate',
      'was not rotated',
      'were not rotated',
    ],
    zh: ['过期', '過期', '已到期', '失效', '没有续期', '沒有續期', '未续期', '未續期', '没有轮换', '未轮换'],
    denied: {
      en: [
        'not expired',
        'not yet expired',
        "hasn't expired",
        'has not expired',
        'never expired',
        'still valid',
      ],
      zh: ['没有过期', '沒有過期', '未过期', '未過期', '没过期'],
    },
  },
  /** Said before its subject, as an adjective: "unresponsive nodes", "the hung host". */
  unresponsiveBefore: {
    en: ['unresponsive', 'non-responsive', 'nonresponsive', 'unreachable', 'frozen', 'hung', 'wedged'],
    zh: [],
    denied: { en: ['not unresponsive', 'not unreachable'], zh: [] },
  },
  /** A host or an interface without its address: no DHCP lease, the address lost. */
  noAddress: {
    en: [
      'got no IP',
      'gets no IP',
      'get no IP',
      'has no IP',
      'had no IP',
      'have no IP',
      'no IP address',
      'no IPv4 address',
      'lost its IP',
      'lost their IP',
      'lost the IP',
      'loses its IP',
      'lost its address',
      'without an IP',
      'did not get an IP',
      "didn't get an IP",
      'does not get an IP',
      "doesn't get an IP",
      'failed to get an IP',
      'not getting an IP',
      'no DHCP lease',
      'lost its DHCP lease',
    ],
    zh: [
      '没有IP',
      '沒有IP',
      '没有ip',
      '没IP',
      '获取不到IP',
      '獲取不到IP',
      '拿不到IP',
      'IP丢失',
      'IP丢了',
      '丢失IP',
      '丢了IP',
      '没有分配IP',
      '沒有分配IP',
      'IP 丢失',
      'IP地址丢失',
      'IP 地址丢失',
      'IP地址没了',
      'IP 地址没了',
      'IP 没了',
      'IP没了',
    ],
    denied: { en: ['still has its IP', 'still had its IP'], zh: ['IP正常'] },
  },
  /** Something wrong with it, said as a noun: a problem, an issue, a blip, instability. */
  troubled: {
    en: [
      'problems',
      'problem',
      'issues',
      'issue',
      'glitches',
      'glitch',
      'blips',
      'blip',
      'hiccups',
      'hiccup',
      'instability',
      'interruptions',
      'interruption',
      'failures',
      'failure',
      'outages',
      'outage',
      'unstable',
      'flaky',
    ],
    zh: ['问题', '問題', '故障', '抖动', '抖動', '异常', '異常', '不稳定', '不穩定', '波动', '波動'],
    denied: {
      en: [
        'no problem',
        'no issue',
        'no network',
        'not a network',
        'not the problem',
        'not an issue',
        'not the issue',
        'ruled out',
        'nothing wrong',
      ],
      zh: ['没有问题', '沒有問題', '没问题', '没有异常', '沒有異常', '无异常', '排除'],
    },
  },
  /** Filled up, of a host: its disk, unless something else is named. */
  filledUp: {
    en: ['filled up', 'fills up', 'filling up', 'got full', 'gets full', 'became full'],
    zh: [],
    denied: { en: ['not filled up', 'never filled up'], zh: [] },
  },
  /** A kernel's trace as a person finds it on a screen: a call trace, an oops, a BUG. */
  kernelTrace: {
    en: [
      'kernel stack trace',
      'kernel call trace',
      'kernel trace',
      'kernel oops',
      'kernel BUG',
      'call trace',
      'Call Trace',
      'stack trace',
      'stack traces',
      'call traces',
      'kernel traces',
    ],
    zh: [
      '内核堆栈',
      '內核堆棧',
      '内核调用栈',
      '内核报错',
      '內核報錯',
      '内核错误',
      'call trace',
      'Call Trace',
      '堆栈',
    ],
    denied: { en: ['no kernel trace', 'no call trace', 'no stack trace'], zh: ['没有堆栈', '没有报错'] },
  },
  recovered: {
    ended: true,
    en: [
      'recovered',
      'recovers',
      'came back',
      'comes back',
      'was back',
      'back up',
      'restarted automatically',
      'restarted by itself',
    ],
    zh: ['恢复了', '恢復了', '自动恢复', '自動恢復', '自动重启了', '自動重啟了'],
    denied: {
      en: [
        'not recovered',
        'never recovered',
        'did not recover',
        "didn't recover",
        ...negated(RESTART, START, COME_BACK, COME_UP),
      ],
      zh: ['没有恢复', '沒有恢復', '未恢复'],
    },
  },
  /** A host that hangs: its own verbs, said after it ("the node hung", "the host will hang forever"). */
  hostHangs: {
    en: [
      ...inflections(HANG, FREEZE, LOCK_UP, WEDGE),
      ...bare(HANG),
      'hard hang',
      'hard-hung',
      'became unresponsive',
      'becomes unresponsive',
      'went unresponsive',
      'goes unresponsive',
    ],
    zh: ['卡死', '卡住', '死机', '死機', '夯住', 'hang住', '僵死', '假死', '卡着不动', '卡著不動'],
    denied: {
      en: [
        'not hung',
        'never hung',
        'did not hang',
        "didn't hang",
        'does not hang',
        "doesn't hang",
        'not frozen',
      ],
      zh: ['没有卡', '沒有卡', '未卡', '不卡', '没有死机'],
    },
  },
  /**
   * Reaching the host, said as something one cannot do to it: the host is the verb's object ("we could not SSH into
   * the nodes", "unable to reach the instance").
   */
  inaccessible: {
    en: [],
    zh: [],
    forms: [
      phrase(
        [
          'cannot',
          "can't",
          'can not',
          'could not',
          "couldn't",
          'unable to',
          'not able to',
          'failed to',
          'fail to',
          'fails to',
          'no way to',
          'no longer able to',
        ],
        [
          'reach',
          'ssh into',
          'ssh to',
          'ssh onto',
          'SSH into',
          'SSH to',
          'SSH onto',
          'log in to',
          'log into',
          'log onto',
          'log on to',
          'login to',
          'connect to',
          'ping',
          'access',
          'get into',
          'get onto',
          'RDP into',
          'RDP to',
          'start a session on',
          'open a session on',
          'get a shell on',
          'talk to',
          'communicate with',
          'connect with',
        ],
      ),
      // The connection said lost, the host (or the API server) its object: "lost network connectivity to the control
      // plane".
      phrase(
        ['lost', 'loses', 'losing', 'has lost', 'had lost'],
        ['connectivity to', 'network connectivity to', 'connection to', 'its connection to', 'contact with'],
      ),
    ],
    denied: {
      en: ['never lost', 'not lost', "didn't lose", 'did not lose', 'never lose', 'could reach', 'can reach'],
      zh: [],
    },
  },
  /**
   * The kubelet's DiskPressure condition as a state of the node, by its name used as a noun or adjective ("the node
   * has DiskPressure", "DiskPressure on the node", "DiskPressure=True"), and the words it stands for.
   */
  diskPressure: {
    en: [
      'DiskPressure',
      'disk pressure',
      'disk-pressure',
      'storage pressure',
      'ephemeral storage pressure',
      'ephemeral-storage pressure',
      'low on disk',
      'low on disk space',
      'short on disk',
      // The space itself said to be gone, as df shows it (what the eviction manager's nodefs signal measures).
      'out of disk space',
      'out of disk',
      'ran out of disk space',
      'running out of disk space',
      'out of space on the disk',
      'disk is full',
      'disk was full',
      'disk full',
    ],
    zh: [
      '磁盘满',
      '磁盘已满',
      '磁盘满了',
      '磁盤滿',
      '磁盤已滿',
      '磁盘空间满',
      '磁盘压力',
      '磁盤壓力',
      '存储压力',
      '存儲壓力',
      '磁盘空间不足',
      '磁盤空間不足',
    ],
    denied: {
      en: [
        'no DiskPressure',
        'not under DiskPressure',
        'without DiskPressure',
        'DiskPressure=False',
        'DiskPressure False',
        'DiskPressure is False',
        'DiskPressure: False',
        'NoDiskPressure',
        'no disk pressure',
        'not under disk pressure',
        'without disk pressure',
        'no sign of disk pressure',
        'no signs of disk pressure',
        'has no disk pressure',
      ],
      zh: ['没有磁盘压力', '沒有磁盤壓力', '磁盘压力不大', '磁盘压力正常', '没有DiskPressure'],
    },
    patterns: [
      {
        // What the kubelet evicts at: its eviction threshold reached, in either order.
        pattern:
          "(?:reach(?:ed|es|ing)?|hit(?:s|ting)?|cross(?:ed|es|ing)?|exceed(?:ed|s|ing)?|over|above|below|past|beyond) (?:the |its |the kubelet's |kubelet's |a )?(?:hard |soft )?eviction thresholds?|eviction thresholds? (?:was |were |is |has been |had been |got |being )?(?:reached|hit|crossed|exceeded|triggered)|(?:达到|到达|超过|触发|低于|達到|到達|超過|觸發|低於)[^\\n]{0,6}(?:驱逐阈值|驅逐閾值)",
        example: 'reached the eviction threshold',
        literals: ['eviction threshold', '驱逐阈值', '驅逐閾值'],
      },
    ],
  },
  /** The kubelet's PIDPressure condition as a state of the node, by its name. */
  pidPressure: {
    en: ['PIDPressure', 'PID pressure', 'pid pressure', 'pid-pressure'],
    zh: ['PID压力', 'PID壓力', '进程数压力'],
    denied: {
      en: [
        'no PIDPressure',
        'not under PIDPressure',
        'without PIDPressure',
        'PIDPressure=False',
        'PIDPressure False',
        'PIDPressure is False',
        'PIDPressure: False',
        'HasSufficientPID',
        'no PID pressure',
      ],
      zh: ['没有PID压力', '没有PIDPressure'],
    },
  },
  /**
   * Storage said to grow at a rate: a figure per hour, day or minute (the runtime's snapshotter, the logs), in
   * English and Chinese.
   */
  fillRate: {
    en: [
      'gigabytes per hour',
      'gigabytes an hour',
      'gigabytes a day',
      'gigabytes per day',
      'GB per hour',
      'GB an hour',
      'GB per day',
      'GB a day',
    ],
    zh: ['每小时增长', '每小時增長', '每小时增加', '每小時增加'],
    denied: { en: [], zh: [] },
    patterns: [
      {
        pattern:
          '[0-9][0-9.,]* ?(?:[KMGT]i?B|[MGT]) (?:per|an|a|every|each) (?:hour|day|minute|min)|[0-9][0-9.,]* ?(?:[KMGT]i?B|[MGT]) ?/ ?(?:hour|hr|day|min)|[0-9][0-9.,]* ?(?:[KMGT]i?B|[MGT]) ?/ ?h',
        example: '10 GB per hour',
        literals: [
          'per hour',
          'per day',
          'per minute',
          'per min',
          'an hour',
          'a day',
          'a minute',
          'a min',
          'every hour',
          'every day',
          'every minute',
          'every min',
          'each hour',
          'each day',
          'each minute',
          'each min',
          '/hour',
          '/hr',
          '/day',
          '/min',
          'B/h',
          'G/h',
          'M/h',
          'T/h',
          'B / h',
          'G / h',
          'M / h',
          'T / h',
        ],
      },
      {
        pattern: '(?:每小时|每小時|每天|每分钟|每分鐘)[^\\n]{0,8}[0-9][0-9.]* ?(?:[KMGT]i?B|[MGT])',
        example: '每小时增长10G',
        literals: ['每小时', '每小時', '每天', '每分钟', '每分鐘'],
      },
    ],
  },
  /** Memory pressure as a state of the node: pressure, contention, thrashing (PSI's "memory some/full"). */
  memoryPressure: {
    en: [
      'memory pressure',
      'memory-pressure',
      // Coordinated with the CPU: "memory/CPU pressure" (the CPU first holds "memory pressure" already).
      'memory/CPU pressure',
      'memory/cpu pressure',
      'memory and CPU pressure',
      'memory and cpu pressure',
      'memory or CPU pressure',
      'RAM/CPU pressure',
      // Coordinated with the CPU: "memory/CPU pressure" (the CPU first holds "memory pressure" already).
      'memory/CPU pressure',
      'memory/cpu pressure',
      'memory and CPU pressure',
      'memory and cpu pressure',
      'memory or CPU pressure',
      'RAM/CPU pressure',
      'RAM pressure',
      // The kubelet's condition by its name, as a noun ("the node has MemoryPressure", "MemoryPressure=True").
      'MemoryPressure',
      'memory contention',
      'memory starvation',
      'memory-starved',
      'starved of memory',
      'starved for memory',
      'low on memory',
      'short on memory',
      'tight on memory',
      ...inflections(verb('thrash')),
      'swap storm',
      'swapping heavily',
      'heavy swapping',
      'constantly swapping',
    ],
    zh: [
      '内存压力',
      '內存壓力',
      '内存吃紧',
      '內存吃緊',
      '内存紧张',
      '內存緊張',
      '内存告急',
      '內存告急',
      '频繁swap',
      '頻繁swap',
      '频繁 swap',
    ],
    denied: {
      en: [
        'no memory pressure',
        'not under memory pressure',
        'without memory pressure',
        'no sign of memory pressure',
        'no signs of memory pressure',
        'not thrashing',
        'no thrashing',
        'no MemoryPressure',
        'not under MemoryPressure',
        'without MemoryPressure',
        'MemoryPressure=False',
        'MemoryPressure False',
        'MemoryPressure is False',
        'MemoryPressure: False',
        'HasSufficientMemory',
      ],
      zh: ['没有内存压力', '沒有內存壓力', '内存压力不大', '内存压力正常', '没有MemoryPressure'],
    },
  },
  /** CPU pressure as a state of the node: pressure, contention, starvation (PSI's "cpu some"). */
  cpuPressure: {
    en: [
      'CPU pressure',
      'cpu pressure',
      'CPU/memory pressure',
      'cpu/memory pressure',
      'CPU and memory pressure',
      'CPU or memory pressure',
      'CPU/memory pressure',
      'cpu/memory pressure',
      'CPU and memory pressure',
      'CPU or memory pressure',
      'CPU contention',
      'CPU starvation',
      'CPU-starved',
      'CPU starved',
      'starved of CPU',
      'starved for CPU',
      'CPU saturation',
    ],
    zh: ['CPU压力', 'cpu压力', 'CPU壓力', 'CPU争抢', 'CPU爭搶', 'CPU资源争抢'],
    denied: {
      en: ['no CPU pressure', 'not under CPU pressure', 'no CPU contention'],
      zh: ['没有CPU压力', 'CPU压力不大'],
    },
  },
  /** A machine under load: heavily loaded, overloaded, a high load average. */
  loaded: {
    en: [
      'heavily loaded',
      'highly loaded',
      'heavily-loaded',
      'overloaded',
      'over-loaded',
      'under heavy load',
      'under high load',
      'under a heavy load',
      'under a high load',
      'under extreme load',
      'under a lot of load',
      'high load average',
      'high load',
      'load average was high',
      'load was high',
      'load is high',
      'load spiked',
      'load spikes',
      'load spike',
      'overcommitted',
      'over-committed',
      'oversubscribed',
      'over-subscribed',
    ],
    zh: [
      '负载很高',
      '负载高',
      '负载过高',
      '负载飙升',
      '负载飙高',
      '负载很大',
      '负载大',
      '负载特别高',
      '高负载',
      '过载',
      '超负荷',
      '負載很高',
      '負載高',
      '負載過高',
      '負載飆升',
      '負載很大',
      '負載大',
      '高負載',
      '過載',
      '超負荷',
    ],
    denied: {
      en: [
        'not overloaded',
        'not heavily loaded',
        'not under heavy load',
        'no high load',
        'load was normal',
        'load is normal',
        'low load',
        'load was low',
        'load is low',
      ],
      zh: ['负载不高', '負載不高', '负载正常', '負載正常', '负载很低', '负载低'],
    },
  },
  /** A workload that needs much memory, as an adjective: "memory-intensive workloads". */
  memoryIntensive: {
    en: [
      'memory-intensive',
      'memory intensive',
      'memory-heavy',
      'memory heavy',
      'memory-hungry',
      'memory hungry',
      'RAM-intensive',
      'RAM-hungry',
      'memory-bound',
    ],
    zh: ['内存密集型', '內存密集型', '内存密集', '吃内存', '吃內存', '耗内存', '耗內存'],
    denied: { en: ['not memory-intensive', 'not memory intensive'], zh: [] },
  },
  /** A workload that needs much CPU, as an adjective: "CPU-intensive jobs". */
  cpuIntensive: {
    en: [
      'CPU-intensive',
      'CPU intensive',
      'cpu-intensive',
      'cpu intensive',
      'CPU-heavy',
      'CPU heavy',
      'CPU-hungry',
      'CPU hungry',
      'compute-intensive',
      'compute intensive',
      'CPU-bound',
      'CPU bound',
      'cpu-bound',
    ],
    zh: ['CPU密集型', 'cpu密集型', '计算密集型', '計算密集型', '吃CPU', '吃cpu', '耗CPU'],
    denied: { en: ['not CPU-intensive', 'not CPU intensive'], zh: [] },
  },
  /**
   * A workload's use of memory or CPU said to be high, as a noun ("high memory usage", "内存占用高"): what top(1)'s
   * %MEM/%CPU or the metrics server's usage show against the node. A vague state: it says who takes the node's
   * resources, not that they ran out.
   */
  highUsage: {
    en: [
      'high memory usage',
      'high memory consumption',
      'high memory utilization',
      'high memory utilisation',
      'heavy memory usage',
      'excessive memory usage',
      'excessive memory consumption',
      'huge memory usage',
      'high CPU usage',
      'high CPU consumption',
      'high CPU utilization',
      'high CPU utilisation',
      'heavy CPU usage',
      'excessive CPU usage',
      'high cpu usage',
    ],
    zh: [
      '内存占用高',
      '內存佔用高',
      '内存占用很高',
      '内存占用过高',
      '内存使用率高',
      '内存使用率很高',
      '內存使用率高',
      'CPU占用高',
      'CPU占用很高',
      'CPU占用过高',
      'cpu占用高',
      'CPU使用率高',
      'CPU使用率很高',
      'メモリ使用量が多',
      'メモリ使用率が高',
      'メモリを大量に消費',
      'CPU使用率が高',
      'CPUを大量に消費',
    ],
    denied: {
      en: ['no high memory usage', 'no high CPU usage', 'not high memory usage'],
      zh: ['内存占用不高', '内存占用并不高', 'CPU占用不高', 'CPU占用并不高'],
    },
  },
  /** A count that keeps rising: grows steadily, keeps increasing, leaks (一直增长, 泄漏). */
  growing: {
    en: [
      'never goes down',
      'never go down',
      'never decreases',
      'never released',
      'not released',
      'never closed',
      'not being closed',
      'never freed',
      'leaks',
      'leaking',
      'leaked',
      'leakage',
      ' leak',
    ],
    zh: [
      '泄漏',
      '洩漏',
      '泄露',
      '洩露',
      '只增不减',
      '只增不減',
      '没有释放',
      '沒有釋放',
      '不释放',
      '不釋放',
      '越来越多',
      '越來越多',
    ],
    forms: [
      ...repeatedly(GROW, INCREASE, CLIMB, RISE, GO_UP, CREEP_UP, PILE_UP),
      phrase(doing(GROW, INCREASE, CLIMB, RISE, GO_UP, CREEP_UP), [
        'steadily',
        'linearly',
        'monotonically',
        'over time',
        'day after day',
        'day by day',
        'every day',
        'every hour',
        'daily',
        'without bound',
        'indefinitely',
        'slowly',
        'until',
      ]),
      phrase(
        ['steadily', 'linearly', 'monotonically', 'slowly', 'gradually'],
        doing(GROW, INCREASE, CLIMB, RISE, GO_UP, CREEP_UP),
      ),
      zhPhrase(
        [
          '一直',
          '不断',
          '不斷',
          '持续',
          '持續',
          '缓慢',
          '緩慢',
          '逐渐',
          '逐漸',
          '每天',
          '慢慢',
          '稳定',
          '穩定',
        ],
        ['增长', '增長', '增加', '上涨', '上漲', '上升', '变多', '變多', '升高'],
      ),
    ],
    denied: {
      en: ['no leak', 'not leaking', 'stays flat', 'stayed flat', 'not growing', 'not increasing'],
      zh: ['没有泄漏', '沒有洩漏', '没有增长', '沒有增長', '稳定在', '穩定在'],
    },
  },
  /** A program's own state broken: corrupt, corrupted, in a bad or inconsistent state (损坏). */
  corrupt: {
    en: [
      'in a corrupt state',
      'in a corrupted state',
      'corrupt state',
      'corrupted state',
      'corrupt',
      'corruption',
      'in a bad state',
      'in a broken state',
      'in an inconsistent state',
      'inconsistent state',
      'broken state',
    ],
    zh: [
      '损坏',
      '損壞',
      '坏掉',
      '壞掉',
      '数据损坏',
      '數據損壞',
      '状态损坏',
      '狀態損壞',
      '状态错乱',
      '狀態錯亂',
      '数据错乱',
    ],
    denied: {
      en: ['not corrupt', 'no corruption', 'not corrupted', 'was not corrupted'],
      zh: ['没有损坏', '沒有損壞', '未损坏'],
    },
  },
  /** A daemon alive but doing nothing: hung, deadlocked, wedged, frozen (卡死, 死锁). */
  wedged: {
    en: [
      ...inflections(HANG, FREEZE, DEADLOCK, LOCK_UP, WEDGE),
      ...bare(HANG),
      'deadlock',
      'in a deadlock',
      'stopped doing anything',
      'stops doing anything',
      'does nothing',
      'did nothing',
      'doing nothing',
      'stopped making progress',
      'not making progress',
      'stalled',
      'stalls',
    ],
    zh: [
      '卡死',
      '卡住',
      '死锁',
      '死鎖',
      '夯住',
      'hang住',
      '假死',
      '僵死',
      '无响应',
      '無響應',
      '没有响应',
      '沒有響應',
      // Round 27: 阻塞 (to be blocked, waiting on something that does not come), said of the program itself.
      '阻塞了',
      '阻塞住',
      '一直阻塞',
    ],
    denied: {
      en: [
        'not hung',
        'not stuck',
        'never hung',
        "didn't hang",
        'did not hang',
        'not deadlocked',
        'no deadlock',
      ],
      zh: ['没有卡', '沒有卡', '未卡', '没有死锁'],
    },
  },
  /** A program's log that stops while the program runs on: no new line after some time. */
  loggingStopped: {
    en: [
      'stopped logging',
      'stops logging',
      'stop logging',
      'no longer logs',
      'no longer logging',
      'logs nothing',
      'logged nothing',
      'logging nothing',
      'quit logging',
      'stopped writing logs',
      'stops writing logs',
      'no new log lines',
      'no new log entries',
      'no log entries',
      'no logs after',
      'no logs since',
      'nothing in the log after',
      'shows nothing after',
      'showed nothing after',
      'show nothing after',
      'has nothing after',
      'had nothing after',
    ],
    zh: [
      '日志停止',
      '日誌停止',
      '日志停了',
      '日志中断',
      '日誌中斷',
      '日志停在',
      '日誌停在',
      '没有日志',
      '沒有日誌',
      '不再输出日志',
      '不再輸出日誌',
      '不再打日志',
      '日志不再更新',
      '没有新日志',
      '沒有新日誌',
      '日志没有输出',
    ],
    forms: [
      phrase(
        ['log', 'logs', 'logging', 'journal', 'log output'],
        [
          ...doing(verb('stop', { past: 'stopped', ing: 'stopping' }), verb('end')),
          'goes silent',
          'went silent',
          'go silent',
          'goes quiet',
          'went quiet',
          'go quiet',
          'cuts off',
          'cut off',
          'just stops',
          'just stopped',
          'stops abruptly',
          'stopped abruptly',
          'stopped updating',
          'stops updating',
          'stop updating',
          'stop at',
        ],
      ),
    ],
    denied: {
      en: ['did not stop logging', 'never stopped logging', 'kept logging', 'still logging'],
      zh: [],
    },
  },
  /** CPUs at full use that never come back down: until a reset, indefinitely. */
  peggedForever: {
    en: [
      'stuck at 100%',
      'stuck at 100 %',
      'stuck at 100 percent',
      'pinned at 100% permanently',
      'pegged at 100% permanently',
      'pegged at 100% indefinitely',
    ],
    zh: [
      '一直100%',
      '一直 100%',
      '一直是100%',
      '持续100%',
      '持續100%',
      '一直打满',
      '一直打滿',
      '打满不下来',
      '打滿不下來',
      '100%不下来',
      '一直卡在100%',
    ],
    forms: [
      phrase(
        PEGGED,
        ['and', 'and then'],
        [...doing(STAY, REMAIN, SIT), STAY.base, REMAIN.base, SIT.base],
        ['there', 'pegged', 'at 100%', 'at 100 %', 'that way', 'like that'],
      ),
      phrase(PEGGED, [
        'and never come down',
        'and never comes down',
        'and never came down',
        'and never recover',
        'and never recovers',
        'and never recovered',
        'until a reset',
        'until a hard reset',
        'until a reboot',
        'until the reboot',
        'until we reset',
        'until we rebooted',
        'until reboot',
        'until a power cycle',
        'until we power cycled',
        'indefinitely',
        'permanently',
        'forever',
      ]),
    ],
    denied: { en: ['came back down', 'comes back down', 'went back down', 'recovered by itself'], zh: [] },
  },
  /** A host that comes back only when it is reset: a hard reset, a power cycle, never a clean reboot. */
  resetOnly: {
    en: [],
    zh: [
      '强制重启',
      '強制重啟',
      '硬重启',
      '硬重啟',
      '断电重启',
      '斷電重啟',
      '只能断电',
      '只能斷電',
      '强制断电',
      '強制斷電',
      '只能强制重启',
      '只能強制重啟',
    ],
    forms: [
      phrase(
        [
          'needed a',
          'needs a',
          'need a',
          'required a',
          'requires a',
          'require a',
          'only a',
          'until a',
          'took a',
          'takes a',
        ],
        [
          'hard reset',
          'hard reboot',
          'hard restart',
          'forced reboot',
          'forced restart',
          'forced power off',
          'hard power off',
          'power cycle',
          'power-cycle',
          'cold reboot',
          'reset',
        ],
      ),
      phrase(
        [
          'had to be',
          'has to be',
          'have to be',
          'must be',
          'needed to be',
          'need to be',
          'needs to be',
          'can only be',
          'could only be',
        ],
        [
          'hard reset',
          'hard-reset',
          'reset',
          'power cycled',
          'power-cycled',
          'force rebooted',
          'force-rebooted',
          'forcibly rebooted',
          'hard rebooted',
          'hard-rebooted',
          'forcibly restarted',
          'force restarted',
        ],
      ),
      phrase(
        [
          'had to',
          'have to',
          'has to',
          'needed to',
          'need to',
          'could only',
          'can only',
          'until we',
          'until someone',
        ],
        [
          'hard reset',
          'hard-reset',
          'power cycle',
          'power-cycle',
          'power cycled',
          'force reboot',
          'force-reboot',
          'forcibly reboot',
          'hard reboot',
          'hard-reboot',
          'force restart',
          'reset',
        ],
      ),
    ],
    denied: { en: [], zh: [] },
  },
  /** Credits run down to nothing: exhausted, depleted, at zero (耗尽, 归零). */
  depleted: {
    en: [
      'exhausted',
      'depleted',
      'drained',
      'ran out',
      'runs out',
      'running out',
      ' run out',
      'used up',
      'dropped to zero',
      'dropped to 0',
      'fell to zero',
      'fell to 0',
      'went to zero',
      'went to 0',
      'hit zero',
      'reached zero',
      'at zero',
      'was zero',
      'is zero',
      'zero',
      'out of',
      ' no ',
      'none left',
      'ran dry',
    ],
    zh: [
      '耗尽',
      '耗盡',
      '用完',
      '用光',
      '为0',
      '為0',
      '为零',
      '為零',
      '归零',
      '歸零',
      '不足',
      '没有了',
      '沒有了',
    ],
    denied: {
      en: ['plenty of', 'not exhausted', 'never ran out', 'did not run out', "didn't run out", 'unlimited'],
      zh: ['充足', '没有耗尽', '沒有耗盡'],
    },
  },
  /** A burstable instance held to its baseline: throttled, out of credits. */
  throttled: {
    en: [
      'throttled',
      'throttling',
      ' throttle',
      'out of credits',
      'ran out of credits',
      'run out of credits',
      'running out of credits',
      'credits exhausted',
      'credits ran out',
      'credits depleted',
      'no credits',
      'zero credits',
      'no CPU credits',
      'out of CPU credits',
      'at baseline',
      'to baseline',
      'to their baseline',
      'to the baseline',
      'baseline performance',
    ],
    zh: ['被限流', '限流', 'CPU积分耗尽', '积分耗尽', '積分耗盡', '积分用完', '降到基线', '被限制'],
    denied: {
      en: ['not throttled', 'never throttled', 'no throttling', 'without throttling', 'unlimited'],
      zh: ['没有限流', '沒有限流', '没有被限流'],
    },
  },
  /** A kernel thread taking the CPU, as top(1) shows it: the top consumer, busy, spinning, its share soaring. */
  hoggingCpu: {
    en: [
      ...inflections(SKYROCKET, SPIKE, SPIN, SOAR, SHOOT_UP, HOG, PEG),
      'top CPU consumer',
      'top consumer',
      'top process',
      'biggest CPU consumer',
      'largest CPU consumer',
      'highest CPU',
      'most CPU',
      'high CPU',
      'busy',
      'at the top of top',
      'on top of top',
      'through the roof',
    ],
    zh: [
      '占满CPU',
      '占满 CPU',
      '占满了CPU',
      '佔滿CPU',
      'CPU占满',
      'CPU 占满',
      'CPU打满',
      'CPU 打满',
      'CPU飙高',
      'CPU 飙高',
      'CPU飙升',
      'CPU 飙升',
      'CPU很高',
      'CPU 很高',
      '占用CPU',
      '占用 CPU',
      '占用最高',
      '飙升',
      '飙高',
    ],
    forms: [
      phrase(
        [
          ...doing(
            verb('use'),
            verb('eat', { past: 'ate' }),
            verb('consume'),
            verb('take', { past: 'took' }),
          ),
          ...doing(verb('burn'), HOG),
        ],
        [
          'all the CPU',
          'all CPU',
          'most of the CPU',
          'most CPU',
          'a full core',
          'a whole core',
          'an entire core',
          '100% CPU',
          'lots of CPU',
          'a lot of CPU',
        ],
      ),
    ],
    // A share of one CPU in top's %CPU column, half a core or more (past 100 % on several).
    patterns: [
      {
        pattern: `${PERCENT_LEAD}?(?:[1-9][0-9]{2}|[5-9][0-9])(?:\\.[0-9]+)? ?%`,
        example: 'at 99.3%',
        literals: ['%'],
      },
    ],
    denied: {
      en: [
        'not busy',
        'is idle',
        'was idle',
        'is fine',
        'was fine',
        'looks fine',
        'looked fine',
        'is normal',
        'was normal',
      ],
      zh: ['正常', '不高', '没有占用'],
    },
  },
  /** Reclaim or swapping running wild: thrashing, a storm, non-stop; tasks stuck in it. */
  thrashing: {
    en: [
      ...inflections(THRASH),
      ' thrash',
      'storm',
      'storms',
      'constantly',
      'all the time',
      'non-stop',
      'nonstop',
      'heavily',
      'like crazy',
      'heavy',
      'constant',
      'excessive',
      'massive',
      'frequent',
      'stuck in',
      'thrashing in',
      'time spent in',
      'spent in',
      'stalled in',
      'stalling in',
      'spinning in',
      'looping in',
    ],
    zh: ['频繁', '頻繁', '严重', '嚴重', '不停', '一直在', '风暴', '風暴', '抖动', '大量'],
    denied: {
      en: [
        'swap is off',
        'swap was off',
        'swap off',
        'swap turned off',
        'swap was disabled',
        'swap not enabled',
        'swap is not enabled',
        'swapoff',
        'swap disabled',
        'swap is disabled',
        'disabled swap',
        'no swap',
        'without swap',
        'not thrashing',
        'no thrashing',
        'no direct reclaim',
      ],
      zh: [
        '关闭swap',
        '关闭 swap',
        '禁用swap',
        '禁用 swap',
        '没有swap',
        'swap已关闭',
        'swap关闭',
        'swap 关闭',
        'swap 已关闭',
        '没有内存回收',
      ],
    },
  },
  /** Something that brought about what follows it: caused, led to, stalled (导致, 引起, 造成). */
  causing: {
    en: [
      ...doing(verb('cause'), verb('stall'), verb('block'), verb('freeze', { past: 'froze' })),
      'led to',
      'leads to',
      'leading to',
      'brought down',
      'brings down',
      'took the CPU',
      'takes the CPU',
      'taking the CPU',
      'ate the CPU',
      'eats the CPU',
      'eating the CPU',
    ],
    zh: [
      '导致',
      '導致',
      '引起',
      '造成',
      '引发',
      '引發',
      '占用',
      '佔用',
      '占满',
      '佔滿',
      '卡住',
      '卡死',
      '拖慢',
    ],
    denied: { en: ['did not cause', "didn't cause", 'not caused'], zh: ['没有导致', '不会导致', '没有引起'] },
  },
  /** A share of the CPUs' time (system, I/O wait) at 40 % or more, or said high. */
  highShare: {
    en: [
      'very high',
      'too high',
      'is high',
      'was high',
      'high',
      'spiked',
      'spiking',
      'skyrocketed',
      'skyrocketing',
    ],
    zh: ['很高', '非常高', '特别高', '过高', '偏高', '飙高', '飙升', '高'],
    patterns: [
      {
        pattern: `${PERCENT_LEAD}(?:100|[4-9][0-9])(?:\\.[0-9]+)?(?: ?%| percent)|[:=] ?(?:100|[4-9][0-9])(?:\\.[0-9]+)?`,
        example: ' 80%',
        literals: ['%', ':', '='],
      },
    ],
    denied: {
      en: ['is low', 'was low', 'is normal', 'was normal', 'looks normal', 'looked normal', 'not high'],
      zh: ['正常', '不高', '很低'],
    },
  },
  /** top(1)'s "sy" or "wa" field given as a share, 40 % or more: a figure right after the field's name. */
  topShare: {
    en: ['40%', '45 %', '80%', '100%'],
    zh: [],
    patterns: [
      {
        pattern: `${PERCENT_LEAD}(?:100|[4-9][0-9])(?:\\.[0-9]+)?(?: ?%| percent)|[:=] ?(?:100|[4-9][0-9])(?:\\.[0-9]+)?`,
        example: ' 80%',
        literals: ['%', ':', '='],
      },
    ],
    denied: { en: [], zh: [] },
  },
  /**
   * A client that never reconnects on its own: its connection to the API server stays dead after the server came
   * back, until the client is restarted. Only lasting forms; "cannot reconnect" may be said while the server is down.
   */
  neverReconnected: {
    // The connection is the API server's: a kubelet that "never reconnects" to its runtime is the runtime's story.
    en: [],
    zh: [],
    forms: [
      phrase(NEVER_RECONNECTS, [
        'to the API server',
        'to the apiserver',
        'to the kube-apiserver',
        'to API server',
        'to apiserver',
        'to the control plane',
        'to the master',
        'to the masters',
        'with the API server',
        'with the apiserver',
      ]),
      phrase(NEVER_RECONNECTS, [
        'after the API server',
        'after the apiserver',
        'after the control plane',
        'after etcd',
        'after the etcd',
        'once the API server',
        'once the apiserver',
        'once etcd',
        'when the API server',
        'when etcd',
        'although the API server',
        'even though the API server',
        'after the failover',
      ]),
      zhPhrase(
        ['apiserver', 'API server', 'APIServer', 'api-server', '控制面', 'master'],
        [
          '一直没有重连',
          '一直沒有重連',
          '不会自动重连',
          '不會自動重連',
          '没有自动重连',
          '沒有自動重連',
          '无法自动重连',
          '無法自動重連',
          '没有重连',
          '沒有重連',
          '重连失败',
          '重連失敗',
        ],
      ),
      zhPhrase(
        [
          '一直没有重连',
          '一直沒有重連',
          '不会自动重连',
          '不會自動重連',
          '没有自动重连',
          '没有重连',
          '沒有重連',
          '没有重新连接',
        ],
        ['apiserver', 'API server', 'APIServer', 'api-server', 'kube-apiserver', '控制面', 'master'],
      ),
    ],
    denied: {
      en: [
        'reconnected on their own',
        'reconnected by itself',
        'reconnected automatically',
        'reconnected fine',
      ],
      zh: ['自动重连了', '已经重连', '已重连'],
    },
  },
  /** An event of the API server's path failing over: its virtual IP moving, one master or replica failing. */
  failedOver: {
    // A failover of something else (a database, storage) is not the API server's path: the terms name it.
    en: [
      'VIP failover',
      'VIP fail-over',
      'keepalived failover',
      'master failover',
      'control plane failover',
      'control-plane failover',
      'API server failover',
      'apiserver failover',
      'failover of the VIP',
      'failover of the API server',
      'failover of the master',
    ],
    zh: ['主备切换', '主備切換', 'master切换', 'master 切换', 'master切換', 'apiserver切换'],
    forms: [
      phrase(ADDRESS_HOLDER, doing(MOVE, DRIFT, FLOAT, SWITCH, MIGRATE, FAIL_OVER, FLIP, JUMP)),
      phrase(
        [
          'one master',
          'a master',
          'one control plane node',
          'one API server',
          'one apiserver',
          'one API server replica',
          'one apiserver replica',
          'an API server replica',
          'the VIP holder',
        ],
        [
          ...doing(GO_DOWN, FAIL, DIE, CRASH, REBOOT),
          'was down',
          'was shut down',
          'was rebooted',
          'went offline',
        ],
      ),
      phrase(
        ['keepalived', 'Keepalived', 'haproxy', 'HAProxy', 'kube-vip'],
        [...doing(STOP, CRASH, DIE, GO_DOWN, FAIL), 'was stopped', 'was down', 'was killed'],
      ),
      phrase(
        ['one of the', 'one of the two', 'one of the three', 'one of the five', 'one of our'],
        [
          'masters',
          'master nodes',
          'control plane nodes',
          'control-plane nodes',
          'API servers',
          'apiservers',
          'API server replicas',
          'apiserver replicas',
          'kube-apiserver replicas',
        ],
        [
          ...doing(GO_DOWN, FAIL, DIE, CRASH, REBOOT),
          'was down',
          'was shut down',
          'was rebooted',
          'went offline',
        ],
      ),
      zhPhrase(
        ['VIP', 'vip', '虚拟IP', '虛擬IP', 'keepalived'],
        ['漂移', '飘移', '切换', '切換', '切走', '迁移', '遷移', '转移', '轉移'],
      ),
      zhPhrase(
        [
          '一台master',
          '一台 master',
          '一个master',
          '一個master',
          '其中一台master',
          '一台主节点',
          '一台主節點',
          '一个主节点',
          '一台控制节点',
        ],
        ['宕机', '宕機', '挂了', '掛了', '挂掉', '掛掉', '停了', '停机', '重启', '重啟', '断电', '下线'],
      ),
    ],
    denied: {
      en: [
        'no nodes went NotReady',
        'no node went NotReady',
        'none went NotReady',
        'no NotReady',
        'without NotReady',
        'without any NotReady',
        'never went NotReady',
        'stayed Ready',
        'remained Ready',
      ],
      zh: ['没有节点NotReady', '没有NotReady', '没有出现NotReady', '未出现NotReady', '没有节点 NotReady'],
    },
  },
  /** Nodes whose connections went to one server (master, API server replica, the VIP's old holder). */
  pinned: {
    en: [],
    zh: [],
    forms: [
      phrase(
        [
          'attached to',
          'connected to',
          'connected through',
          'pinned to',
          'bound to',
          'talking to',
          'that talked to',
          'registered with',
        ],
        [
          'that master',
          'this master',
          'the failed master',
          'the dead master',
          'the downed master',
          'the old master',
          'the first master',
          'master-',
          'master0',
          'master1',
          'master2',
          'master3',
          'that API server',
          'that apiserver',
          'the failed API server',
          'the failed apiserver',
          'that replica',
          'the failed replica',
          'the old VIP holder',
          'the VIP holder',
        ],
      ),
      zhPhrase(
        ['挂在', '連在', '连在', '连接在', '连接到', '連接到', '连到', '接在', '绑定在', '连着'],
        ['这台', '那台', '該', '该', '故障的', '宕机的', '宕機的', '出问题的'],
        ['master', 'Master', '主节点', '主節點', 'apiserver', '控制节点'],
      ),
    ],
    denied: {
      en: ['stayed Ready', 'remained Ready', 'never went NotReady', 'no NotReady'],
      zh: ['没有NotReady', '没有节点NotReady'],
    },
  },
  /** The Go runtime's fatal errors (throw, fatal), in the words it prints. */
  goFatal: {
    en: [
      'thread exhaustion',
      'fatal error: out of memory',
      'runtime: out of memory',
      'concurrent map writes',
      'concurrent map write',
      'concurrent map read and map write',
      'concurrent map iteration and map write',
      'goroutine stack exceeds',
    ],
    zh: [],
    patterns: [
      {
        pattern: "(?:exceeds?|exceeded|exceeding|hit|hits|reached) (?:the |its |Go's )?[0-9]+-thread limit",
        example: 'exceeds 10000-thread limit',
        literals: ['-thread limit'],
      },
    ],
    denied: { en: ['no thread exhaustion', 'not thread exhaustion'], zh: [] },
  },
  /** The kubelet restarted, as the trigger of what follows: during, right after, each time. */
  kubeletRestarted: {
    en: [],
    zh: [],
    forms: [
      phrase(
        [
          'during',
          'after',
          'right after',
          'just after',
          'shortly after',
          'on',
          'with',
          'whenever',
          'when',
          'every time',
          'each time',
        ],
        ['a', 'the', 'every', 'each', 'any'],
        ['kubelet restart', 'restart of the kubelet', 'restart of kubelet', 'kubelet service restart'],
      ),
      phrase(['every', 'each', 'any'], ['kubelet restart', 'restart of the kubelet', 'restart of kubelet']),
      phrase(
        ['whenever', 'when', 'every time', 'each time', 'after', 'once'],
        ['we', 'I', 'you', 'someone', 'they'],
        doing(RESTART).concat(RESTART.base),
        ['the kubelet', 'kubelet'],
      ),
      phrase(
        ['whenever', 'when', 'every time', 'each time', 'after', 'once'],
        ['the kubelet', 'kubelet'],
        ['is restarted', 'was restarted', 'gets restarted', 'got restarted', 'restarts', 'restarted'],
      ),
      zhPhrase(['每次', '每当', '每當', '一'], ['重启', '重啟'], ['kubelet']),
      zhPhrase(['kubelet'], ['重启时', '重啟時', '重启后', '重啟後', '重启的时候', '重启期间']),
      zhPhrase(['kubelet'], ['每次', '每一次', '每当', '只要'], ['重启', '重啟']),
    ],
    denied: { en: [], zh: [] },
  },
  /** A network plugin's configuration there, and the network still not up: not loaded, not accepted. */
  presentIgnored: {
    en: [
      'is present but not loaded',
      'is there but not picked up',
      'exists but is ignored',
      'is present but ignored',
      'exists but was not picked up',
    ],
    zh: ['存在但未生效', '存在但没有生效', '存在但未加载', '有但不生效'],
    patterns: [
      {
        pattern: `${CONFIG_PRESENT}[^\\n]{0,80}${CONTRAST}[^\\n]{0,60}${NETWORK_NOT_UP}`,
        example: 'exists in /etc/cni/net.d but the network is not ready',
        literals: ['exist', 'there', 'present', 'in place', 'look', 'valid', 'written'],
      },
      {
        pattern: `${NETWORK_NOT_UP}[^\\n]{0,60}(?:even though|although|though|despite|while|but|yet|even with)`,
        example: 'pods get no interface even though',
        literals: ['though', 'despite', 'while', 'but', 'yet', 'even with'],
      },
      {
        pattern: `${ZH_CONFIG_PRESENT}[^\\n]{0,40}${ZH_CONTRAST}[^\\n]{0,30}${ZH_NETWORK_NOT_UP}`,
        example: '下有配置文件，但是网络插件一直未就绪',
        literals: ['存在', '有', '都在', '生成', '正常', '没问题'],
      },
    ],
    denied: { en: [], zh: [] },
  },
  /**
   * The API server refusing the kubelet, in people's words: its authentication or authorization failing, the answer
   * (401 Unauthorized, 403 Forbidden), a denial, the kubelet losing its credentials.
   */
  authRefused: {
    en: [
      '401 Unauthorized',
      '403 Forbidden',
      'Unauthorized',
      'forbidden',
      'authentication failures',
      'authentication failure',
      'authentication failed',
      'authentication errors',
      'authentication error',
      'authorization failures',
      'authorization failure',
      'authorization failed',
      'authorization errors',
      'authorization error',
      'auth failures',
      'auth errors',
      'not authorized',
      'access denied',
      'rejected by the API server',
      'rejected by the apiserver',
      'lost its credentials',
      'lost their credentials',
      'loses its credentials',
      'losing its credentials',
      'lost access to the API server',
    ],
    zh: [
      '认证失败',
      '認證失敗',
      '鉴权失败',
      '鑑權失敗',
      '授权失败',
      '授權失敗',
      '未授权',
      '未授權',
      '没有权限',
      '沒有權限',
      '权限不足',
      '權限不足',
      '被拒绝',
      '被拒絕',
      '拒绝访问',
      '拒絕訪問',
    ],
    forms: [
      phrase(
        ['was', 'were', 'is', 'are', 'got', 'gets', 'get', 'being', 'been'],
        ['denied', 'refused by the API server', 'rejected by the API server', 'rejected by the apiserver'],
      ),
      ...cannot(verb('authenticate')),
      phrase(['failing to', 'fail to', 'failed to', 'fails to'], ['authenticate', 'authorize']),
    ],
    denied: {
      en: [
        'not unauthorized',
        'no Unauthorized',
        'no authentication failures',
        'no authentication errors',
        'no authorization failures',
        'no auth errors',
        'not denied',
        'never denied',
        'not forbidden',
      ],
      zh: ['没有认证失败', '沒有認證失敗', '没有权限问题', '沒有權限問題'],
    },
  },
  /** Credentials or a certificate refused, revoked or gone. */
  revoked: {
    en: [
      'were rejected',
      'was rejected',
      'got rejected',
      'rejected',
      'were revoked',
      'was revoked',
      'revoked',
      'were invalidated',
      'was invalidated',
      'no longer valid',
      'no longer accepted',
      'not accepted',
      'became invalid',
      'were lost',
      'was lost',
      'went missing',
      'was deleted',
      'were deleted',
    ],
    zh: [
      '失效',
      '被拒绝',
      '被拒絕',
      '被吊销',
      '被吊銷',
      '被撤销',
      '被撤銷',
      '被删除',
      '被刪除',
      '丢失',
      '丟失',
    ],
    denied: {
      en: ['not rejected', 'never rejected', 'not revoked', 'still valid', 'still accepted'],
      zh: ['没有失效', '沒有失效', '未失效'],
    },
  },
  /** A change someone or something made, said of what changed: "the authorization mode was switched". */
  switched: {
    en: [],
    zh: [
      '修改为',
      '修改為',
      '修改了',
      '被修改',
      '被改',
      '变更',
      '變更',
      '更换',
      '更換',
      '替换',
      '替換',
      '切换',
      '切換',
      '改成',
      '改为',
      '改為',
      '换成',
      '換成',
      '开启了',
      '開啟了',
      '启用了',
      '啟用了',
      '被删除',
      '被刪除',
    ],
    forms: [
      phrase(
        ['was', 'were', 'got', 'has been', 'had been', 'have been', 'was being', 'is being', 'just got'],
        [
          'switched',
          'changed',
          'enabled',
          'turned on',
          'switched on',
          'added',
          'replaced',
          'modified',
          'edited',
          'updated',
          'swapped',
          'removed',
          'deleted',
          'overwritten',
          'reconfigured',
        ],
      ),
    ],
    denied: {
      en: ['was not changed', 'were not changed', 'was not modified', 'not replaced', 'unchanged'],
      zh: ['没有修改', '沒有修改', '未修改', '没有变更', '未变更'],
    },
  },
  /**
   * Round 28: a name that changed by itself or came back different (a hostname after a boot, from DHCP or cloud-init):
   * said with the name first, so "we changed the hostname in the template" (a person's act, before its object) is not it.
   */
  renamed: {
    en: [
      'changed',
      'has changed',
      'had changed',
      'have changed',
      'was changed',
      'got changed',
      'has been changed',
      'was reset',
      'got reset',
      'was overwritten',
      'got overwritten',
      'was renamed',
      'got renamed',
      'reverted',
      'got reverted',
      'came back different',
      'came up different',
      'came back as',
      'came up as',
      'is different',
      'was different',
      'no longer matches',
      'no longer matched',
      'did not match',
      "didn't match",
      'does not match',
      "doesn't match",
      'mismatch',
    ],
    zh: [
      '变了',
      '變了',
      '变成了',
      '變成了',
      '被改了',
      '被改成',
      '被修改',
      '被重置',
      '改变了',
      '改變了',
      '发生了变化',
      '發生了變化',
      '不一致',
      '不匹配',
      '对不上',
      '對不上',
    ],
    denied: {
      en: [
        'not changed',
        "hasn't changed",
        'has not changed',
        "didn't change",
        'did not change',
        'never changed',
        'unchanged',
        'same hostname',
      ],
      zh: ['没有变', '沒有變', '没变', '沒變', '未变', '未變', '一致的'],
    },
  },
  /** Round 28: slow or lagging, said of a server that answers others' writes (a datastore member). */
  slowToAnswer: {
    en: [
      'was slow',
      'is slow',
      'were slow',
      'are slow',
      'got slow',
      'became slow',
      'was very slow',
      'is very slow',
      'was lagging',
      'is lagging',
      'was lagging behind',
      'fell behind',
      'falling behind',
      'had high latency',
      'has high latency',
      'with high latency',
      'latency spiked',
      'latency was high',
      'latency is high',
      'was degraded',
      'is degraded',
      'slow member',
    ],
    zh: [
      '很慢',
      '变慢',
      '變慢',
      '慢了',
      '延迟很高',
      '延遲很高',
      '延迟高',
      '延遲高',
      '高延迟',
      '高延遲',
      '延迟飙升',
      '响应慢',
      '響應慢',
      '落后',
      '落後',
    ],
    denied: {
      en: [
        'not slow',
        "wasn't slow",
        'was not slow',
        'never slow',
        'no latency',
        'latency was normal',
        'latency is normal',
      ],
      zh: ['不慢', '没有变慢', '沒有變慢', '延迟正常', '延遲正常'],
    },
  },
  /** Round 28: a restart as a noun after its subject ("the dbus restart", "a dbus-daemon restart", "dbus 重启后"). */
  restartNoun: {
    en: ['restart', 'restarts', 'bounce', 'reload'],
    zh: ['重启后', '重啟後', '重启之后', '重啟之後', '重启以后', '重啟以後'],
    denied: {
      en: ['no restart', 'without a restart', 'without restart'],
      zh: ['没有重启', '沒有重啟', '未重启'],
    },
  },
  /**
   * Round 28: a name changed as an agent's act, the name its object ("cloud-init reset the hostname", "DHCP handed
   * out a new hostname", "开机时改了主机名").
   */
  renamedIt: {
    en: [
      'handed out a new',
      'hands out a new',
      'assigned a new',
      'assigns a new',
      'gave it a new',
      'gave the node a new',
      'gave the machine a new',
      'set a new',
      'sets a new',
      'pushed a new',
      'got a new',
      'gets a new',
      'picked up a new',
      'picks up a new',
      'came up with a new',
      'came back with a new',
      'comes up with a new',
      'came up with a different',
      'came back with a different',
      'booted with a different',
      'booted with a new',
    ],
    zh: [
      '改了',
      '修改了',
      '重置了',
      '覆盖了',
      '覆蓋了',
      '换了',
      '換了',
      '分配了新的',
      '分配了新',
      '设置了新的',
      '设置了新',
      '变更了',
      '變更了',
    ],
    forms: [
      phrase(
        doing(
          verb('change'),
          verb('reset', { past: 'reset', participle: 'reset', ing: 'resetting' }),
          verb('overwrite', { past: 'overwrote', participle: 'overwritten', ing: 'overwriting' }),
          verb('rewrite', { past: 'rewrote', participle: 'rewritten', ing: 'rewriting' }),
        ),
      ),
    ],
    denied: {
      en: ['not change', "didn't change", 'did not change', 'never changed', 'same'],
      zh: ['没有改', '沒有改', '没改', '沒改', '未改'],
    },
  },
  /** The same change said as a person's or an agent's act, the thing changed its object: "enabled RBAC". */
  switchedIt: {
    en: ['turned on', 'switched on'],
    zh: [],
    forms: [
      phrase(
        doing(
          verb('switch'),
          verb('change'),
          verb('enable'),
          verb('add'),
          verb('replace'),
          verb('modify'),
          verb('edit'),
          verb('update'),
          verb('swap', { past: 'swapped', ing: 'swapping' }),
          verb('remove'),
          verb('overwrite', { past: 'overwrote', ing: 'overwriting' }),
          verb('reconfigure'),
        ),
      ),
      // The bare verb after a person: "when I turn on RBAC", "we enable the Node authorizer".
      phrase(
        bare(
          verb('turn on'),
          verb('switch on'),
          verb('enable'),
          verb('switch'),
          verb('replace'),
          verb('edit'),
        ),
      ),
    ],
    denied: { en: ['not changed', "didn't change", 'did not change', 'never changed'], zh: [] },
  },
  /** Every node NotReady, passive or not: "all nodes were marked NotReady", "所有节点都变成 NotReady". */
  allNotReady: {
    en: ['NotReady', 'Not Ready', 'not ready', 'not-ready', 'Not-Ready'],
    zh: ['NotReady', '未就绪', '未就緒', '不可用'],
    denied: {
      en: ['not NotReady', 'never NotReady', 'stayed Ready', 'remained Ready', 'none of'],
      zh: ['没有NotReady', '沒有NotReady'],
    },
  },
  /** A route or an address gone from the host: disappeared, deleted, flushed. */
  vanished: {
    en: [
      'disappeared',
      'disappears',
      'vanished',
      'is gone',
      'was gone',
      'went missing',
      'goes missing',
      'is missing',
      'was missing',
      'was deleted',
      'got deleted',
      'was removed',
      'got removed',
      'was flushed',
      'got flushed',
      'lost its',
      'lost the',
      'loses its',
      'dropped its',
    ],
    zh: ['丢失', '丟失', '丢了', '没了', '沒了', '消失', '不见了', '不見了', '被删', '被刪'],
    denied: {
      en: [
        'not lost',
        'never lost',
        'still there',
        'still present',
        'is present',
        'was present',
        'came back',
      ],
      zh: ['没有丢失', '沒有丟失', '没丢', '恢复了', '已恢复'],
    },
  },
  /** Two programs undoing each other's work on one object. */
  fighting: {
    en: [
      'fighting',
      'fight over',
      'fought over',
      'conflicting',
      'conflicts with',
      'conflicted with',
      'in conflict',
      'competing',
      'compete',
      'clashing',
      'clash',
      'both manage',
      'both managing',
      'both managed',
      'both configure',
      'both configuring',
      'overwrite each other',
      'overwriting each other',
      'overwrote each other',
      "remove each other's",
      "removing each other's",
      "undo each other's",
    ],
    zh: ['冲突', '衝突', '打架', '互相覆盖', '互相覆蓋', '同时管理', '同時管理', '抢占', '搶佔'],
    denied: {
      en: [
        'no conflict',
        'not conflicting',
        'do not conflict',
        "don't conflict",
        'does not conflict',
        "doesn't conflict",
      ],
      zh: ['没有冲突', '沒有衝突', '不冲突', '不衝突'],
    },
  },
  /** A configuration file gone or replaced under the program that reads it. */
  deletedOrOverwritten: {
    en: [
      'was deleted',
      'got deleted',
      'were deleted',
      'has been deleted',
      'had been deleted',
      'was removed',
      'got removed',
      'were removed',
      'has been removed',
      'was overwritten',
      'got overwritten',
      'were overwritten',
      'has been overwritten',
      'was wiped',
      'got wiped',
      'was missing',
      'is missing',
      'went missing',
      'disappeared',
      'overwrote',
      'clobbered',
    ],
    zh: [
      '被删除',
      '被刪除',
      '被删',
      '被刪',
      '删掉了',
      '刪掉了',
      '被覆盖',
      '被覆蓋',
      '不见了',
      '不見了',
      '丢失',
      '丟失',
    ],
    denied: {
      en: ['restored', 'was not deleted', 'not missing', 'is intact', 'is present'],
      zh: ['恢复了', '已恢复', '没有被删除'],
    },
  },
  /** Checks that fail: a load balancer's probe of its backends. */
  checksFailing: {
    en: [
      'are failing',
      'is failing',
      'were failing',
      'was failing',
      'keep failing',
      'kept failing',
      'started failing',
      'failed',
      'fail',
      'report unhealthy',
      'reported unhealthy',
      'show unhealthy',
      'showed unhealthy',
      'mark the nodes unhealthy',
      'marked the nodes unhealthy',
      'marks the nodes unhealthy',
      'timing out',
      'timed out',
    ],
    zh: ['失败', '失敗', '不通过', '不通過', '不健康', '超时', '超時'],
    denied: {
      en: ['passing', 'not failing', 'no longer failing', 'stopped failing'],
      zh: ['正常', '恢复', '已恢復', '通过了'],
    },
  },
  /** Used to the last one, as df -i shows it: at 100 %, none free. */
  allUsed: {
    en: [
      'at 100%',
      'at 100 %',
      'are 100%',
      'is 100%',
      'was 100%',
      'were 100%',
      '100% used',
      'no free',
      'out of',
      'ran out of',
      'run out of',
    ],
    zh: ['100%', '用满', '用滿', '用完', '满了', '滿了', '耗尽', '耗盡'],
    denied: {
      en: ['not at 100%', 'not 100%', 'plenty of', 'are fine', 'is fine', 'not out of'],
      zh: ['正常', '还有', '充足'],
    },
  },
  /**
   * A program's own CPU use said high, every form naming the CPU (a program's subject term alone is too common a
   * word for the log scan's prefilter).
   */
  cpuHigh: {
    en: [
      'high CPU usage',
      'high CPU',
      'CPU usage is very high',
      'CPU usage was very high',
      'CPU usage is high',
      'CPU usage was high',
      'CPU is very high',
      'CPU was very high',
      'CPU at 100%',
      'CPU spiked',
      'CPU spikes',
      'hogging the CPU',
      'hogging CPU',
      'pegging the CPU',
      'pegged the CPU',
      'pegs the CPU',
    ],
    zh: [
      'CPU很高',
      'CPU 很高',
      'CPU占用很高',
      'CPU 占用很高',
      'CPU占用非常高',
      'CPU 占用非常高',
      'CPU占用高',
      'CPU 占用高',
      'CPU占用率很高',
      'CPU 占用率很高',
      'CPU使用率很高',
      'CPU 使用率很高',
      'CPU使用率非常高',
      'CPU 使用率非常高',
      'CPU飙高',
      'CPU 飙高',
      'CPU飙升',
      'CPU 飙升',
      '占用CPU很高',
      '占用 CPU 很高',
      '占用CPU非常高',
      '占用 CPU 非常高',
      'CPU 100%',
      'CPU100%',
      '占满CPU',
      '占满 CPU',
      '吃满CPU',
      '吃满 CPU',
    ],
    forms: [
      phrase(
        doing(
          verb('use'),
          verb('eat', { past: 'ate' }),
          verb('consume'),
          verb('take', { past: 'took' }),
          verb('burn'),
        ),
        [
          '100% CPU',
          '100% of the CPU',
          'all the CPU',
          'all CPU',
          'most of the CPU',
          'huge CPU',
          'huge amounts of CPU',
          'a huge amount of CPU',
          'high CPU',
          'excessive CPU',
          'lots of CPU',
          'a lot of CPU',
          'several cores of CPU',
        ],
      ),
    ],
    denied: {
      en: ['CPU is normal', 'CPU was normal', 'CPU is fine', 'CPU was fine', 'CPU is low', 'not high'],
      zh: ['正常', '不高'],
    },
  },
  /**
   * Round 25: available in turns, without anyone acting: up, down, up again (a daemon exiting and its service
   * manager starting it again; "flapping" in monitoring's sense, a check alternating between passing and failing).
   */
  intermittent: {
    en: [
      'coming and going',
      'comes and goes',
      'came and went',
      'flapping',
      'flaps',
      'flapped',
      'intermittently unavailable',
      'intermittently unreachable',
      'intermittently down',
      'intermittently unresponsive',
      'intermittent unavailability',
      'intermittent outages',
      'rolling unavailability',
      'periodically unavailable',
      'sporadically unavailable',
      'unavailable on and off',
      'unreachable on and off',
      'down on and off',
      'unavailable every few',
      'goes up and down',
      'going up and down',
      'went up and down',
    ],
    zh: [
      '时好时坏',
      '時好時壞',
      '时断时续',
      '時斷時續',
      '间歇性不可用',
      '間歇性不可用',
      '间歇性中断',
      '間歇性中斷',
      '时有时无',
      '時有時無',
      '忽好忽坏',
      '忽好忽壞',
      '时而可用时而不可用',
    ],
    denied: {
      en: ['not flapping', 'stopped flapping', 'no longer flapping', 'not coming and going'],
      zh: ['不再时好时坏', '没有时好时坏'],
    },
  },
  /**
   * Round 25: a DaemonSet's or a system component's pods never there on a machine: not scheduled, not created,
   * missing (the DaemonSet controller creates one per node; a refusal at admission or a missing toleration leaves
   * none).
   */
  notCreated: {
    en: [
      'were missing',
      'was missing',
      'are missing',
      'is missing',
      'went missing',
      'not scheduled',
      'never scheduled',
      'never got scheduled',
      "didn't get scheduled",
      'did not get scheduled',
      'not created',
      'never created',
      'never got created',
      'were not deployed',
      'was not deployed',
      'never deployed',
      'not there',
      'absent',
      'did not come up',
      "didn't come up",
      'never came up',
      'not coming up',
      'not running on the new',
    ],
    zh: [
      '缺失',
      '没有被调度',
      '沒有被調度',
      '没有调度',
      '未调度',
      '未調度',
      '没有创建',
      '沒有創建',
      '未创建',
      '未創建',
      '没起来',
      '沒起來',
      '没有起来',
      '不见了',
    ],
    denied: {
      en: ['not missing', 'no longer missing', 'were scheduled', 'was scheduled', 'were created'],
      zh: ['不缺', '已创建'],
    },
  },
  /**
   * Round 25: the same, said before its object ("missing calico networking", "the second master didn't have calico"):
   * the machine came up without it.
   */
  lacking: {
    en: [
      'missing',
      "didn't have",
      'did not have',
      "doesn't have",
      'does not have',
      "don't have",
      'do not have',
      'came up without',
      'come up without',
      'started without',
      'lacked',
      'lacking',
      'lacks',
    ],
    zh: ['缺少', '没有', '沒有', '缺了'],
    denied: { en: ['not missing', 'no longer missing'], zh: ['不缺少'] },
  },
  /**
   * Round 25: the kubelet exiting (a crash, a panic, a fault) on the machines that lack one property (a public
   * address, a metadata field, an instance id, IPv4) and not on the others: the same code path failing wherever
   * the property is missing, which is a defect in the kubelet's code (or the provider code it calls), not the
   * machine's state.
   */
  crashesWhereLacking: {
    en: [
      'crashes only on',
      'crashed only on',
      'only crashes on',
      'only crashed on',
      'panics only on',
      'panicked only on',
      'only panics on',
      'only panicked on',
    ],
    zh: [],
    patterns: [
      {
        pattern:
          "(?:crash|panic|segfault|die|dies|died|exit|fail)(?:es|s|ed|ing|ked|king)? [^\\n.;]{0,60}(?:without|lacking|that lacks?|which lacks?|with no|that (?:has|have) no|(?:doesn't|does not|don't|do not) have|(?:has|have) no) (?:a |an |any |the )?(?:public|external|elastic|private|IPv4|IPv6|instance|metadata|provider|hostname|host name|DNS|zone|region|tag|node name)|(?:crash|panic|segfault|die|dies|died|exit)(?:es|s|ed|ing|ked|king)? [^\\n.;]{0,40}on (?:the )?(?:IPv6-only|IPv6 only|single-stack|dual-stack|IPv4-only) ",
        example: 'crashes on instances without a public IP',
        literals: [
          'without',
          'lack',
          'with no',
          'have no',
          'has no',
          "n't have",
          'not have',
          '-only',
          'IPv6 only',
          '-stack',
        ],
      },
      {
        pattern:
          '(?:在)?(?:没有|沒有|缺少|不带|不帶)[^\\n。；]{0,20}(?:的)?(?:实例|實例|机器|機器|节点|節點|主机|主機|虚拟机|虛擬機|服务器|服務器)上?[^\\n。；]{0,10}(?:崩溃|崩潰|panic|挂掉|掛掉|退出|段错误|段錯誤)',
        example: '在没有公网 IP 的实例上崩溃',
        literals: ['没有', '沒有', '缺少', '不带', '不帶'],
      },
    ],
    denied: { en: ['did not crash', "didn't crash", 'never crashed'], zh: ['没有崩溃', '沒有崩潰'] },
  },
  /** Round 25: untouched by what happened elsewhere ("the other zones were not impacted"). */
  notImpacted: {
    en: [
      'not impacted',
      'were not affected',
      'was not affected',
      'unaffected',
      'not affected',
      'were fine',
      'was fine',
      'worked fine',
      'kept working',
      'were healthy',
    ],
    zh: ['没有受影响', '沒有受影響', '未受影响', '未受影響', '不受影响', '不受影響', '正常'],
    denied: { en: ['also affected', 'were affected too', 'impacted as well'], zh: ['也受影响', '也受影響'] },
  },
  /**
   * Round 25: out of reach over the network, said as such ("unreachable": cannot be reached; "lost connectivity"):
   * the words name the path to the machine, where "unresponsive" or "hung" name the machine itself.
   */
  cutOff: {
    en: [
      'became unreachable',
      'become unreachable',
      'becomes unreachable',
      'went unreachable',
      'were unreachable',
      'was unreachable',
      'are unreachable',
      'is unreachable',
      'lost connectivity',
      'lost network connectivity',
      'lost network',
      'dropped off the network',
      'fell off the network',
      'were cut off',
      'was cut off',
    ],
    zh: ['网络不可达', '網絡不可達', '网络不通', '網路不通', '失联', '失聯', '断网', '斷網'],
    denied: {
      en: ['not unreachable', 'was reachable', 'were reachable', 'never lost connectivity'],
      zh: ['没有失联', '沒有失聯'],
    },
  },
  /**
   * Round 25: a pod's phase Unknown, which the API's definition gives as "the state of the Pod could not be obtained,
   * typically due to an error in communicating with the node where the Pod should be running" (kubernetes docs, Pod
   * Lifecycle; core/v1 PodUnknown), and kubectl's STATUS "Unknown" for a pod deleted on an unreachable node
   * (pkg/printers/internalversion/printers.go printPod, reason NodeLost).
   */
  unknownPhase: {
    en: [
      'in Unknown state',
      'in `Unknown` state',
      'in the Unknown state',
      'in an Unknown state',
      'in Unknown status',
      'in Unknown phase',
      'stuck in Unknown',
      'went Unknown',
      'go Unknown',
      'goes Unknown',
      'became Unknown',
      'were Unknown',
      'are Unknown',
      'showed Unknown',
      'show Unknown',
      'shows Unknown',
    ],
    zh: [
      '变成 Unknown',
      '变成Unknown',
      '變成Unknown',
      '处于 Unknown',
      '处于Unknown',
      '状态为 Unknown',
      '状态为Unknown',
      'Unknown 状态',
      'Unknown状态',
    ],
    denied: { en: ['not Unknown', 'no longer Unknown'], zh: ['不是Unknown', '不是 Unknown'] },
  },
  /**
   * Round 25: not able to start in one availability zone (a launch failing there, EC2's InsufficientInstanceCapacity
   * or an impaired zone): the zone, not the software, is what fails.
   */
  cannotLaunchInZone: {
    en: [
      'could not be launched in that zone',
      'could not be launched in that AZ',
      'failed to launch in that zone',
    ],
    zh: ['无法在该可用区启动', '無法在該可用區啟動', '在该可用区无法创建', '在该可用区创建失败'],
    patterns: [
      {
        pattern:
          "(?:could not|couldn't|cannot|can't|can not|failed to|fail to|fails to|unable to|would not|wouldn't|were not able to|was not able to)(?: be)? (?:launch|launched|start|started|come up|be created|created|provisioned|provision|join|joined)[^\\n.;]{0,20} in (?:the |that |this |one |a single )?(?:availability zone|AZ|zone [a-z0-9-]+|[a-z]{2}-[a-z]+-[0-9][a-z])",
        example: 'could be launched in eu-west-2a',
        literals: ['launch', 'start', 'come up', 'created', 'provision', 'join'],
      },
    ],
    denied: { en: ['could be launched', 'launched fine', 'started fine'], zh: ['可以启动'] },
  },
  /** Round 25: able to start in one availability zone, said of no new machine (noNewNodes). */
  launchInZone: {
    en: ['could be launched in that zone', 'could be launched in that AZ', 'could start in that zone'],
    zh: [],
    patterns: [
      {
        pattern:
          '(?:could|can|would|was able to|were able to)(?: be)? (?:launch|launched|start|started|come up|be created|created|provisioned|join|joined)[^\\n.;]{0,20} in (?:the |that |this |one |a single )?(?:availability zone|AZ|zone [a-z0-9-]+|[a-z]{2}-[a-z]+-[0-9][a-z])',
        example: 'could be launched in eu-west-2a',
        literals: ['launch', 'start', 'come up', 'created', 'provision', 'join'],
      },
    ],
    denied: { en: ['was needed', 'was requested'], zh: [] },
  },
  /**
   * Round 28 (r28-network): packets lost or dropped on their way into or out of the node (packet loss, drops: the
   * NIC's rx_dropped/rx_missed_errors, /proc/net/softnet_stat's dropped column, the UDP receive buffer's errors).
   */
  dropsPackets: {
    en: [
      'packet loss',
      'packet-loss',
      'packets loss',
      'packet drops',
      'packet drop',
      'dropped packets',
      'dropping packets',
      'drops packets',
      'drop packets',
      'packets dropped',
      'packets are dropped',
      'packets were dropped',
      'packets being dropped',
      'lost packets',
      'losing packets',
      'loses packets',
      'packets lost',
      'packets are lost',
      'packets were lost',
    ],
    zh: ['丢包', '丟包', '掉包', '包丢失', '包丟失'],
    denied: {
      en: ['no packet loss', 'without packet loss', '0% packet loss', ' 0% packet loss'],
      zh: ['没有丢包', '沒有丟包', '不丢包', '无丢包'],
    },
  },
} as const satisfies Record<string, State>;

export type SubjectId = keyof typeof SUBJECTS;
export type StateId = keyof typeof STATES;

/** One pairing and what it is evidence of, with the program terms the description stands for. */
export interface Description {
  subject: SubjectId;
  state: StateId;
  fact: FactId;
  /** What a person describing this is seeing, in the program's own terms. */
  source: string;
  mechanism: string;
  /**
   * Why this pairing names the mechanism outright and specifically (Signature.specific): a process state (D, Z), a
   * limit reached (descriptors, inotify, PIDs, memory, a filesystem), a kubelet pressure condition, a figure over a
   * threshold, one call or command that does not return. A thing's vague state (a daemon down, the node loaded,
   * CPU high, the network lost) has none: it comes from many causes.
   */
  specific?: string;
  /** Words that, on the same line, mean the line is about something else (a more specific rule owns it). */
  unless?: readonly string[];
  /**
   * Read only with the subject first: a state before it belongs to a subject of its own ("kube-proxy crashed on
   * the node" is kube-proxy's crash, not the node's).
   */
  subjectFirst?: boolean;
  /** Read only with the state first, as an adjective before its noun ("unresponsive nodes"). */
  stateFirst?: boolean;
  /** The gap allowed between the subject and a state after it, where a sentence puts more between them. */
  forwardGap?: number;
  /** The gap allowed between a state and the subject after it. */
  backwardGap?: number;
  /**
   * The state is a verb and the subject its object ("could not SSH into any of the worker nodes"): read before the
   * subject with only a noun phrase's determiners and adjectives between, never another object.
   */
  objectOf?: boolean;
  /** Patterns that, on the same line, mean the line is about something else (as `unless`, where words do not do). */
  unlessPatterns?: readonly string[];
  /**
   * Round 25: hedges (MOOD) that this pairing's state holds as its own condition, not as a supposition ("the kubelet
   * crashes if the instance has no public IP" says when it crashes): not read as the sentence's mood for it.
   */
  spares?: readonly string[];
}

/** Per-container commands: a line about one of these hanging is about one container, not the daemon. */
const CONTAINER_COMMANDS = [
  'inspect',
  ' rm ',
  'kill ',
  'docker stop ',
  'crictl stop ',
  'stop the container',
  ' logs',
  'exec',
  'delete',
  'remove',
  '删除',
  '刪除',
  '停止容器',
  '杀掉',
  '殺掉',
  // A container's create or start waits on its shim and runc create (runc's init stage): one container's path.
  'docker run ',
  'docker create ',
  'docker start ',
  'creating a container',
  'creating the container',
  'creating containers',
  'creating new containers',
  'starting a container',
  'starting the container',
  'starting containers',
  'starting new containers',
  '创建容器',
  '創建容器',
  '启动容器',
  '啟動容器',
];

/**
 * Other subjects whose crash or restart a line about the host may be about ("the pods on the node keep
 * restarting", "节点上的kubelet反复重启"): Chinese says restart and reboot with one word, and English crashes
 * happen to programs more often than to hosts.
 */
const NOT_THE_HOST = [
  'pod',
  'container',
  'kubelet',
  'docker',
  'containerd',
  'crio',
  'cri-o',
  'process',
  'application',
  'workload',
  'daemon',
  'service',
  'agent',
  'plugin',
  'exporter',
  'operator',
  // Agents whose names end in "node" (calico-node, the CSI node plugins) and node-local DNS.
  'calico-node',
  'csi-node',
  'node-local',
  'nodelocal',
  '容器',
  '进程',
  '進程',
  '应用',
  '應用',
  '业务',
  '服务',
  '服務',
];

/** Inodes that are someone else's (a volume's, an application's, a container's own filesystem), not the node's. */
const NOT_THE_NODES_INODES = [
  'PVC',
  'persistent volume',
  'volume',
  ' pod',
  "pod's",
  'Pod',
  'the app',
  "app's",
  'application',
  'database',
  'NFS',
  'inside the container',
  'in the container',
  '容器内',
  '容器里',
  '应用',
];

const INODES_GONE =
  'with no inode left no file can be created however much space is free: the runtime cannot write its snapshots and state, the kubelet fails its writes with ENOSPC';

/** What a runtime or a kubelet fails to start besides itself: a line about it is not the daemon down. */
const START_OBJECTS = [
  'start container',
  'start the container',
  'start a container',
  'start any container',
  'start containers',
  'start new container',
  'start the pod',
  'start a pod',
  'start pods',
  'start the pods',
  'start any pod',
  'start new pod',
  'start the sandbox',
  'start sandbox',
  'start the shim',
  'start shim',
  'start the task',
  'start task',
  '启动容器',
  '啟動容器',
  '启动pod',
  '启动 pod',
];

/**
 * Words that make a line about load or pressure a statement of how things work, a setting or an advice, not what
 * a node went through: documentation ("when a node is under memory pressure, the kubelet evicts"), the kubelet's
 * eviction thresholds and reservations, a way to avoid it.
 */
/**
 * Advice: what someone recommends doing so that a problem does not happen ("建议把 … 调大一点，免得以后出问题"),
 * not a report that it did. Part of NOT_AN_EPISODE and of PLANNING (every description reader's filter).
 */
const ADVISED = [
  'recommend',
  'Recommend',
  'best practice',
  '建议',
  '建議',
  '以免',
  '免得',
  '推奨',
  'おすすめ',
];

const NOT_AN_EPISODE = [
  ...ADVISED,
  'when a node',
  'when nodes',
  'when node ',
  'if a node',
  'if nodes',
  'in case of',
  'avoid',
  'prevent',
  'to protect',
  'protect against',
  'protects against',
  'threshold',
  'eviction-hard',
  'evictionHard',
  'eviction-soft',
  'evictionSoft',
  'memory.available',
  'nodefs.available',
  'should ',
  '避免',
  '防止',
  '阈值',
  '閾值',
];

/** A workload's adjective in an advice or a catalogue ("instances optimized for memory-intensive workloads"). */
export const ADVICE = [
  ...NOT_AN_EPISODE,
  'optimized for',
  'optimised for',
  'suitable for',
  'designed for',
  'ideal for',
  'intended for',
  'good for',
  'consider',
  '适合',
  '適合',
  '推荐',
  '推薦',
];

/** Subjects that are not the node, or an incident said to be unrelated to it. */
export const NOT_THE_NODE = [
  'laptop',
  'Docker Desktop',
  'my machine',
  'local machine',
  'my workstation',
  'nothing to do with',
  'unrelated',
  'not related',
  'has no relation',
  '笔记本',
  '筆記本',
  '本地',
  '无关',
  '無關',
  '没关系',
  '沒關係',
  '和线上节点',
  'ノートPC',
  'ローカル',
  '関係ない',
  '関係ありません',
  // Said of another environment, with the nodes in question set apart as fine.
  'production nodes are fine',
  'production nodes were fine',
  'production was fine',
  'production is fine',
  'not the production',
  'not in production',
  '生产节点没问题',
  '生产环境没问题',
  '线上没问题',
  '本番は問題',
  '本番とは無関係',
  // Said of a case that does not apply here (an upstream issue, another driver's bug).
  "doesn't apply",
  'does not apply',
  "didn't apply",
  'did not apply',
  'not applicable',
  '不适用',
  '不適用',
  '当てはまらない',
  '該当しない',
  // Said inside a job or a container, the node itself set apart as fine.
  'inside the job',
  'inside the CI job',
  'but the node was fine',
  'the node itself was fine',
  'the node itself is fine',
  'node and kubelet were fine',
  'node and the kubelet were fine',
  '节点和 kubelet 都正常',
  '节点和kubelet都正常',
  '节点本身正常',
  '节点本身没问题',
  'ノード自体は正常',
  'ノードは正常',
];
/**
 * Words before a description, in its sentence, that make it a supposition: "if docker hangs again, restart it",
 * "万一 …". Every description reader denies what follows them within its sentence. A simile is not one ("as if
 * dockerd stopped accepting" says what the writer saw), nor a Japanese "ても" before "しばらく".
 */
export const SUPPOSED =
  '(?:If |[^s\\n] if |[^a\\n]s if |In case |in case |如果|万一|萬一|もしも|もし |もし、|[^てで\\n]もし)';
/**
 * Words right before a state that deny it, a copula's or an auxiliary's negation: "memory wasn't exhausted",
 * "the load was never high", "内存并没有打满". Not a bare "not" or "n't": "won't start", "can't connect" are states.
 */
export const NEGATED_STATE =
  "(?:wasn't|weren't|isn't|aren't|was not|were not|is not|are not|hasn't been|haven't been|has not been|have not been|hadn't been|had not been| never|Never|was never|were never|didn't get|did not get|並沒有|并没有|并未|没有|沒有|從未|从未|未曾)";
/** Doubt and questions said as words: one sentence's mood, not the paragraph's (MOOD). */
const UNSURE = [
  'what does',
  'what is',
  'any ideas',
  'anyone',
  'maybe it',
  'Maybe it',
  'maybe the',
  'Maybe the',
  'perhaps',
  'Perhaps',
  'I wonder',
  'no idea',
  'if you ',
  'If you ',
  '有人遇到',
  '怎么排查',
  'かもしれ',
  '可能性',
  'たぶん',
  '多分',
  'でしょうか',
  'ですか',
];
/** Plans and runbooks: a mention of what may happen, not of what did. */
export const PLANNING = [
  ...ADVISED,
  ...UNSURE,
  // What documentation says is possible, not what happened.
  'the docs',
  'The docs',
  'the documentation',
  'The documentation',
  'runbook',
  'planning',
  'we plan',
  'next release',
  'next month',
  'before the next',
  'check for',
  'Check for',
  // A list of what was checked and ruled out.
  'we checked',
  'We checked',
  'checked for',
  'none of these',
  'not confirmed',
  'no evidence of',
  '排查了',
  '排除了',
  '计划',
  '計劃',
  '打算',
  '下个月',
  '文档',
  '文檔',
  '予定',
  '計画',
  'ドキュメント',
];

/** A reboot someone planned or a tool scheduled: the node goes away on purpose and comes back. */
/**
 * A reboot as a step of a procedure, not the host crashing (node.rebooting's words are a reboot nobody asked for):
 * a numbered or lettered list item that is only the reboot ("b. Node reboots", "3) the host restarts"), as steps to
 * reproduce or an update's sequence list them, and steps named in a row ending in the reboot ("drained, upgraded and
 * rebooted", "drain -> upgrade -> reboot"). A list item that says more (how often, in a loop, unexpectedly) is not
 * a bare step and stays read.
 */
const PROCEDURE_STEP = [
  '^\\s*(?:[-*]\\s*)?(?:[0-9]{1,2}|[a-hA-H])[.)]\\s+(?:[Tt]he\\s+)?(?:[Nn]ode|[Hh]ost|[Mm]achine|[Ss]erver|VM|[Ii]nstance)s?\\s+(?:reboots|restarts|(?:is|gets|was)\\s+(?:rebooted|restarted))\\s*\\.?\\s*$',
  '\\b(?:[Dd]rain|[Cc]ordon|[Uu]pgrad|[Uu]pdat|[Pp]atch|[Ii]nstall)[a-z]*\\s*(?:,|->|→|=>|/)\\s*(?:(?:and|then)\\s+)?(?:(?:[Dd]rain|[Cc]ordon|[Uu]pgrad|[Uu]pdat|[Pp]atch|[Ii]nstall)[a-z]*\\s*(?:,|->|→|=>|/|\\band\\b|\\bthen\\b)\\s*(?:(?:and|then)\\s+)?)*(?:reboot|restart)',
];

const PLANNED = [
  'kured',
  'unattended-upgrade',
  'unattended upgrade',
  'reboot-required',
  'maintenance window',
  'for maintenance',
  ' scheduled reboot',
  ' planned reboot',
  // A reboot that went well, and the counters and policies named after restarts.
  'rebooted fine',
  'restarted fine',
  'reboots fine',
  'restarts fine',
  'rebooted successfully',
  'restarted successfully',
  'rebooted cleanly',
  'restarted cleanly',
  'rebooted gracefully',
  'restarted gracefully',
  'rebooted as expected',
  'restarted as expected',
  'rebooted without issue',
  'restarted without issue',
  'rebooted without problem',
  'restarted without problem',
  'restart count',
  'reboot count',
  'restartCount',
  'restart policy',
  'restartPolicy',
  'to apply',
  'to install',
  'after patching',
];

/**
 * Round 26 (r26-weighing): a reboot given its purpose is a planned step, as a timeline or a procedure lists it: for a
 * kernel or an OS update (kured reboots when /var/run/reboot-required exists, which update-notifier's and
 * unattended-upgrades' package hooks create after a kernel package is installed; "Safely Drain a Node" in the
 * Kubernetes docs drains for "kernel upgrade, hardware maintenance"), to pick up or load a new kernel, for patching,
 * drained and rebooted, in a maintenance or patch window, planned or scheduled. The node went away on purpose and
 * came back: no crash, no sign of the node cut off.
 */
const REBOOT_PURPOSE = {
  en: [
    'for kernel',
    'for a kernel',
    'for the kernel',
    'for a new kernel',
    'for the new kernel',
    'new kernel',
    'kernel update',
    'kernel updates',
    'kernel upgrade',
    'kernel upgrades',
    'kernel patch',
    'kernel patches',
    'into kernel',
    'into the new kernel',
    'to pick up',
    'to load the',
    'for patching',
    'for updates',
    'for an update',
    'for the update',
    'for an upgrade',
    'for the upgrade',
    'OS update',
    'OS upgrade',
    'OS patch',
    'security patch',
    'security patches',
    'security update',
    'security updates',
    'patch window',
    'maintenance',
    'as planned',
    'planned',
    'scheduled',
    'rolling reboot',
    'rolling reboots',
    'drain and reboot',
    'drained and rebooted',
    'drain-and-reboot',
  ],
  zh: [
    '内核升级',
    '內核升級',
    '升级内核',
    '升級內核',
    '内核更新',
    '內核更新',
    '更新内核',
    '更新內核',
    '计划重启',
    '計劃重啟',
    '计划内',
    '計劃內',
    '维护窗口',
    '維護窗口',
    '例行重启',
    '例行重啟',
    '按计划',
    '按計劃',
    '打补丁',
    '打補丁',
    'メンテナンス',
    'カーネル更新',
    'カーネルアップデート',
  ],
};
/** A reboot nobody planned, said in the same line: the purpose words then set nothing aside ("rebooted unexpectedly"). */
const REBOOT_UNPLANNED = {
  en: [
    ...UNPLANNED,
    'unexpectedly',
    'randomly',
    'suddenly',
    'spontaneously',
    'kernel panic',
    'panicked',
    'power loss',
    'power outage',
    'power failure',
    'lost power',
    'by itself',
    'on its own',
    'hard reset',
  ],
  zh: [
    '意外',
    '异常重启',
    '異常重啟',
    '突然',
    '断电',
    '斷電',
    '掉电',
    '掉電',
    '宕机',
    '宕機',
    '死机',
    '死機',
    '自己重启',
    '自动重启',
  ],
};
/** A reboot with its purpose or its plan, and no word of an unplanned one, in the line (PLANNED, REBOOT_PURPOSE). */
const PLANNED_REBOOT = `^(?![^\\n]*${alternatives(REBOOT_UNPLANNED)})[^\\n]*${alternatives({
  en: [...PLANNED, ...REBOOT_PURPOSE.en],
  zh: REBOOT_PURPOSE.zh,
})}`;

/**
 * Refusals that are not the nodes': a workload's service account, an admission policy, a quota, a registry, a
 * person's tools, a host's file permissions.
 */
const NOT_THE_NODES_CREDENTIALS = [
  'serviceaccount',
  'service account',
  'ServiceAccount',
  'PodSecurity',
  'quota',
  'registry',
  'image pull',
  'ImagePull',
  'pull secret',
  'S3',
  'bucket',
  'dashboard',
  'Dashboard',
  'helm',
  'Helm',
  'Jenkins',
  'ssh',
  'SSH',
  'sudo',
  'permission denied',
  'Permission denied',
  // The kubelet refusing others (its own API on :10250: a scrape, kubectl logs or exec through the API server's
  // kubelet client), not the API server refusing the kubelet.
  'prometheus',
  'Prometheus',
  'scrap',
  'exporter',
  'metrics',
  '10250',
  'kubelet-client',
];

/** A person's client refused ("kubectl get nodes returns Unauthorized"): their credentials, not the nodes'. */
const PERSON_REFUSED =
  '(?:kubectl|[Mm]y user|[Oo]ur users|the user|[Ii]AM user|CI job|pipeline)[^\\n.;]{0,60}(?:[Uu]nauthorized|[Ff]orbidden|denied|401|403|认证失败|未授权)';

/** Certificates that are not the kubelet's client certificate: an application's, an ingress's, a webhook's. */
const NOT_THE_KUBELETS_CERTIFICATE = [
  'ingress',
  'Ingress',
  'cert-manager',
  'TLS secret',
  'webhook',
  'browser',
  'registry',
  "Let's Encrypt",
  'letsencrypt',
  'serving certificate',
  'kubelet-serving',
];

/**
 * supervisord's own log of a stop someone asked for ("stopped: NAME (terminated by SIGTERM)") and of an exit its
 * exitcodes list ("exited: NAME (exit status 0; expected)"): a program's line whose words read like a death, not
 * one (supervisor/process.py Subprocess.finish; its unexpected deaths are read in service-managers.ts).
 */
const SUPERVISORD_NOT_A_DEATH = [
  'stopped: [A-Za-z0-9_.:-]{1,60} \\((?:exit status [0-9]+|terminated by SIG)',
  '; expected\\)',
];

/**
 * The kubelet's log quoting another thing's state ("kubelet 日志一直刷 runtime is down"): a kubelet alive and
 * writing, the state said of what its log names.
 */
export const KUBELET_LOG_QUOTES = [
  'kubelet 日志',
  'kubelet日志',
  'kubelet 的日志',
  'kubelet log',
  'kubelet のログ',
];

/** Round 28: hostnames that are not the machine's (a pod's, a container's, a registry's, an ingress's, a DNS record's). */
const NOT_THE_MACHINES_NAME = [
  'pod hostname',
  "pod's hostname",
  'container hostname',
  "container's hostname",
  'hostname of the pod',
  'hostname of the container',
  'registry',
  'ingress',
  'DNS record',
  '容器的主机名',
  'Pod 的主机名',
];
const HOSTNAME_CHANGED_SPECIFIC =
  'a hostname that changed is one event with one consequence for the kubelet: its node name no longer matches its credentials';
const HOSTNAME_CHANGED_MECHANISM =
  'the kubelet now calls itself by the new name while its client certificate is system:node:<old name>: NodeRestriction and the Node authorizer refuse its node, Lease and status writes, so the node it was stops posting status and goes NotReady';

/**
 * Words that make "the network" something other than the node's own link: a policy, the plugin, a namespace, the
 * host's network manager, a container network being created.
 */
const NOT_THE_NODES_NETWORK = [
  'policy',
  'policies',
  'plugin',
  'namespace',
  'NetworkManager',
  'networkd',
  'docker network',
  'network create',
];

/**
 * Round 25 (r25-words): no new machine able to start in one zone, said either way round ("new nodes cannot launch",
 * "no new node could be launched"). A refusal of the machine itself (quota, its image, its bootstrap) is not the zone.
 */
const ZONE_CANNOT_LAUNCH = {
  fact: 'network.disrupted',
  subjectFirst: true,
  unless: [
    'quota',
    'Quota',
    'limit exceeded',
    'LimitExceeded',
    'AMI',
    'image',
    'user data',
    'userdata',
    'bootstrap',
  ],
  source:
    "observation: instances failing to launch in one availability zone (EC2 RunInstances' InsufficientInstanceCapacity or Unsupported there, the cluster autoscaler's or the node group's failed scale-up in that zone; the provider's status page)",
  mechanism:
    'a zone where nothing new can start is impaired as a whole (its network or its hosts): the nodes already there are cut off with it, their kubelets unable to reach the API server, while the other zones run',
} as const satisfies Partial<Description>;

/**
 * Round 27 (r27-words): agents of one node said to stop at the same moment. "At the same time", "simultaneously",
 * "together", "同时" join two subjects' states into one event: what stops the kubelet and another agent of the node
 * (a log shipper, a metrics exporter, the cloud's or the hypervisor's guest agent, sshd) in one instant is what they
 * share, the guest itself (memory exhausted and reclaim livelocking, the CPU starved, the kernel stuck), not either
 * agent. The runtime named with the kubelet is no such pair: the kubelet's state follows the runtime's.
 */
export const SAME_MOMENT =
  '(?:[Aa]t (?:exactly |precisely |roughly |about )?the (?:very )?same (?:time|moment|instant|second|minute|timestamp)|[Ss]imultaneously|[Aa]ll at once|at once|together|[Ii]n the same (?:second|minute|moment|instant)|同时|同時|同一时间|同一時間|同一时刻|同一時刻|一起)';
/** Another agent of the node, named beside the kubelet (any name but the runtime's, which its unless leaves out). */
const OTHER_AGENT = "[A-Za-z][A-Za-z0-9 ._'’/-]{1,50}";
/** The agents' stop, in the forms the grammar's states give it. */
export const AGENTS_STOP =
  '(?:stopped|stop|stops|hung|hang|hangs|froze|freeze|freezes|died|die|dies|crashed|went (?:silent|quiet|dark|down)|stopped (?:responding|reporting|logging|sending|working)|became unresponsive|were (?:hung|stuck|frozen|killed|down)|got stuck|locked up|停止|停了|卡住|卡死|挂了|掛了|没有响应|沒有響應|无响应|無響應|退出|断了|斷了|没了|沒了)';
/** A character of the same sentence (WITHIN_SENTENCE's, declared below the grammar). */
const IN_SENTENCE = '(?:[^\\n.;!?。；！？]|\\.[^ \\n])';
/** The kubelet and another agent, either first, stopping in one moment (the moment before or after the verb). */
export const KUBELET_WITH_AGENT_STOPPED = [
  `[Kk]ubelet(?: process| service)?,? (?:and|as well as|together with|along with|plus|&) (?:the |its |our )?${OTHER_AGENT} (?:both |all |each )?${AGENTS_STOP}${IN_SENTENCE}{0,60}${SAME_MOMENT}`,
  // "X and the kubelet ...": the other agent's name before the conjunction is not needed to read it (and the runtime's
  // there is left out by the readers' unless).
  `(?:and|as well as|together with|along with|&) (?:the )?[Kk]ubelet(?: process| service)? (?:both |all )?${AGENTS_STOP}${IN_SENTENCE}{0,60}${SAME_MOMENT}`,
  `${SAME_MOMENT},? (?:both )?(?:the )?(?:[Kk]ubelet (?:and|&) ${OTHER_AGENT}|[A-Za-z][A-Za-z0-9._-]{1,30}(?: [A-Za-z0-9._-]{1,30}){0,2} (?:and|&) (?:the )?[Kk]ubelet) (?:both |all )?${AGENTS_STOP}`,
  `[Kk]ubelet(?: process| service)?,? (?:and|as well as|together with|along with|&) (?:the |its |our )?${OTHER_AGENT} (?:both |all )?${SAME_MOMENT} ?${AGENTS_STOP}`,
  `kubelet ?(?:和|与|與|跟|以及|还有|還有)[^\n，。,]{1,30}?${SAME_MOMENT}[^\n。]{0,6}${AGENTS_STOP}`,
  `(?:和|与|與|跟|以及)kubelet ?${SAME_MOMENT}[^\n。]{0,6}${AGENTS_STOP}`,
].join('|');

export const DESCRIPTIONS: readonly Description[] = [
  {
    subject: 'kubelet',
    state: 'died',
    fact: 'kubelet.dead',
    // The node controller's own condition message (Ready=Unknown), read by its rule, not a description. A kill
    // by SIGKILL is its own pairing below: restarted, and a question of why.
    // A possessive is about a part of the kubelet ("the kubelet's sync loop was not running"), and a kubelet said to
    // be healthy is alive whatever its parts do.
    unless: [
      ...KUBELET_LOG_QUOTES,
      'stopped posting',
      '137',
      'SIGKILL',
      'kill -9',
      'signal 9',
      "kubelet's",
      'kubelet’s',
      'was healthy',
      'is healthy',
      'reported healthy',
      // Its log that stops is the kubelet wedged (below), not dead; pods it shuts down are the node's shutdown.
      'kubelet log',
      'kubelet journal',
      'stopped logging',
      'stops logging',
      'log stopped',
      'logs stopped',
      'shuts down pods',
      'shutting down pods',
    ],
    // Round 27: the kubelet stopping in one moment with another agent of the node is the guest's stop (load-words.ts).
    unlessPatterns: [...SUPERVISORD_NOT_A_DEATH, KUBELET_WITH_AGENT_STOPPED],
    source:
      'observation: kubelet.service exiting (systemd "Main process exited", "Stopped", "Killed") as people see it',
    mechanism: 'no kubelet runs, so nobody renews the node lease or posts status',
  },
  {
    subject: 'kubelet',
    state: 'sigkilled',
    fact: 'kubelet.killed',
    source:
      'observation: the kubelet killed by SIGKILL (systemd "code=killed, status=9/KILL", exit status 137)',
    mechanism:
      'the OOM killer or a watchdog killed the kubelet; it is restarted, but why it was killed is the fault',
  },
  {
    subject: 'kubelet',
    state: 'notRestarted',
    fact: 'kubelet.dead',
    unless: [...START_OBJECTS, ...KUBELET_LOG_QUOTES],
    source:
      'observation: kubelet.service left inactive (systemd did not restart it: Restart= policy, start limit)',
    mechanism: 'no kubelet runs, so nobody renews the node lease or posts status',
  },
  {
    subject: 'kubelet',
    state: 'restarting',
    fact: 'kubelet.dead',
    unless: KUBELET_LOG_QUOTES,
    // Repeated restarts before their object are a person's ("we kept restarting kubelet").
    subjectFirst: true,
    source:
      'observation: kubelet.service crash-looping (systemd "Scheduled restart job, restart counter is at N")',
    mechanism: 'the kubelet exits again before it posts status; the lease lapses between restarts',
  },
  {
    subject: 'runtime',
    state: 'hangs',
    fact: 'runtime.cmd_hang',
    unless: CONTAINER_COMMANDS,
    source: 'observation: the runtime daemon API (docker ps/info, crictl ps) not answering',
    mechanism: 'runtime-wide calls get no answer: the daemon is down or deadlocked',
  },
  {
    subject: 'runtime',
    state: 'died',
    fact: 'runtime.service_failed',
    // The kubelet's own Ready message, quoted: read by the kubelet rules as the summary it is. A kill by SIGKILL is its
    // own pairing below: a forced kill, and a question of what killed it.
    unless: [
      'container runtime is down',
      'runtime network not ready',
      'runtime is down',
      ' 137',
      'SIGKILL',
      'kill -9',
      'signal 9',
    ],
    unlessPatterns: SUPERVISORD_NOT_A_DEATH,
    source:
      'observation: the runtime daemon exiting (systemd "Main process exited" for docker/containerd/crio)',
    mechanism: 'the runtime daemon exited; until it is back nothing answers CRI calls',
  },
  {
    // 137 is 128 + 9 (signal(7) SIGKILL): the shell's and the runtimes' exit status of a process killed by signal 9,
    // which cannot be caught. A daemon killed so was killed by the kernel's OOM killer (its unit's MemoryMax= or the
    // node's memory), or by systemd's final SIGKILL after TimeoutStopSec= (systemd.kill(5) FinalKillSignal=).
    subject: 'runtime',
    state: 'sigkilled',
    fact: 'runtime.killed',
    // A container the runtime ran is the container's death, not the daemon's ("the docker container exited with 137").
    unless: [
      'container exited',
      'container was',
      'containers exited',
      'app container',
      'docker stop',
      'docker kill',
    ],
    source:
      'observation: the runtime daemon killed by SIGKILL (systemd "code=killed, status=9/KILL", exit status 137 = 128 + 9, signal(7); systemd.kill(5) FinalKillSignal=, systemd.resource-control(5) MemoryMax=, mm/oom_kill.c)',
    mechanism:
      "something killed the runtime daemon outright: the OOM killer (its unit's memory limit or the node's memory), or systemd's SIGKILL after a stop that timed out; until it is back nothing answers CRI calls",
  },
  {
    // The same exit status of a node's system pod: its container killed by signal 9, by the kernel's OOM killer at its
    // own memory limit (kubelet: Reason OOMKilled) or the node's, or by the runtime's kill after the grace period.
    subject: 'systemPod',
    state: 'sigkilled',
    fact: 'pod.system_killed',
    subjectFirst: true,
    // kubectl describe pod puts the container's name, its state and reason between the pod and its exit code.
    forwardGap: 80,
    unless: ['kubectl delete', 'we deleted', 'rollout restart', 'we restarted', 'drain'],
    source:
      'observation: a node system pod\'s container terminated with exit code 137 (kubectl describe pod "Last State: Terminated, Exit Code: 137"; 128 + SIGKILL 9, signal(7); the CRI container status exit code the kubelet reports)',
    mechanism:
      "a system pod on the node was killed outright (its memory limit or the node's memory, or a forced stop): what it serves on the node lapses until it restarts, and memory is the first question",
  },
  {
    subject: 'runtime',
    state: 'restarting',
    fact: 'runtime.service_failed',
    // Repeated restarts before their object are a person's ("we kept restarting runtime").
    subjectFirst: true,
    source: 'observation: the runtime service restarting in a loop (systemd restart counter)',
    mechanism: 'the runtime daemon keeps exiting; between restarts nothing answers CRI calls',
  },
  {
    subject: 'runtime',
    state: 'notRestarted',
    fact: 'runtime.service_stopped',
    unless: START_OBJECTS,
    source: 'observation: the runtime service stopped and left inactive by systemd',
    mechanism: 'nothing serves the runtime socket, so every CRI call fails until someone starts it',
  },
  {
    subject: 'runtime',
    state: 'recovered',
    fact: 'runtime.recovered',
    source: 'observation: the runtime daemon back and answering after an exit (systemd restarted it)',
    mechanism: 'an outage that ended by itself: what keeps the node NotReady now is something else',
  },
  {
    subject: 'runc',
    state: 'hangs',
    fact: 'runtime.container_cmd_hang',
    source: 'observation: a runc create/start/exec/kill for one container not returning (libcontainer)',
    mechanism: 'the runtime waits on runc for that container; calls about it hang',
  },
  {
    subject: 'runc',
    state: 'dState',
    fact: 'proc.dstate',
    specific:
      'a process in D state (ps STAT D, uninterruptible sleep) is one kernel state: waiting in the kernel, unkillable',
    source: 'observation: runc or runc init in uninterruptible sleep (ps state D)',
    mechanism: 'runc is blocked in the kernel; the container operation that started it never completes',
  },
  {
    subject: 'shim',
    state: 'hangs',
    fact: 'runtime.shim_hang',
    specific: "a shim not answering is one container's process not answering",
    source: 'observation: a containerd-shim no longer answering its ttrpc API (containerd runtime/v2/shim)',
    mechanism: 'every runtime call about that container waits on the shim, and relist waits with it',
  },
  {
    subject: 'shim',
    state: 'leftOver',
    fact: 'proc.shim_leftover',
    source:
      'observation: containerd shims left after their containers are gone (reparented to PID 1, never reaped, in the hundreds or thousands): containerd runtime/v1/linux Task.Delete and the CRI exit handler returning before the shim is killed (containerd #7496, #9309)',
    mechanism:
      "the runtime's delete of a task did not end its shim: the shims and their memory pile up with every container that churns through the node",
  },
  {
    subject: 'shim',
    state: 'counted',
    fact: 'proc.shim_leftover',
    specific: 'shims counted beyond the pods is a count of leftover processes',
    stateFirst: true,
    source:
      "observation: containerd shims counted in the hundreds or thousands: one shim serves a container (v1, Docker) or a pod (runc v2 under the CRI), so counts beyond the kubelet's maxPods are shims left over",
    mechanism:
      "the runtime's delete of a task did not end its shim: the shims and their memory pile up with every container that churns through the node",
  },
  {
    subject: 'shim',
    state: 'zombie',
    fact: 'proc.zombie_shim',
    specific: 'a zombie (ps STAT Z, <defunct>) is one kernel state: exited and not reaped by its parent',
    source:
      'observation: a zombie whose parent is a containerd-shim (the shim reaps its container processes)',
    mechanism: 'the shim does not reap its child, so the container never reports exited',
  },
  {
    subject: 'shim',
    state: 'dState',
    fact: 'proc.zombie_shim',
    specific:
      'a process in D state (ps STAT D, uninterruptible sleep) is one kernel state: waiting in the kernel, unkillable',
    source: 'observation: a container process under a containerd-shim in uninterruptible sleep',
    mechanism: 'the container process cannot be killed; the shim and every call about it wait',
  },
  {
    subject: 'runtime',
    state: 'dState',
    fact: 'kernel.hung_task_runtime',
    specific:
      'a process in D state (ps STAT D, uninterruptible sleep) is one kernel state: waiting in the kernel, unkillable',
    source:
      'observation: the runtime daemon (dockerd, containerd, crio) in uninterruptible sleep (ps STAT D, "State: D (disk sleep)" in /proc/PID/status)',
    mechanism:
      'the daemon is blocked in the kernel, in whatever path: no signal reaches it and no restart of the unit clears it, only a reboot',
  },
  {
    subject: 'kubelet',
    state: 'dState',
    fact: 'proc.dstate',
    specific:
      'a process in D state (ps STAT D, uninterruptible sleep) is one kernel state: waiting in the kernel, unkillable',
    source:
      'observation: the kubelet in uninterruptible sleep (ps STAT D, "State: D (disk sleep)" in /proc/PID/status)',
    mechanism:
      'the kubelet is blocked in the kernel (a dead mount it stats, a storage stall): its sync loop and status updates wait with it',
  },
  {
    subject: 'process',
    state: 'zombie',
    fact: 'proc.zombie',
    specific: 'a zombie (ps STAT Z, <defunct>) is one kernel state: exited and not reaped by its parent',
    source: 'observation: zombie (defunct, ps state Z) processes on the node',
    mechanism: 'a parent that does not reap its children; under a shim it wedges the container',
  },
  {
    subject: 'process',
    state: 'dState',
    fact: 'proc.dstate',
    specific:
      'a process in D state (ps STAT D, uninterruptible sleep) is one kernel state: waiting in the kernel, unkillable',
    source: 'observation: processes in uninterruptible sleep (ps state D)',
    mechanism: 'processes blocked in the kernel (usually storage) that no signal can end',
  },
  {
    subject: 'systemd',
    state: 'hangs',
    fact: 'systemd.cmd_hang',
    specific: 'systemd (PID 1) not answering is one process not answering its own commands',
    source: 'observation: systemd (PID 1) not answering D-Bus (systemctl, busctl hang)',
    mechanism: 'PID 1 does not answer D-Bus, so anything that needs a unit or scope waits',
  },
  {
    subject: 'systemd',
    state: 'busy',
    fact: 'systemd.busy',
    source: 'observation: systemd (PID 1) pinning a CPU as top/ps show it',
    mechanism: 'PID 1 is saturated and handles D-Bus requests late or not at all',
  },
  {
    subject: 'scope',
    state: 'busy',
    fact: 'systemd.busy',
    source:
      "observation: systemd's transient scope units (the containers' cgroups) shown pinning a CPU in top",
    mechanism: 'PID 1 is saturated managing scope units and handles D-Bus requests late or not at all',
  },
  {
    subject: 'dbus',
    state: 'hangs',
    fact: 'systemd.dbus_timeout',
    specific: 'a D-Bus call that does not return is one call to PID 1 not answering',
    source:
      'observation: calls over the system D-Bus (runc/containerd asking systemd for a scope) not returning',
    mechanism: 'a D-Bus call to systemd gets no reply; the container operation that needs it waits',
  },
  {
    subject: 'dbus',
    state: 'restartedOnce',
    fact: 'systemd.dbus_disconnected',
    source:
      "observation: the system bus restarted by hand or by a package upgrade: dbus-daemon (dbus/bus) drops every client's connection when it exits, and systemd reconnects to the new bus only in some releases (src/core/dbus.c bus_init_system)",
    mechanism:
      'clients lose their bus connection; runtimes with the systemd cgroup driver cannot create scopes',
  },
  {
    // Round 28: the restart as a noun right after the bus's name ("after the dbus restart, pods could not start").
    subject: 'dbus',
    state: 'restartNoun',
    fact: 'systemd.dbus_disconnected',
    subjectFirst: true,
    unless: ['without', 'no dbus', 'not a dbus', 'no D-Bus', 'avoid', '不需要', '无需'],
    forwardGap: 3,
    source:
      "observation: a restart of the system bus (dbus-daemon or dbus-broker) named as an event: dbus-daemon (dbus/bus) drops every client's connection when it exits, and systemd reconnects to the new bus only in some releases (src/core/dbus.c bus_init_system)",
    mechanism:
      'clients lose their bus connection; runtimes with the systemd cgroup driver cannot create scopes',
  },
  {
    // Round 28: the machine's hostname changed under the kubelet: its certificate still names the old node.
    subject: 'hostname',
    state: 'renamed',
    fact: 'node.hostname_changed',
    subjectFirst: true,
    unless: NOT_THE_MACHINES_NAME,
    specific: HOSTNAME_CHANGED_SPECIFIC,
    source:
      'observation: the machine\'s hostname changed at boot (cloud-init\'s set_hostname/update_hostname, a DHCP lease\'s host-name option applied by NetworkManager or systemd-networkd, hostnamectl); kubernetes pkg/util/node GetHostname (the kubelet\'s node name unless --hostname-override), plugin/pkg/admission/noderestriction/admission.go admitNode ("node %q is not allowed to modify node %q") and plugin/pkg/auth/authorizer/node/node_authorizer.go authorizeLease ("can only access node lease with the same name as the requesting node"), kubelet_node_status.go registerWithAPIServer ("Unable to register node with API server")',
    mechanism: HOSTNAME_CHANGED_MECHANISM,
  },
  {
    // Round 28: the same change said as an agent's act before the name (cloud-init, DHCP, a person at boot).
    subject: 'hostname',
    state: 'renamedIt',
    fact: 'node.hostname_changed',
    // A determiner or two between (English "the", "its"; Chinese writes the object right after the verb).
    stateFirst: true,
    backwardGap: 8,
    unless: [...NOT_AN_EPISODE, 'template', 'runbook', ...NOT_THE_MACHINES_NAME],
    specific: HOSTNAME_CHANGED_SPECIFIC,
    source:
      "observation: an agent changing the machine's hostname at boot (cloud-init's cc_set_hostname/cc_update_hostname, a DHCP lease's host-name option applied by NetworkManager or systemd-networkd, hostnamectl set-hostname); kubernetes pkg/util/node GetHostname and plugin/pkg/admission/noderestriction/admission.go admitNode",
    mechanism: HOSTNAME_CHANGED_MECHANISM,
  },
  {
    // Round 28: one datastore member slow, the API servers in front of it answering late (the nodes behind them NotReady).
    subject: 'datastoreMember',
    state: 'slowToAnswer',
    fact: 'etcd.member_slow',
    subjectFirst: true,
    unless: [
      'etcdctl',
      'backup',
      'snapshot',
      'defrag',
      'replaced',
      'last month',
      'last week',
      'last year',
      'months ago',
      'weeks ago',
      'in the past',
      'are fine',
      'were fine',
      '上个月',
      '以前',
    ],
    source:
      'observation: one member of the datastore slow (etcd-io/etcd server/etcdserver/util.go warnOfExpensiveRequest "apply request took too long", server/storage/wal/wal.go "slow fdatasync", etcdctl endpoint status and check perf per member; kine\'s "Slow SQL")',
    mechanism:
      'an API server waits on its datastore member for every write: with the member slow, the kubelets that reach that API server have their Lease and status writes time out, and their nodes go NotReady while the others stay Ready',
  },
  {
    subject: 'dbus',
    state: 'died',
    fact: 'systemd.dbus_disconnected',
    source: 'observation: dbus-daemon (the system bus) exiting or restarted',
    mechanism:
      'clients lose their bus connection; runtimes with the systemd cgroup driver cannot create scopes',
  },
  {
    subject: 'network',
    state: 'unreachable',
    fact: 'network.disrupted',
    // The pods' network is the network plugin's (its own subject).
    unless: [
      'plugin',
      'CNI',
      'cni',
      'NetworkPluginNotReady',
      'NetworkUnavailable',
      'pod network',
      'calico',
      'Calico',
      'flannel',
      'Flannel',
      'cilium',
      'Cilium',
      'weave',
    ],
    source:
      "observation: the node's network cut or restarted (the kubelet's connection to the API server drops)",
    mechanism: 'the kubelet cannot reach the API server, so its lease and status updates stop',
  },
  {
    subject: 'firewall',
    state: 'changed',
    fact: 'network.disrupted',
    source:
      'observation: a firewall or security-group change on the path between the node and the API server',
    mechanism: 'the kubelet cannot reach the API server, so its lease and status updates stop',
  },
  {
    subject: 'apiserver',
    state: 'unreachable',
    fact: 'apiserver.down',
    // A node unreachable from the control plane is the node's outage as the control plane sees it.
    unless: ['from the control plane', 'from the control-plane', 'from the apiserver', 'from the API server'],
    source: 'observation: kube-apiserver or its load balancer unavailable',
    mechanism: 'every kubelet loses its status path at once; the nodes themselves may be fine',
  },
  {
    subject: 'apiserver',
    state: 'died',
    fact: 'apiserver.down',
    // What the control plane saw a node's kubelet stop doing is the node's outage; something "on the master node"
    // (节点上的) is a program of its own.
    unless: [
      'stopped posting',
      'stopped sending',
      'stopped reporting',
      'stopped updating',
      'stopped renewing',
      '节点上的',
      '節點上的',
    ],
    source: 'observation: kube-apiserver exiting or restarted',
    mechanism: 'every kubelet loses its status path at once; the nodes themselves may be fine',
  },
  {
    subject: 'controlPlane',
    state: 'takenDown',
    fact: 'apiserver.down',
    // A program on the server (its kubelet, its runtime), an agent, or a node the control plane saw stop.
    unless: [
      'kubelet',
      'docker',
      'containerd',
      'pod',
      'container',
      'k3s agent',
      'k3s-agent',
      'rke2 agent',
      'rke2-agent',
      'stopped posting',
      'stopped sending',
      'stopped reporting',
      'stopped updating',
      'stopped renewing',
      '容器',
      '节点上的',
      '節點上的',
    ],
    source:
      'observation: a control-plane server (a kubeadm master, a k3s/rke2 server) stopped, shut down or taken offline',
    mechanism:
      "the API server on it is gone: kubelets that reach it (directly, or through a k3s/rke2 agent's load balancer still sending to it) lose their status path",
  },
  {
    subject: 'controlPlane',
    state: 'unreachable',
    fact: 'apiserver.down',
    unless: ['kubelet', 'from the master', 'from the control plane', 'from the control-plane'],
    source: 'observation: a control-plane server unreachable or offline',
    mechanism: 'every kubelet that reaches the API server on it loses its status path',
  },
  {
    subject: 'networkStorage',
    state: 'unreachable',
    fact: 'kernel.storage_stall',
    source:
      'observation: an NFS/network filesystem server not answering (the kernel\'s "nfs: server … not responding")',
    mechanism:
      'processes touching the mount sleep uninterruptibly; stopping their containers never completes',
  },
  {
    subject: 'networkStorage',
    state: 'died',
    fact: 'kernel.storage_stall',
    source:
      'observation: the NFS/network filesystem server gone (crashed, stopped, shut down) while clients still hold hard mounts',
    mechanism:
      'a hard mount retries forever: processes touching it sleep uninterruptibly and their containers cannot be stopped',
  },
  {
    subject: 'networkStorage',
    state: 'hangs',
    fact: 'kernel.storage_stall',
    specific: 'a network mount that hangs is one mount not answering: its readers wait in D state',
    source: 'observation: an NFS/network filesystem mount hanging',
    mechanism:
      'processes touching the mount sleep uninterruptibly; stopping their containers never completes',
  },
  {
    subject: 'disk',
    state: 'exhausted',
    fact: 'disk.pressure',
    specific: 'a disk used up (Use% 100 %, ENOSPC) is one limit reached',
    source: 'observation: the node out of disk space (df), what the kubelet reports as DiskPressure',
    mechanism: 'writes fail; the runtime cannot create containers and image GC cannot keep up',
  },
  {
    subject: 'node',
    state: 'diskPressure',
    fact: 'disk.pressure',
    specific: "the kubelet's DiskPressure condition is one threshold crossed",
    // Its eviction threshold reached is the episode itself, not talk of a setting; a condition False (a table's row,
    // Type=Status) and the taint's key (a toleration) are not the condition held.
    unless: NOT_AN_EPISODE.filter((w) => !['threshold', '阈值', '閾值'].includes(w)),
    unlessPatterns: ['(?:Disk|PID)Pressure *[=:]? *False', 'node\\.kubernetes\\.io/'],
    source:
      "observation: the kubelet's DiskPressure condition (pkg/kubelet/nodestatus/setters.go DiskPressureCondition, from the eviction manager's nodefs/imagefs signals, pkg/kubelet/eviction) or its eviction threshold, named as a state of the node",
    mechanism:
      "the node's or image filesystem's free space is below the kubelet's eviction threshold: it refuses pods, evicts, and the runtime's writes start failing",
  },
  {
    subject: 'disk',
    state: 'diskPressure',
    fact: 'disk.pressure',
    specific: "the kubelet's DiskPressure condition is one threshold crossed",
    // Its eviction threshold reached is the episode itself, not talk of a setting; a condition False (a table's row,
    // Type=Status) and the taint's key (a toleration) are not the condition held.
    unless: NOT_AN_EPISODE.filter((w) => !['threshold', '阈值', '閾值'].includes(w)),
    unlessPatterns: ['(?:Disk|PID)Pressure *[=:]? *False', 'node\\.kubernetes\\.io/'],
    source:
      "observation: the disk said to reach the kubelet's eviction threshold (pkg/kubelet/eviction nodefs.available, imagefs.available)",
    mechanism:
      "the node's or image filesystem's free space is below the kubelet's eviction threshold: it refuses pods, evicts, and the runtime's writes start failing",
  },
  {
    subject: 'kubelet',
    state: 'diskPressure',
    fact: 'disk.pressure',
    specific: "the kubelet's DiskPressure condition is one threshold crossed",
    unless: NOT_AN_EPISODE.filter((w) => !['threshold', '阈值', '閾值'].includes(w)),
    unlessPatterns: ['(?:Disk|PID)Pressure *[=:]? *False', 'node\\.kubernetes\\.io/'],
    source:
      'observation: the kubelet said to report DiskPressure or to reach its eviction threshold (pkg/kubelet/nodestatus/setters.go DiskPressureCondition, pkg/kubelet/eviction)',
    mechanism:
      "the node's or image filesystem's free space is below the kubelet's eviction threshold: it refuses pods, evicts, and the runtime's writes start failing",
  },
  {
    subject: 'evictions',
    state: 'diskPressure',
    fact: 'disk.pressure',
    unless: NOT_AN_EPISODE.filter((w) => !['threshold', '阈值', '閾值'].includes(w)),
    unlessPatterns: ['(?:Disk|PID)Pressure *[=:]? *False', 'node\\.kubernetes\\.io/'],
    source:
      'observation: pods evicted with the node\'s DiskPressure named as the reason (the kubelet\'s eviction manager, pkg/kubelet/eviction: "The node had condition: [DiskPressure]", "The node was low on resource: ephemeral-storage")',
    mechanism:
      "the node's or image filesystem's free space is below the kubelet's eviction threshold: it refuses pods, evicts, and the runtime's writes start failing",
  },
  {
    subject: 'node',
    state: 'pidPressure',
    fact: 'pid.pressure',
    specific: "the kubelet's PIDPressure condition is one threshold crossed",
    unless: NOT_AN_EPISODE,
    unlessPatterns: ['PIDPressure *[=:]? *False', 'node\\.kubernetes\\.io/'],
    source:
      "observation: the kubelet's PIDPressure condition named as a state of the node (pkg/kubelet/nodestatus/setters.go PIDPressureCondition)",
    mechanism:
      'free PIDs are below the eviction threshold: forks start failing for the runtime and its shims',
  },
  {
    subject: 'runtimeStorage',
    state: 'growing',
    fact: 'disk.pressure',
    unless: ADVICE,
    source:
      "observation: the runtime's storage (containerd's snapshotter directory, docker's overlay2, the image store, container logs under /var/log/pods) said to grow without bound: what the kubelet measures as nodefs/imagefs (pkg/kubelet/eviction) and image GC cannot free (images/image_gc_manager.go)",
    mechanism:
      "the filesystem under the runtime fills: the kubelet reaches DiskPressure and evicts, then the runtime's writes fail",
  },
  {
    subject: 'runtimeStorage',
    state: 'exhausted',
    fact: 'disk.pressure',
    unless: ADVICE,
    source:
      "observation: the runtime's storage (snapshotter, overlay2, the image store, container logs) said to fill up: the kubelet's nodefs/imagefs (pkg/kubelet/eviction)",
    mechanism:
      "the filesystem under the runtime fills: the kubelet reaches DiskPressure and evicts, then the runtime's writes fail",
  },
  {
    subject: 'runtimeStorage',
    state: 'fillRate',
    fact: 'disk.pressure',
    unless: ADVICE,
    source:
      "observation: the runtime's storage said to grow at a measured rate (gigabytes per hour): the kubelet's nodefs/imagefs usage (pkg/kubelet/eviction) rising toward its threshold",
    mechanism:
      "the filesystem under the runtime fills at that rate: the kubelet reaches DiskPressure and evicts, then the runtime's writes fail",
  },
  {
    subject: 'disk',
    state: 'fillRate',
    fact: 'disk.pressure',
    unless: ADVICE,
    source:
      "observation: the node's disk said to fill at a measured rate (gigabytes per hour): the kubelet's nodefs/imagefs usage (pkg/kubelet/eviction) rising toward its threshold",
    mechanism:
      'the disk runs out at that rate: the kubelet reaches DiskPressure and evicts, then writes fail',
  },
  {
    subject: 'diskIo',
    state: 'saturated',
    fact: 'io.saturated',
    // A burst balance is a credit: high is plenty of it, not the disk saturated.
    unless: [
      'burst balance high',
      'burst balance very high',
      'burst balance is high',
      'burst balance was high',
      'burst balance is very high',
      'burst balance was very high',
    ],
    source: 'observation: disk I/O saturated as iostat/vmstat/cloud metrics show it',
    mechanism: 'every runtime read and write waits on the disk, so CRI calls slow down',
  },
  {
    subject: 'memory',
    state: 'exhausted',
    fact: 'mem.exhausted',
    specific: 'memory used up is MemAvailable at zero: one limit reached',
    source: 'observation: node memory exhausted as free/top/monitoring show it',
    mechanism: 'the kernel reclaims and OOM-kills; the kubelet and runtime stall',
  },
  {
    subject: 'nodeCpu',
    state: 'saturated',
    fact: 'cpu.saturated',
    source: 'observation: node CPU saturated as top/monitoring show it',
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    subject: 'pids',
    state: 'exhausted',
    fact: 'pid.pressure',
    specific: 'PIDs used up is pid_max reached',
    source: 'observation: the node out of PIDs or threads (kernel.pid_max, threads-max)',
    mechanism: 'fork fails with EAGAIN: the runtime cannot start shims or runc',
  },
  {
    subject: 'zombies',
    state: 'counted',
    fact: 'pid.pressure',
    specific: 'zombies counted in the hundreds or thousands is a count of one kernel state',
    stateFirst: true,
    source:
      'observation: zombies counted in the hundreds or thousands (ps state Z, <defunct>): each keeps its PID until its parent waits for it (kernel/exit.c release_task)',
    mechanism:
      'a parent that never reaps its children holds their PIDs; counted in thousands they take the node toward kernel.pid_max, and then fork fails with EAGAIN',
  },
  {
    subject: 'zombies',
    state: 'accumulating',
    fact: 'pid.pressure',
    subjectFirst: true,
    source: 'observation: zombies said to pile up or grow in number (ps state Z, <defunct>)',
    mechanism:
      'unreaped children keep their PIDs (kernel/exit.c release_task runs only when the parent waits): the count grows toward kernel.pid_max',
  },
  {
    subject: 'forking',
    state: 'refused',
    fact: 'pid.pressure',
    specific: 'fork refused is EAGAIN at threads-max, pid_max or a pids limit: one limit reached',
    stateFirst: true,
    backwardGap: 1,
    // A repository's fork is a copy; an application's own thread limit is its own (ulimit, a pod's pids limit).
    unless: [
      'repo',
      'repository',
      'github',
      'git ',
      'ulimit',
      'the app',
      'application',
      'its limit',
      'pod',
      'container',
    ],
    source:
      'observation: fork(2)/clone(2) or pthread_create(3) failing as people say it ("cannot fork", "unable to create new threads"): kernel/fork.c copy_process returns EAGAIN at threads-max, pid_max (alloc_pid) or a pids cgroup limit',
    mechanism:
      'no PID is left to give: the runtime cannot start shims or runc, the kubelet cannot start goroutine threads',
  },
  {
    subject: 'inotifyLimit',
    state: 'tooLow',
    fact: 'fd.inotify',
    source:
      'observation: fs.inotify.max_user_watches or max_user_instances said too low, reached, or raised to make things work (fs/notify/inotify/inotify_user.c: inotify_init1 fails with EMFILE at max_user_instances, inotify_add_watch with ENOSPC at max_user_watches)',
    mechanism:
      'the kubelet (cAdvisor) and log followers cannot add watches or open an instance: new containers go unwatched and the kubelet may not start',
  },
  {
    subject: 'follower',
    state: 'noSpace',
    fact: 'fd.inotify',
    specific: "a follower's ENOSPC is inotify_add_watch failing at max_user_watches: one limit",
    subjectFirst: true,
    forwardGap: 60,
    source:
      'observation: tail -f or kubectl logs -f failing with "no space left on device": inotify_add_watch returns ENOSPC at fs.inotify.max_user_watches (fs/notify/inotify/inotify_user.c), not a full disk',
    mechanism:
      "the user's inotify watches are used up: the kubelet's cAdvisor cannot watch new cgroups either",
  },
  {
    subject: 'loadAverage',
    state: 'figureHigh',
    fact: 'cpu.saturated',
    specific: 'a load average quoted in the hundreds is a measurement far above any core count',
    subjectFirst: true,
    forwardGap: 16,
    source: 'observation: the load average (/proc/loadavg, uptime, top) quoted in the hundreds',
    mechanism:
      'hundreds of tasks wait for a CPU or in D state: the kubelet and the runtime wait with them and miss their deadlines',
  },
  {
    subject: 'loadAverage',
    state: 'saturated',
    fact: 'cpu.saturated',
    subjectFirst: true,
    source: 'observation: the load average (/proc/loadavg, uptime, top) said very high',
    mechanism: 'tasks queue for the CPUs: the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    subject: 'cpus',
    state: 'saturated',
    fact: 'cpu.saturated',
    subjectFirst: true,
    forwardGap: 2,
    // A pod's or a container's CPU is its own limit (cpu.throttled owns "throttled").
    // A program said to cause it is that program's spin, read by its own pairing (hoggingCpu, causing), not the node
    // starved by load.
    unless: ['pod', 'container', 'throttled', 'limit', 'request', 'causing', 'caused by', 'because of'],
    source:
      'observation: CPU said to stand at 100% with no other subject ("CPU 100%", "CPU 100% on the node")',
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    subject: 'kubelet',
    state: 'swapRefusal',
    fact: 'kubelet.swap',
    source:
      'observation: the kubelet refusing to start because swap is on (kubernetes pkg/kubelet/cm/container_manager_linux.go: "running with swap on is not supported, please disable swap" when failSwapOn is true)',
    mechanism: 'the kubelet exits at start-up: no kubelet runs, the node lease lapses',
  },
  {
    subject: 'kubelet',
    state: 'fileMissing',
    fact: 'kubelet.config_error',
    forwardGap: 60,
    backwardGap: 40,
    source:
      'observation: a file the kubelet loads at start said missing (kubernetes cmd/kubelet/app/server.go loadConfigFile "failed to load kubelet config file", run "invalid kubeconfig"; pkg/kubelet/certificate/bootstrap/bootstrap.go "unable to load bootstrap kubeconfig"; auth.go "unable to load client CA file")',
    mechanism:
      'the kubelet exits at start-up on a file it cannot load; systemd restarts it in a loop and no status is posted',
  },
  {
    subject: 'cgroupDriver',
    state: 'mismatch',
    fact: 'config.cgroup_driver_mismatch',
    source:
      'observation: the kubelet\'s cgroupDriver and the runtime\'s (containerd SystemdCgroup, dockerd native.cgroupdriver) said not to match (kubernetes cmd/kubelet/app/server.go and pkg/kubelet/kuberuntime: "misconfiguration: kubelet cgroup driver ... is different from docker cgroup driver")',
    mechanism:
      "the kubelet and the runtime manage the same pods' cgroups through different managers: sandboxes fail to start or the kubelet refuses to run",
  },
  {
    subject: 'disk',
    state: 'bareFull',
    fact: 'disk.pressure',
    subjectFirst: true,
    forwardGap: 1,
    source: 'observation: a disk said full with no verb ("disk full", "磁盘已满"), df at 100%',
    mechanism: 'the kubelet reaches DiskPressure and evicts; the runtime cannot write layers or logs',
  },
  {
    subject: 'fds',
    state: 'exhausted',
    fact: 'fd.emfile',
    specific: 'descriptors used up is a limit reached (EMFILE, ENFILE)',
    source:
      'observation: a daemon out of file descriptors ("too many open files", EMFILE), as people describe it',
    mechanism: 'the daemon cannot accept connections or open files, so CRI calls fail',
  },
  {
    subject: 'kubelet',
    state: 'oomKilled',
    fact: 'mem.oom',
    specific: "the kernel's OOM killer killing the kubelet has one meaning",
    source:
      'observation: the kernel OOM killer choosing the kubelet (mm/oom_kill.c "Killed process … (kubelet)")',
    mechanism: 'the node ran out of memory badly enough that the kernel killed the kubelet itself',
  },
  {
    subject: 'runtime',
    state: 'oomKilled',
    fact: 'runtime.oom_killed',
    source:
      'observation: the kernel OOM killer killing the runtime daemon (systemd "Failed with result \'oom-kill\'")',
    mechanism: 'the node ran out of memory and the kernel killed the runtime daemon',
  },
  {
    subject: 'process',
    state: 'oomKilled',
    fact: 'mem.oom',
    specific: "the kernel's OOM killer killing a process has one meaning",
    source: 'observation: processes killed by the kernel OOM killer (mm/oom_kill.c)',
    mechanism: 'memory ran out on the node (or in a cgroup) and the kernel killed processes to free it',
  },
  {
    // Round 27 (r27-storage): the kubelet as the subject of a verb of consuming memory ("the kubelet eats all of the
    // node's memory", "kubelet grew to 50 GB", "kubelet 吃光内存"): the kubelet's own memory, its defect (a leak, an
    // unbounded buffer such as an exec probe's whole output before 1.17, defects.ts kubelet-exec-probe-output-unbounded),
    // not the node starved by its workloads. The node's memory said exhausted beside it is the consequence.
    subject: 'kubelet',
    state: 'eatsMemory',
    fact: 'kubelet.memory_leak',
    // The kubelet acting on pods that consume memory (evicting them, killing them) or reserving memory is not its own.
    unless: [
      ...KUBELET_LOG_QUOTES,
      'system-reserved',
      'kube-reserved',
      'evict',
      'kills the',
      'killed the',
      'kills pods',
      'killed pods',
      'kill pods',
      'kills containers',
      'killed containers',
    ],
    subjectFirst: true,
    source:
      "observation: the kubelet's own memory described consuming the node's (its resident set in top(1)/ps, the kernel's OOM killer choosing it, its heap in pprof): the kubelet as the process that takes the memory",
    mechanism:
      "the kubelet's own memory grows until the node has none left: a defect of the kubelet (a leak, an unbounded buffer), and the node's exhaustion and the OOM kills after it are its consequence",
  },
  {
    subject: 'workload',
    state: 'memoryHungry',
    fact: 'mem.exhausted',
    source: 'observation: a workload using far more memory than planned, as monitoring shows it',
    mechanism:
      'the workload takes the memory the kubelet and the runtime need; the kernel reclaims and OOM-kills',
  },
  {
    subject: 'node',
    state: 'memoryHungry',
    fact: 'mem.exhausted',
    source:
      "observation: the node itself said to be out of memory (free, top, or the provider's memory graph)",
    mechanism: 'nothing is left for the kubelet and the runtime; the kernel reclaims and OOM-kills',
  },
  {
    subject: 'load',
    state: 'memoryHungry',
    fact: 'mem.exhausted',
    source:
      'observation: a load or stress test (or a traffic spike) driving memory use past what the node has',
    mechanism:
      'the load takes the memory the kubelet and the runtime need; the kernel reclaims and OOM-kills',
  },
  {
    subject: 'load',
    state: 'busy',
    fact: 'cpu.saturated',
    source: "observation: a load or stress test (or a traffic spike) pinning the node's CPUs",
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    subject: 'load',
    state: 'fellOver',
    fact: 'node.overloaded',
    // The load is often said with where it was fired ("heavy load on the cluster, the nodes went NotReady").
    forwardGap: 60,
    // Nodes added for the load that never became Ready are new nodes not joining (node.never_ready), not nodes that
    // gave way under it.
    unless: [
      'autoscaler',
      'added nodes',
      'new nodes',
      'scaled out',
      'scaled up',
      'scale-up',
      'scale up',
      '扩容',
      '擴容',
    ],
    source:
      'observation: nodes going NotReady or unresponsive while a load or stress test (or a traffic spike) runs on them',
    mechanism:
      'pods without limits take what the load gives them; the kubelet and the runtime, beside them, are starved until the node stops answering',
  },
  {
    subject: 'resources',
    state: 'normal',
    fact: 'resources.normal',
    // The kubelet's condition events ("Normal NodeHasSufficientMemory") are its words, not a person's check.
    unless: ['NodeHasSufficient', 'status is now'],
    source: "observation: the node's CPU and memory checked (top, free, monitoring) and described as normal",
    mechanism:
      'nothing took the CPU or memory the kubelet and the runtime need: starvation is not what stalled them',
  },
  {
    subject: 'memory',
    state: 'normal',
    fact: 'resources.normal',
    unless: ['NodeHasSufficient', 'status is now'],
    source: "observation: the node's memory checked (free, monitoring) and described as normal",
    mechanism:
      'the node did not run out of memory: starvation is not what stalled the kubelet and the runtime',
  },
  {
    subject: 'pleg',
    state: 'unhealthy',
    fact: 'pleg.unhealthy',
    source: 'observation: the kubelet\'s "PLEG is not healthy" as people report it',
    mechanism:
      'no relist has completed within the threshold (3m): a runtime call inside relist is slow or stuck',
  },
  {
    subject: 'pleg',
    state: 'hangs',
    fact: 'pleg.unhealthy',
    source: 'observation: PLEG\'s relist said to time out or hang (the kubelet\'s "PLEG is not healthy")',
    mechanism:
      'no relist has completed within the threshold (3m): a runtime call inside relist is slow or stuck',
  },
  {
    subject: 'networkPlugin',
    state: 'died',
    fact: 'cni.agent_down',
    source:
      "observation: the network plugin's node agent (calico-node, cilium, flannel, aws-node) not running",
    mechanism: 'without its agent the plugin writes no CNI configuration and answers no CNI call on the node',
  },
  {
    subject: 'networkPlugin',
    state: 'restarting',
    fact: 'cni.agent_down',
    // Repeated restarts before their object are a person's ("we kept restarting calico").
    subjectFirst: true,
    source: "observation: the network plugin's node agent crash-looping",
    mechanism: 'between restarts the plugin answers no CNI call; pods cannot get a network',
  },
  {
    subject: 'networkPlugin',
    state: 'neverReady',
    fact: 'cni.agent_down',
    source:
      "observation: the network plugin's node agent never becoming Ready (its DaemonSet pod pending or failing)",
    mechanism: 'the plugin never writes its CNI configuration, so the runtime reports the network not ready',
  },
  {
    subject: 'networkPlugin',
    state: 'notRestarted',
    fact: 'cni.agent_down',
    source: "observation: the network plugin's node agent not coming back",
    mechanism: 'the plugin never writes its CNI configuration, so the runtime reports the network not ready',
  },
  {
    subject: 'shim',
    state: 'accumulating',
    fact: 'runtime.shim_cleanup_failed',
    source:
      'observation: containerd-shim (or conmon) processes growing in number under pod churn (shims not deleted after their task)',
    mechanism:
      'the runtime does not clean up shims after their containers exit; they pile up with their memory',
  },
  {
    subject: 'node',
    state: 'unresponsive',
    fact: 'node.unresponsive',
    // Something else unreachable "from the node" is the node's view of it, not the node gone; the taint's name is
    // the node controller's word, read by its own rule.
    unless: [
      'from the node',
      'from node',
      'from inside the node',
      'kubernetes.io/unreachable',
      // Logging in to a registry from the node (登录 a 仓库) is not logging in to the node.
      '仓库',
      '倉庫',
      '镜像',
      '鏡像',
      'harbor',
      'Harbor',
      'registry',
    ],
    source:
      'observation: a node not answering SSH, its agents silent (no metrics, no logs) for a while, then back by itself',
    mechanism:
      'the whole host stalls (memory thrashing, reclaim, an overloaded CPU) and every daemon on it with the kubelet',
  },
  {
    subject: 'node',
    state: 'rebooting',
    fact: 'node.rebooting',
    unless: NOT_THE_HOST,
    unlessPatterns: [...PROCEDURE_STEP, PLANNED_REBOOT],
    subjectFirst: true,
    source:
      "observation: a node that crashes, kernel-panics or reboots by itself, often in a loop (the kernel's panic, the boot banner again in its journal)",
    mechanism:
      'each crash takes the kubelet with it: no Lease is renewed until the host is back, so the node controller marks it Unknown',
  },
  {
    subject: 'node',
    state: 'restarting',
    fact: 'node.rebooting',
    unless: NOT_THE_HOST,
    unlessPatterns: [...PROCEDURE_STEP, PLANNED_REBOOT],
    subjectFirst: true,
    source:
      'observation: a node said to restart over and over (a reboot loop: each boot ends in a crash or a watchdog reset)',
    mechanism:
      'each reboot takes the kubelet with it: no Lease is renewed until the host is back, so the node controller marks it Unknown',
  },
  {
    subject: 'node',
    state: 'neverReady',
    fact: 'node.never_ready',
    source:
      'observation: a node NotReady from the moment it joined (the Ready condition never true since registration)',
    mechanism:
      'something the node needs before its first Ready never came up; on a new node the network plugin is the first suspect',
  },
  {
    subject: 'controlPlane',
    state: 'recovered',
    fact: 'apiserver.down',
    // A program on the server coming back is that program's restart ("the master's kubelet came back").
    unless: [
      "'s ",
      '’s ',
      'kubelet on',
      'docker on',
      'containerd on',
      'pod',
      'container',
      'agent',
      '容器',
      '节点上的',
      '節點上的',
    ],
    source:
      'observation: a control-plane server (or the API server) said to come back: it was down or unreachable for a while',
    mechanism: 'while it was gone every kubelet that reaches the API server on it lost its status path',
  },
  {
    subject: 'network',
    state: 'recovered',
    fact: 'network.disrupted',
    unless: ['plugin', 'CNI', 'cni', '插件', 'pod', 'Pod', 'container', '容器', 'NetworkPluginNotReady'],
    source: "observation: the node's network said to come back: it was cut for a while",
    mechanism:
      'while it was cut the kubelet could not reach the API server; its lease and status updates stopped',
  },
  {
    subject: 'node',
    state: 'unresponsiveBefore',
    fact: 'node.unresponsive',
    stateFirst: true,
    // Something unresponsive "on the node" is a program of its own ("unresponsive pods on the node").
    unless: [
      'from the node',
      'from node',
      'from inside the node',
      'kubernetes.io/unreachable',
      ' on the node',
      ' on node',
      ' on the host',
      ' on the machine',
    ],
    source:
      'observation: "unresponsive nodes", "the hung host": a node that stops answering, its state said before it',
    mechanism:
      'the whole host stalls (memory thrashing, reclaim, an overloaded CPU, a kernel wedged) and every daemon on it with the kubelet',
  },
  {
    subject: 'console',
    state: 'kernelTrace',
    fact: 'node.rebooting',
    // A program's trace printed to a terminal (a Go panic, an exception) is that program's, not the kernel's.
    unless: [
      'kubelet',
      'dockerd',
      'containerd',
      'goroutine',
      'panic:',
      'exception',
      'Exception',
      'Java',
      'java',
      'Python',
      'python',
      'kubectl',
      'browser',
    ],
    source:
      "observation: a kernel call trace (an oops, a BUG, a hung task's or lockup's stack) on the machine's console, where a person looks when nothing else answers",
    mechanism:
      'the kernel is wedged or crashed under the host: no daemon runs, the kubelet renews no Lease until the machine is reset',
  },
  {
    subject: 'network',
    state: 'troubled',
    fact: 'network.disrupted',
    // The pods' network is the network plugin's (its own subject); a DNS or policy problem is a service's.
    unless: [
      'plugin',
      'CNI',
      'cni',
      '插件',
      'pod',
      'Pod',
      'container',
      '容器',
      'policy',
      'policies',
      'DNS',
      'dns',
      'NetworkPluginNotReady',
      'NetworkUnavailable',
      'calico',
      'Calico',
      'flannel',
      'Flannel',
      'cilium',
      'Cilium',
      'weave',
      'istio',
      'service mesh',
    ],
    source:
      "observation: a network problem, issue, blip or outage on the node as a noun phrase (the kubelet's connection to the API server drops with it)",
    mechanism: 'the kubelet cannot reach the API server, so its lease and status updates stop',
  },
  {
    subject: 'nic',
    state: 'noAddress',
    fact: 'network.disrupted',
    unless: [
      'pod',
      'Pod',
      'container',
      '容器',
      'CNI',
      'cni',
      'plugin',
      '插件',
      'veth',
      'docker0',
      'cni0',
      'flannel',
      'calico',
    ],
    source:
      "observation: the host's interface without an address (its DHCP lease lost or never obtained, networkd or NetworkManager giving up)",
    mechanism:
      "without an address the host has no route to the API server: the kubelet's lease and status updates stop",
  },
  {
    subject: 'node',
    state: 'noAddress',
    fact: 'network.disrupted',
    subjectFirst: true,
    unless: [
      'pod',
      'Pod',
      'container',
      '容器',
      'CNI',
      'cni',
      'plugin',
      '插件',
      'podCIDR',
      'pod CIDR',
      'InternalIP',
    ],
    source: 'observation: a node said to have lost its address or to have got none',
    mechanism:
      "without an address the host has no route to the API server: the kubelet's lease and status updates stop",
  },
  {
    subject: 'node',
    state: 'filledUp',
    fact: 'disk.pressure',
    subjectFirst: true,
    // A node filled up with something else than data on its disk.
    unless: [
      'memory',
      'RAM',
      'pods',
      'pod',
      'PID',
      'pid',
      'thread',
      'conntrack',
      'table',
      ' IP',
      'address',
      'CPU',
      'swap',
      'queue',
    ],
    source: "observation: a node said to fill up (its disk: images, logs, containers' writable layers)",
    mechanism: 'writes fail; the runtime cannot create containers and image GC cannot keep up',
  },
  {
    subject: 'shortage',
    state: 'fellOver',
    fact: 'node.overloaded',
    forwardGap: 90,
    // The scheduler's refusal of a pod ("0/3 nodes are available: 3 Insufficient cpu") is a pod not placed, not a
    // node starving.
    unless: [
      'FailedScheduling',
      'nodes are available',
      'failed to schedule',
      'cannot be scheduled',
      "can't be scheduled",
      'unschedulable',
      'Insufficient cpu',
      'Insufficient nvidia',
    ],
    source:
      'observation: a node described as without enough resources for the pods that land on it, then NotReady or down',
    mechanism:
      'pods without requests or limits (or with requests below their use) are placed on a node that cannot hold them; they take what the kubelet and the runtime need',
  },
  {
    subject: 'certificate',
    state: 'expired',
    fact: 'kubelet.auth_error',
    source:
      'observation: the kubelet\'s client certificate past its NotAfter (crypto/x509 "certificate has expired"), rotation not having replaced it',
    mechanism: "the API server refuses the kubelet's certificate, so its status and Lease updates stop",
  },
  {
    subject: 'kubelet',
    state: 'authRefused',
    fact: 'kubelet.auth_error',
    unless: NOT_THE_NODES_CREDENTIALS,
    unlessPatterns: [PERSON_REFUSED],
    source:
      'observation: the kubelet refused by the API server (client-go\'s 401 "Unauthorized" or 403 "forbidden: User \\"system:node:…\\"", the Node authorizer\'s or RBAC\'s denial, an expired certificate or a token no longer accepted)',
    mechanism:
      "the API server no longer accepts the kubelet's credentials or grants its user what it asks: every status and Lease update is rejected, and the node is cut off by its own credentials",
  },
  {
    subject: 'node',
    state: 'authRefused',
    fact: 'kubelet.auth_error',
    unless: NOT_THE_NODES_CREDENTIALS,
    unlessPatterns: [PERSON_REFUSED],
    source:
      'observation: the nodes (their kubelets) refused by the API server: authentication or authorization failing for system:node users',
    mechanism:
      "the API server no longer accepts the kubelet's credentials or grants its user what it asks: every status and Lease update is rejected, and the node is cut off by its own credentials",
  },
  {
    subject: 'credentials',
    state: 'revoked',
    fact: 'kubelet.auth_error',
    source:
      "observation: the kubelet's credentials (its bootstrap token, its kubeconfig's certificate or token) rejected, revoked or gone",
    mechanism:
      "the API server no longer accepts the kubelet's credentials: every status and Lease update is rejected, and the node is cut off by them",
  },
  {
    subject: 'certificate',
    state: 'revoked',
    fact: 'kubelet.auth_error',
    unless: NOT_THE_KUBELETS_CERTIFICATE,
    source:
      "observation: the kubelet's client certificate rejected, revoked or deleted (kubelet-client-current.pem gone, the CA it chains to replaced)",
    mechanism:
      "the API server no longer accepts the kubelet's client certificate: every status and Lease update is rejected, and the node is cut off by it",
  },
  {
    subject: 'authorization',
    state: 'switched',
    fact: 'kubelet.credentials_changed',
    unless: NOT_THE_NODES_CREDENTIALS,
    source:
      "observation: the API server's authorization changed (--authorization-mode switched, RBAC or the Node authorizer turned on, an authorization webhook added)",
    mechanism:
      "the authorizers the nodes' requests now meet may not grant system:node users what they ask: the kubelets' status and Lease updates are refused",
  },
  {
    subject: 'authorization',
    state: 'switchedIt',
    fact: 'kubelet.credentials_changed',
    stateFirst: true,
    objectOf: true,
    unless: [...NOT_THE_NODES_CREDENTIALS, ...NOT_AN_EPISODE],
    source:
      "observation: someone changing the API server's authorization (switching --authorization-mode, enabling RBAC or the Node authorizer, adding an authorization webhook)",
    mechanism:
      "the authorizers the nodes' requests now meet may not grant system:node users what they ask: the kubelets' status and Lease updates are refused",
  },
  {
    subject: 'nodeIdentity',
    state: 'switched',
    fact: 'kubelet.credentials_changed',
    source:
      "observation: the nodes' cloud identity changed (the instance's IAM role or profile replaced, the aws-auth ConfigMap's mapRoles or the access entries edited)",
    mechanism:
      "the authenticator maps the nodes' role to no node user any more: the kubelets' requests are refused as Unauthorized",
  },
  {
    subject: 'nodeIdentity',
    state: 'switchedIt',
    fact: 'kubelet.credentials_changed',
    stateFirst: true,
    objectOf: true,
    unless: NOT_AN_EPISODE,
    source:
      "observation: someone or an agent changing the nodes' cloud identity (replacing the instance's IAM role, editing the aws-auth ConfigMap or the access entries)",
    mechanism:
      "the authenticator maps the nodes' role to no node user any more: the kubelets' requests are refused as Unauthorized",
  },
  {
    subject: 'allNodes',
    state: 'allNotReady',
    fact: 'nodes.all_not_ready',
    // Every node NotReady for a reason the same sentence names (no network plugin yet, a runtime, a pressure) is that
    // reason's, not a common path's: a cluster without its CNI has every node NotReady.
    unless: [
      ...NOT_AN_EPISODE,
      'not all',
      'Not all',
      'only some',
      'some of',
      '除了',
      '部分',
      'NetworkPlugin',
      'network plugin',
      'CNI',
      'cni',
      'PLEG',
      'runtime',
      'Pressure',
      'pressure',
    ],
    source:
      'observation: every node of the cluster NotReady together (the node lifecycle controller\'s "all Nodes are not-Ready", master disruption mode)',
    mechanism:
      'every kubelet lost the API server at once, or the API server refused them all: the fault is on the common path to the control plane or in what it accepts, not on each node',
  },
  {
    subject: 'inotify',
    state: 'exhausted',
    fact: 'fd.inotify',
    specific: "inotify's watches or instances used up is a per-user limit reached",
    source:
      'observation: inotify instances or watches used up (fs.inotify.max_user_instances / max_user_watches)',
    mechanism: 'the kubelet and cAdvisor cannot watch new containers or files',
  },
  {
    subject: 'node',
    state: 'hostHangs',
    fact: 'node.unresponsive',
    subjectFirst: true,
    unless: NOT_THE_HOST,
    source:
      "observation: a host said to hang, freeze or lock up as a whole (no SSH, no console login; the kubelet's Lease not renewed)",
    mechanism:
      'the whole host stalls (memory thrashing, an overloaded CPU, a kernel wedged) and every daemon on it with the kubelet',
  },
  {
    subject: 'apiserver',
    state: 'inaccessible',
    fact: 'network.disrupted',
    stateFirst: true,
    objectOf: true,
    // The API server out of the node's reach ("the kubelet could not reach the API server") is the path between them
    // said by its end: the same observation as the node's network cut, not the API server's own outage.
    unless: ['kubernetes.io/unreachable'],
    source:
      "observation: the kubelet (or the node) said unable to reach or connect to the API server; the kubelet's status and Lease updates go over that connection (pkg/kubelet/kubelet_node_status.go, pkg/kubelet/nodelease)",
    mechanism: 'the kubelet cannot reach the API server, so its lease and status updates stop',
  },
  {
    subject: 'node',
    state: 'inaccessible',
    fact: 'node.unresponsive',
    stateFirst: true,
    objectOf: true,
    // Something reached from the node or through a node's port is not the node.
    unless: [
      'from the node',
      'from node',
      'from inside',
      'from the host',
      'NodePort',
      'nodePort',
      'node port',
      'kubernetes.io/unreachable',
    ],
    source:
      "observation: the host out of an operator's reach by its own channels (sshd, a cloud agent's session such as SSM Session Manager or EC2 Instance Connect, ICMP echo), said as what one cannot do to it",
    mechanism:
      'the whole host stalls (memory thrashing, an overloaded CPU, a kernel wedged) and every daemon on it with the kubelet',
  },
  {
    subject: 'node',
    state: 'memoryPressure',
    fact: 'mem.exhausted',
    specific: "the kubelet's MemoryPressure condition is one threshold crossed",
    unless: NOT_AN_EPISODE,
    source:
      "observation: memory pressure or thrashing on the node as people read it (the kernel's pressure stall information, /proc/pressure/memory since Linux 4.20, kernel/sched/psi.c; the kubelet's MemoryPressure condition, pkg/kubelet/eviction)",
    mechanism:
      'the kernel spends its time reclaiming and swapping: the kubelet and the runtime wait in reclaim with the workloads and miss their deadlines',
  },
  {
    subject: 'node',
    state: 'cpuPressure',
    fact: 'cpu.saturated',
    unless: NOT_AN_EPISODE,
    source:
      'observation: CPU pressure, contention or starvation on the node as people read it (/proc/pressure/cpu, kernel/sched/psi.c, Linux 4.20+)',
    mechanism:
      'runnable tasks wait for a CPU: the kubelet and the runtime get too little of it to answer in time',
  },
  {
    subject: 'node',
    state: 'loaded',
    fact: 'cpu.saturated',
    // A server of its own (the API server, etcd, a load balancer) loaded is that service's.
    unless: [
      ...NOT_AN_EPISODE,
      'apiserver',
      'API server',
      'api server',
      'etcd',
      'control plane',
      'load balancer',
      'database',
    ],
    source:
      'observation: a node described heavily loaded or overloaded, or with a high load average (the run queue /proc/loadavg reports, fs/proc/loadavg.c)',
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    subject: 'system',
    state: 'loaded',
    fact: 'cpu.saturated',
    stateFirst: true,
    backwardGap: 1,
    unless: [
      ...NOT_AN_EPISODE,
      'systemd',
      'API server',
      'api server',
      'NFS server',
      'DNS server',
      'metrics server',
      'metrics-server',
      'file system',
      'filesystem',
    ],
    source:
      'observation: "a heavily loaded system", "an overloaded server": the machine under load, its noun right after the adjective',
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    subject: 'workload',
    state: 'memoryIntensive',
    fact: 'workload.intensive',
    unless: ADVICE,
    source:
      "observation: workloads described as memory-intensive on the node (their usage against the node's allocatable: pkg/kubelet/cm node allocatable)",
    mechanism:
      'they take what the node has; with nothing reserved (kube-reserved/system-reserved) the kubelet and the runtime compete with them',
  },
  {
    subject: 'workload',
    state: 'highUsage',
    fact: 'workload.intensive',
    // A workload's own limit reached is its cgroup's OOM, not the node's memory.
    unless: [...ADVICE, 'OOMKilled', 'its limit', 'its own limit', 'own memory limit', 'heap'],
    source:
      "observation: a workload's memory or CPU use said to be high (top(1) %MEM/%CPU, kubectl top pod from the metrics server), against the node's allocatable (pkg/kubelet/cm node allocatable)",
    mechanism:
      'the workload takes what the node has; with nothing reserved (kube-reserved/system-reserved) the kubelet and the runtime compete with it',
  },
  {
    subject: 'workload',
    state: 'cpuIntensive',
    fact: 'workload.intensive',
    unless: ADVICE,
    source:
      "observation: workloads described as CPU-intensive on the node (their usage against the node's allocatable: pkg/kubelet/cm node allocatable)",
    mechanism:
      'they take what the node has; with nothing reserved (kube-reserved/system-reserved) the kubelet and the runtime compete with them',
  },
  {
    subject: 'fds',
    state: 'growing',
    fact: 'fd.growing',
    // Raising the limit is an operator's change, not the count.
    unless: ['ulimit', 'LimitNOFILE', 'raised the', 'raise the', 'increased the', 'increase the', 'bumped'],
    source:
      'observation: open descriptors said to grow steadily (lsof, /proc/sys/fs/file-nr) toward a limit: the kernel\'s fs.file-max (fs/file_table.c, "VFS: file-max limit %lu reached") or a daemon\'s RLIMIT_NOFILE (EMFILE)',
    mechanism:
      'a daemon that does not close what it opens reaches its limit or the kernel-wide one; then it cannot accept connections or open files',
  },
  {
    subject: 'runtime',
    state: 'corrupt',
    fact: 'runtime.state_corrupt',
    // An image, a pull or one container's files is that object, not the daemon's own state.
    unless: [
      'image',
      ' pull',
      'download',
      'registry',
      'manifest',
      'blob',
      'checksum',
      'digest',
      'tarball',
      'container filesystem',
      'inside the container',
      "container's",
      'log file',
      'Error response',
      '镜像',
      '鏡像',
    ],
    source:
      "observation: the runtime's on-disk state described corrupt, often after a crash or a hard reset (dockerd restores its layer and image stores at start, moby layer/layer_store.go and the graph drivers; containerd's metadata database, metadata/db.go; CRI-O's containers/storage)",
    mechanism:
      'a daemon whose state does not load fails at start, or serves broken state, until the store is repaired or wiped',
  },
  {
    subject: 'kubelet',
    state: 'wedged',
    fact: 'kubelet.wedged',
    // Round 27: hung in one moment with another agent of the node is the guest hung (load-words.ts), not the kubelet.
    unlessPatterns: [KUBELET_WITH_AGENT_STOPPED],
    // Hung behind the runtime, a mount or systemd is that program's hang; a command that hangs is the command's.
    unless: [
      "kubelet's",
      'kubelet’s',
      'PLEG',
      'pleg',
      'waiting for',
      'waiting on',
      'blocked on',
      'container runtime',
      'runtime',
      'docker',
      'containerd',
      'crio',
      'NFS',
      'nfs',
      'mount',
      'volume',
      'D state',
      'Terminating',
      'ContainerCreating',
      'systemctl',
      'restart kubelet',
      'restart the kubelet',
      'restarting kubelet',
      'restarting the kubelet',
      '运行时',
      '運行時',
    ],
    source:
      'observation: a kubelet alive but described hung, deadlocked or wedged (only a goroutine dump shows where: SIGQUIT to the Go runtime, or /debug/pprof/goroutine on its port)',
    mechanism:
      "the kubelet's loops block on a lock or on each other: it posts no status and syncs no pod while its process runs",
  },
  {
    subject: 'kubelet',
    state: 'loggingStopped',
    fact: 'kubelet.wedged',
    // Round 27: hung in one moment with another agent of the node is the guest hung (load-words.ts), not the kubelet.
    unlessPatterns: [KUBELET_WITH_AGENT_STOPPED],
    // journald dropping or rotating lines, or a verbosity change, is the log's, not the kubelet's.
    unless: [
      'journald',
      'rate limit',
      'rate-limit',
      'ratelimit',
      'Suppressed',
      'suppressed',
      'rotated',
      'rotation',
      'logrotate',
      'verbosity',
      'log level',
      '--v=',
      'disk full',
      'no space',
      'vacuum',
    ],
    source:
      "observation: the kubelet's journal ending while the node runs on (journalctl -u kubelet; klog flushes its buffer every 5 s, k8s.io/klog)",
    mechanism:
      'a kubelet that logs nothing for minutes is blocked: its sync loop and status updates wait where its logging does',
  },
  {
    subject: 'cpus',
    state: 'peggedForever',
    fact: 'node.wedged',
    // A program at 100 % is that program busy, and a load test's CPU is the load's.
    unless: [
      'pod',
      'container',
      'process',
      'java',
      'application',
      'load test',
      'stress',
      'benchmark',
      'limit',
      '进程',
      '進程',
      '容器',
      '压测',
      '壓測',
    ],
    source:
      'observation: CPUs pegged at 100 % that never come down until the machine is reset (a kernel spinning with its lockup watchdog firing, kernel/watchdog.c, not a workload)',
    mechanism:
      'the host is wedged in its kernel: nothing else runs, the kubelet renews no Lease until the reset',
  },
  {
    subject: 'node',
    state: 'resetOnly',
    fact: 'node.wedged',
    objectOf: true,
    unless: [
      ...NOT_THE_HOST,
      'kubeadm',
      'password',
      'config',
      'certificate',
      'iptables',
      'token',
      'CNI',
      'cni',
      'factory',
    ],
    source:
      "observation: a host that comes back only from a hard reset or a power cycle (the cloud's or the hypervisor's reset): nothing inside it answers a clean reboot",
    mechanism: 'the host is wedged below its daemons: the kubelet renews no Lease until the machine is reset',
  },
  {
    subject: 'credits',
    state: 'depleted',
    fact: 'cpu.throttled',
    // EBS gp2 volumes have burst credits too: their exhaustion is the disk's.
    unless: ['EBS', 'gp2', 'IOPS', 'volume', 'disk'],
    source:
      "observation: a burstable instance's CPU credits run down (EC2 CloudWatch CPUCreditBalance at zero in standard mode, T2's default; Azure B-series likewise)",
    mechanism:
      "the hypervisor holds the node's CPUs to their baseline share: the kubelet and the runtime cannot answer in time under the workloads' load",
  },
  {
    subject: 'burstable',
    state: 'throttled',
    fact: 'cpu.throttled',
    // A container's CFS quota (the Burstable QoS class's limits) throttles the container, not the node.
    unless: ['pod', 'container', 'CFS', 'cfs', 'quota', 'QoS', 'cpu.cfs', 'throttled_periods', '容器'],
    source:
      'observation: burstable instances (EC2 T2/T3/T3a/T4g, Azure B-series) described throttled or out of CPU credits: the hypervisor holds them to their baseline share',
    mechanism:
      "the node gets a fraction of its CPUs: the kubelet and the runtime cannot answer in time under the workloads' load",
  },
  {
    subject: 'reclaimThread',
    state: 'hoggingCpu',
    fact: 'mem.reclaim',
    forwardGap: 24,
    source:
      'observation: the kernel\'s reclaim threads on the CPU in top(1) or a dashboard (linux mm/vmscan.c kswapd, woken when a zone falls below its low watermark; mm/compaction.c kcompactd; Documentation/admin-guide/mm/concepts.rst "Reclaim", "Compaction")',
    mechanism:
      'kswapd runs while free memory stays below the watermarks and kcompactd while no free block of the order asked for exists: a reclaim thread taking the CPU means memory is short, and what the kubelet and the runtime allocate waits on reclaim too',
  },
  {
    subject: 'reclaimWork',
    state: 'thrashing',
    fact: 'mem.reclaim',
    forwardGap: 16,
    backwardGap: 3,
    source:
      'observation: direct reclaim, page-cache thrashing or a swap storm (linux mm/vmscan.c try_to_free_pages, the allocating task reclaiming itself; Documentation/admin-guide/mm/concepts.rst; zram swap, Documentation/admin-guide/blockdev/zram.rst)',
    mechanism:
      'memory is so short that every allocation reclaims before it returns and pages are read back as soon as they are evicted: the node spends its CPU and I/O on memory, and the kubelet and the runtime stall with everything else',
  },
  {
    subject: 'reclaimOnly',
    state: 'causing',
    fact: 'mem.reclaim',
    subjectFirst: true,
    forwardGap: 16,
    // How reclaim works, or a setting that changes it, is no episode of it.
    unless: [...NOT_AN_EPISODE, 'min_free_kbytes', 'watermark_scale_factor', 'vm.swappiness', 'swappiness'],
    source:
      'observation: memory reclaim named as what stalled the node (linux mm/vmscan.c: kswapd and direct reclaim, Documentation/admin-guide/mm/concepts.rst "Reclaim")',
    mechanism:
      'memory is so short that allocations wait on reclaim: the node spends its CPU and I/O on memory, and the kubelet and the runtime stall with everything else',
  },
  {
    subject: 'systemCpu',
    state: 'highShare',
    fact: 'cpu.saturated',
    forwardGap: 16,
    backwardGap: 4,
    source:
      'observation: system CPU time high as a share (procps top(1) "sy: time running kernel processes"; vmstat(8) "sy: Time spent running kernel code"), 40 % or more',
    mechanism:
      'the CPUs spend their time in the kernel (reclaim, locks, interrupts) instead of in user space: node daemons get their turn late',
  },
  {
    subject: 'topSy',
    state: 'topShare',
    fact: 'cpu.saturated',
    subjectFirst: true,
    forwardGap: 0,
    source:
      'observation: top(1)\'s and vmstat(8)\'s "sy" field given as a share of 40 % or more ("time running kernel processes")',
    mechanism:
      'the CPUs spend their time in the kernel (reclaim, locks, interrupts) instead of in user space: node daemons get their turn late',
  },
  {
    subject: 'ioWait',
    state: 'highShare',
    fact: 'io.saturated',
    forwardGap: 16,
    backwardGap: 4,
    source:
      'observation: I/O wait as a share (procps top(1) "wa: time waiting for I/O completion"; vmstat(8) "wa: Time spent waiting for IO"; proc(5) /proc/stat iowait), 40 % or more',
    mechanism: 'CPUs idle waiting on the disk: every runtime read and write waits with them',
  },
  {
    subject: 'topWa',
    state: 'topShare',
    fact: 'io.saturated',
    subjectFirst: true,
    forwardGap: 0,
    source:
      'observation: top(1)\'s and vmstat(8)\'s "wa" field given as a share of 40 % or more ("time waiting for I/O completion")',
    mechanism: 'CPUs idle waiting on the disk: every runtime read and write waits with them',
  },
  {
    subject: 'kubelet',
    state: 'neverReconnected',
    fact: 'kubelet.stale_conn',
    forwardGap: 40,
    source:
      'observation: kubelets that never re-establish their API-server connection after the control plane recovered (etcd out of space and read-only, an API server or its balancer dropping connections silently) until they are restarted, kubernetes #96842 and #87615: client-go before the HTTP/2 health check (apimachinery/pkg/util/net SetTransportDefaults, kubelet 1.20.0 / 1.19.5 / 1.18.18) keeps the dead connection',
    mechanism:
      "the kubelet's HTTP/2 client keeps multiplexing on a connection that died under it; without the health check's PING nothing closes it, so the kubelet stays cut off from a working API server until it restarts",
  },
  {
    subject: 'notReady',
    state: 'failedOver',
    fact: 'apiserver.failover',
    forwardGap: 60,
    backwardGap: 80,
    source:
      "observation: nodes NotReady around a failover of the API server's address (keepalived moving its virtual IP to a backup when the master's checks fail, keepalived.conf(5) vrrp_instance; HAProxy's backend marked DOWN by its health checks), or one API server replica failing",
    mechanism:
      "a kubelet keeps one long-lived HTTP/2 connection to the API server; when the server behind it dies or its address moves without a reset, the connection stays on the dead end until the kernel's retransmissions or a health check drop it (minutes), or the kubelet restarts: its lease and status stop meanwhile",
  },
  {
    subject: 'notReady',
    state: 'pinned',
    fact: 'apiserver.failover',
    forwardGap: 60,
    backwardGap: 60,
    source:
      "observation: the nodes connected through one master, one API server replica or its virtual IP's old holder going NotReady when it fails (client-go keeps one connection per server address)",
    mechanism:
      'the kubelets whose connections went to the failed server keep them until they are dropped: they stop renewing their leases while the other nodes, connected elsewhere, stay Ready',
  },
  {
    subject: 'apiGateway',
    state: 'died',
    fact: 'apiserver.down',
    unless: ['pod', 'container', '容器'],
    source:
      "observation: the API server's virtual IP keeper or load balancer (keepalived, haproxy) stopped or crashed",
    mechanism: 'kubelets that reach the API server through it lose their status path',
  },
  {
    // Round 22: the node-local proxy to the API servers dead or exited, its containers' runtime state named: every
    // kubelet that reaches the servers through it has lost its status path.
    subject: 'apiProxy',
    state: 'containerDead',
    fact: 'apiserver.proxy_failed',
    source:
      "observation: a node-local API server proxy's container in the runtime's dead or exited state (docker State.Status \"dead\"/\"exited\", CRI CONTAINER_EXITED): kubespray's and RKE's nginx-proxy, MicroK8s' apiserver-proxy, the k3s/rke2 agent load balancer",
    mechanism:
      'the proxy on the node through which the kubelet reaches the API servers is not running: its requests end on its own node',
  },
  {
    subject: 'apiProxy',
    state: 'died',
    fact: 'apiserver.proxy_failed',
    source:
      'observation: a node-local API server proxy (nginx-proxy, apiserver-proxy, the agent load balancer) said stopped, crashed or down',
    mechanism:
      'the proxy on the node through which the kubelet reaches the API servers is not running: its requests end on its own node',
  },
  {
    subject: 'kubelet',
    state: 'goFatal',
    fact: 'kubelet.panic',
    source:
      'observation: the Go runtime\'s fatal errors said of the kubelet (go runtime/proc.go checkmcount "program exceeds %d-thread limit", throw "thread exhaustion"; runtime/malloc.go throw "out of memory"; runtime/map.go fatal "concurrent map writes"), which the kubelet\'s own log shows as its crash',
    mechanism:
      'the Go runtime ends the kubelet on a fatal error no recover catches: a kubelet defect (a goroutine leak, a data race), whatever set it off',
  },
  {
    subject: 'notReady',
    state: 'kubeletRestarted',
    fact: 'kubelet.startup_race',
    forwardGap: 60,
    backwardGap: 60,
    // A NotReady a restart did not clear, or one it cleared, is not the restart's own short spell; a kubelet that
    // restarts by itself over and over is a crash loop.
    unless: [
      'until',
      'still NotReady',
      'still not ready',
      'stays NotReady',
      'stayed NotReady',
      'remains NotReady',
      'remained NotReady',
      'no longer NotReady',
      'no longer not ready',
      'no more NotReady',
      'fixed',
      'fixes',
      'resolved',
      'solved',
      'did not help',
      "didn't help",
      'crash',
      'constantly',
      'repeatedly',
      'keeps restarting',
      'kept restarting',
      'restart loop',
      '恢复',
      '恢復',
      '解决',
      '反复',
      '频繁',
      '不断',
      '一直重启',
    ],
    source:
      "observation: the node NotReady briefly during or right after a kubelet restart (kubernetes pkg/kubelet/runtime.go runtimeState: the runtime counts as not ready until the kubelet's first runtime status sync after it starts)",
    mechanism:
      'a freshly started kubelet reports the runtime not ready until its first sync, and posts NotReady until then',
  },
  {
    subject: 'cniConfig',
    state: 'presentIgnored',
    fact: 'cni.config_ignored',
    backwardGap: 16,
    // A configuration said to be missing is the directory empty (its own fact), not one present and ignored.
    unless: [
      'missing',
      'no CNI config',
      'not found',
      'is empty',
      'was empty',
      'does not exist',
      "doesn't exist",
      'did not exist',
      "didn't exist",
      'absent',
      'no networks found',
      'no valid networks',
      '没有配置',
      '不存在',
      '为空',
      '缺少',
      '缺失',
      '找不到',
    ],
    source:
      "observation: a CNI configuration file present in the configuration directory (containernetworking/cni libcni ConfFiles/LoadConfList over /etc/cni/net.d; containerd's and CRI-O's CNI config watch) while the network stays not ready and pods get no interface",
    mechanism:
      'the runtime reports the network ready only once it has loaded a configuration it accepts: a file there that it did not load (written after its watch failed, rewritten under it, a name, version or plugin it rejects) leaves every sandbox without an interface',
  },
  // Round 14: a node cut off by its own network configuration, in words. The programs that configure a host's
  // interfaces (systemd-networkd's DHCP client, NetworkManager, dhclient, netplan's generated units, cloud-init's
  // network stage) install the address and the default route from a lease and remove them when it ends or when
  // another of them reconfigures the interface.
  {
    subject: 'defaultRoute',
    state: 'vanished',
    fact: 'network.disrupted',
    unless: [
      'pod',
      'Pod',
      'container',
      '容器',
      'CNI',
      'cni',
      'veth',
      'cni0',
      'flannel',
      'calico',
      'namespace',
    ],
    source:
      "observation: the host's default route said gone (systemd-networkd src/network/networkd-dhcp4.c drops the lease's routes when the lease ends; NetworkManager and dhclient's script remove them on expiry or reconfiguration)",
    mechanism:
      "without its default route the host reaches nothing beyond its subnet: the kubelet's lease and status updates to the API server stop",
  },
  {
    subject: 'dhcpLease',
    state: 'expired',
    fact: 'network.disrupted',
    unless: ['pod', 'Pod', 'container', '容器', 'CNI', 'cni', 'plugin', 'IPAM', 'ipam'],
    source:
      "observation: the host's DHCP lease said expired or not renewed (systemd-networkd sd-dhcp-client's lease expiry removes the address; dhclient-script EXPIRE; NetworkManager's dhcp timeout)",
    mechanism:
      "a lease that ends takes the interface's address and routes with it: the host drops off the network until a new lease is bound",
  },
  {
    subject: 'netManagers',
    state: 'fighting',
    fact: 'network.disrupted',
    unless: ['pod', 'Pod', 'CNI', 'cni', 'plugin', 'calico', 'flannel', 'cilium'],
    source:
      "observation: two of the host's network configurators said to fight over one interface (NetworkManager against systemd-networkd, netplan's renderers or cloud-init's network stage; each applies its own configuration and removes what it does not own: networkd's KeepConfiguration=no, NetworkManager's managed devices)",
    mechanism:
      'each configurator removes the address or the routes the other set: the interface loses them at the next reconfiguration or lease renewal and the host is cut off',
  },
  {
    subject: 'netConfig',
    state: 'deletedOrOverwritten',
    fact: 'network.disrupted',
    unless: ['pod', 'Pod', 'CNI', 'cni', '/etc/cni', 'calico', 'flannel', 'cilium', 'kubeconfig'],
    source:
      "observation: the host's own network configuration said deleted or overwritten (netplan's /etc/netplan/*.yaml rendered by `netplan generate` into networkd or NetworkManager files, ifcfg/interfaces files, cloud-init's 50-cloud-init.yaml)",
    mechanism:
      'the next apply, renewal or reboot configures the interface from what is left: no address or no route, and the host is cut off',
  },
  {
    subject: 'lbHealthCheck',
    state: 'checksFailing',
    fact: 'network.disrupted',
    subjectFirst: true,
    unless: [
      'pod',
      'Pod',
      'ingress',
      'Ingress',
      'liveness',
      'readiness',
      'probe',
      'application',
      'the app',
      '容器',
    ],
    source:
      "observation: a cloud load balancer's health checks of the nodes said failing (target groups, backend pools: the provider probes each node's address from outside)",
    mechanism:
      "a probe from outside that fails on the nodes' own addresses is the nodes unreachable on the network, as the API server's path to their kubelets is",
  },
  {
    subject: 'inodes',
    state: 'allUsed',
    fact: 'disk.pressure',
    specific: 'inodes all used (IUse% 100 %) is one limit reached',
    unless: NOT_THE_NODES_INODES,
    source:
      "observation: a node filesystem's inodes said used up, as df -i shows them (IUse% 100 %): the kubelet's eviction signal nodefs.inodesFree / imagefs.inodesFree (pkg/kubelet/eviction/helpers.go)",
    mechanism: INODES_GONE,
  },
  {
    subject: 'inodes',
    state: 'exhausted',
    fact: 'disk.pressure',
    specific: 'inodes used up (IUse% 100 %) is one limit reached',
    unless: NOT_THE_NODES_INODES,
    source:
      "observation: a node filesystem's inodes said exhausted (df -i; the kubelet's nodefs.inodesFree / imagefs.inodesFree eviction signals, pkg/kubelet/eviction/helpers.go)",
    mechanism: INODES_GONE,
  },
  {
    subject: 'kubelet',
    state: 'cpuHigh',
    fact: 'cpu.saturated',
    subjectFirst: true,
    // A kubelet said to cause the CPU is its own spin (a start loop, a service manager re-running it), read by the
    // cpus × saturated pairing's rule of the same words: not the node starved by load.
    unless: [
      "pod's",
      'the pod',
      'CPU limit',
      'cpu limit',
      'throttl',
      'request',
      'causing',
      'caused',
      'because of',
    ],
    source:
      "observation: the kubelet itself said to take the node's CPU in top or a dashboard (its housekeeping: relist, cAdvisor's stats over every cgroup, status computation)",
    mechanism:
      'a kubelet that takes the CPUs leaves the runtime and itself too little to answer in time; what it spends them on grows with the containers and cgroups it watches',
  }, // Round 25 (r25-words): the API server coming and going, said of it, of the control plane or of the one daemon
  // that runs it (kubelite, a k3s/rke2 server), and the status commands that wait on it.
  {
    subject: 'apiserver',
    state: 'intermittent',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: [
      'from the node',
      'from that node',
      'from one node',
      'metrics-server',
      'metrics.k8s.io',
      'aggregated',
    ],
    source:
      'observation: the API server available in turns (its readiness /readyz flapping; clients\' "The connection to the server <host>:6443 was refused", kubectl\'s staging/src/k8s.io/client-go/rest/request.go transformResponse and cmd/util/helpers.go StandardErrorMessage, on and off)',
    mechanism:
      'each time the API server is gone every kubelet loses its status path and Lease renewal; long enough and the node controller marks the nodes NotReady/Unknown and their pods Unknown, whatever the nodes themselves are doing',
  },
  {
    subject: 'apiserver',
    state: 'restarting',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: [
      'we restarted',
      'rollout restart',
      'kubelet',
      'metrics-server',
      'kube-apiserver-proxy',
      'haproxy',
      // Restarts by its liveness probe on the etcd check are the mentions' own, more specific reading (mentions.ts).
      'liveness',
      '探针',
      'etcd',
    ],
    source:
      'observation: kube-apiserver restarting in a loop (its static pod\'s container restarted by the kubelet, cmd/kube-apiserver exiting; the kubelet\'s "Back-off restarting failed container kube-apiserver")',
    mechanism: 'between restarts the API server answers nothing: every kubelet loses its status path at once',
  },
  {
    subject: 'combinedDaemon',
    state: 'died',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: ['agent', 'we stopped', 'we killed', 'systemctl stop', 'snap stop', 'microk8s stop'],
    source:
      'observation: the daemon that runs the API server in its own process exiting (microk8s kubelite: snap.microk8s.daemon-kubelite; k3s-io/k3s pkg/cli/server.run, k3s.service; rke2-server.service)',
    mechanism:
      'the API server dies with it: every kubelet it serves loses its status path and Lease renewal until the daemon is back, and the node controller marks their nodes and pods Unknown',
  },
  {
    subject: 'combinedDaemon',
    state: 'restarting',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: ['agent', 'we restarted', 'snap restart', 'microk8s stop'],
    source:
      'observation: the daemon that runs the API server in its own process restarting in a loop (systemd\'s "Scheduled restart job, restart counter is at N" for snap.microk8s.daemon-kubelite, k3s.service, rke2-server.service)',
    mechanism:
      'between restarts there is no API server: every kubelet it serves loses its status path; a datastore too slow for the API server (etcd, dqlite, kine) is the first question',
  },
  {
    subject: 'combinedDaemon',
    state: 'intermittent',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: ['agent'],
    source:
      'observation: the daemon that runs the API server in its own process available in turns (kubelite, a k3s/rke2 server)',
    mechanism:
      'the API server comes and goes with it: every kubelet it serves loses its status path each time',
  },
  {
    subject: 'controlPlane',
    state: 'intermittent',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: ['kubelet', 'docker', 'containerd', 'pod', 'container', 'agent', '容器'],
    source: 'observation: the control plane (the API server behind it) available in turns',
    mechanism: 'each time it is gone every kubelet loses its status path and Lease renewal',
  },
  {
    subject: 'clusterCommands',
    state: 'hangs',
    fact: 'apiserver.down',
    subjectFirst: true,
    // A command about one pod's stream or exec goes through the kubelet (its :10250 API): the node's, not the API
    // server's; a command that waits by design (-w, wait, rollout status, drain) is not stuck.
    unless: [
      'exec',
      'logs',
      'attach',
      'port-forward',
      ' cp ',
      'top ',
      'proxy',
      'drain',
      'delete',
      'wait',
      'rollout',
      ' -w',
      '--watch',
      'apply',
      'from the node',
      'on the node',
      'webhook',
    ],
    source:
      'observation: the cluster\'s status commands not returning (kubectl\'s client-go requests to the API server timing out: staging/src/k8s.io/client-go/rest/request.go, "Unable to connect to the server: net/http: request canceled", "context deadline exceeded"; microk8s status waiting on the API server)',
    mechanism:
      'a status command is one request to the API server: when it does not return the API server (or the path to it) is not answering, and the kubelets that post to it cannot either',
  },
  // Round 25 (r25-words): the network plugin and the other system pods not there on machines that came up without
  // them (a DaemonSet's pods not created: refused at admission, a toleration missing, its image not pulled).
  {
    subject: 'networkPlugin',
    state: 'notCreated',
    fact: 'cni.agent_down',
    subjectFirst: true,
    unless: ['config', 'binary', 'binaries', '/opt/cni', '/etc/cni', 'route', 'annotation', 'label'],
    source:
      "observation: the network plugin's DaemonSet pod never created or scheduled on a node (kubernetes pkg/controller/daemon/daemon_controller.go syncNodes: the pods it creates per node; FailedCreate events when the API server refuses them)",
    mechanism:
      'without its agent on the node the plugin writes no CNI configuration there, so the runtime reports the network not ready and the kubelet keeps the node NotReady',
  },
  {
    subject: 'networkPlugin',
    state: 'lacking',
    fact: 'cni.agent_down',
    stateFirst: true,
    unless: [
      'config',
      'binary',
      'binaries',
      '/opt/cni',
      '/etc/cni',
      'route',
      'annotation',
      'label',
      'error',
      'log',
    ],
    source:
      "observation: a machine that came up without the network plugin's pod (its DaemonSet created none there: kubernetes pkg/controller/daemon/daemon_controller.go syncNodes)",
    mechanism:
      'without its agent on the node the plugin writes no CNI configuration there, so the runtime reports the network not ready and the kubelet keeps the node NotReady',
  },
  {
    subject: 'systemPods',
    state: 'notCreated',
    fact: 'cni.agent_down',
    subjectFirst: true,
    unless: ['from the node', 'we deleted', 'drain', 'evicted'],
    source:
      "observation: the system DaemonSets' pods (kube-proxy, the network plugin's agent) not created on a node (pkg/controller/daemon/daemon_controller.go syncNodes; an admission webhook's refusal, apiserver pkg/admission/plugin/webhook/errors ToStatusErr \"admission webhook %q denied the request\", leaves none)",
    mechanism:
      "a machine without its system pods has no pod network: the network plugin's agent is among them, and without it the runtime reports the network not ready",
  },
  {
    subject: 'systemPods',
    state: 'lacking',
    fact: 'cni.agent_down',
    stateFirst: true,
    unless: ['from the node', 'error', 'log'],
    source:
      "observation: a machine that came up without its system DaemonSets' pods (pkg/controller/daemon/daemon_controller.go syncNodes)",
    mechanism:
      "a machine without its system pods has no pod network: the network plugin's agent is among them, and without it the runtime reports the network not ready",
  },
  // Round 25 (r25-words): the kubelet crashing only where one property of the machine is missing.
  {
    subject: 'kubelet',
    state: 'crashesWhereLacking',
    fact: 'kubelet.panic',
    subjectFirst: true,
    forwardGap: 60,
    // "crashes if the instance has no public IP": the condition is the property the state names, not a supposition.
    spares: ['if the '],
    source:
      "observation: the kubelet exiting on the machines that lack one property and not on the others (its start-up and node registration read the provider's addresses and instance data: kubernetes pkg/kubelet/kubelet_node_status.go registerWithAPIServer / setNodeAddress over the cloud provider's NodeAddresses and InstanceID, nil where the field is absent)",
    mechanism:
      'the same code path fails wherever the property is missing (a nil dereference, an index out of range): a defect of the kubelet or of the provider code it calls, usually arrived with the release that added the step; its stack trace names the function',
  },
  // Round 25 (r25-words): one availability zone failing under its nodes.
  {
    subject: 'zone',
    state: 'unreachable',
    fact: 'network.disrupted',
    unless: ['pod', 'Pod', 'DNS zone', 'time zone', 'timezone'],
    source:
      "observation: a cloud provider's availability zone said to be down or cut off (the provider's status page; EC2's InsufficientInstanceCapacity or launches failing there)",
    mechanism:
      'the nodes in that zone lose their network (or their hosts) together: their kubelets cannot reach the API server, and nothing new starts there, while the other zones run',
  },
  {
    subject: 'otherZones',
    state: 'notImpacted',
    fact: 'network.disrupted',
    subjectFirst: true,
    source:
      "observation: the trouble confined to one availability zone, the others said untouched (the nodes' topology.kubernetes.io/zone label)",
    mechanism:
      "what fails in one zone only is that zone's network or hosts, the provider's: the nodes there are cut off while the same software runs fine elsewhere",
  }, // Round 25 (r25-words): a node said unreachable is, by the word, a node the others cannot reach: the network's side
  // of the node.unresponsive reading the same words give (which weighs a stall first); with it, the loss of the path
  // is not ranked below a starvation stall on the one sentence.
  {
    subject: 'node',
    state: 'cutOff',
    fact: 'node.cut_off',
    subjectFirst: true,
    unless: [
      'from the node',
      'from node',
      'from inside the node',
      'kubernetes.io/unreachable',
      'registry',
      '仓库',
      '倉庫',
      '镜像',
      '鏡像',
      'pod',
      'Pod',
      '容器',
    ],
    source:
      "observation: a node said unreachable or to have lost connectivity (the node controller's view: its Lease not renewed, the node.kubernetes.io/unreachable taint; ping and SSH failing from outside)",
    mechanism:
      'the path between the node and the rest of the cluster is lost (its network, its zone, its host): the kubelet cannot reach the API server, so its Lease and status stop',
  }, // Round 25 (r25-words): pods whose phase is Unknown are, by the phase's definition, pods on a node the control
  // plane cannot communicate with.
  {
    subject: 'podsOnly',
    state: 'unknownPhase',
    fact: 'node.cut_off',
    subjectFirst: true,
    forwardGap: 30,
    // Pods Unknown said beside a node-local program's failure (the runtime locking up, the kubelet's checks failing)
    // are that failure's consequence on one node, read by its own words: not the path lost.
    unless: [
      'init',
      'image',
      'probe',
      'exit code',
      'ExitCode',
      'reason: Unknown',
      'Reason: Unknown',
      'docker',
      'Docker',
      'containerd',
      'runtime',
      'PLEG',
      'kubelet',
      'OOM',
      'memory',
      '内存',
      '容器运行时',
    ],
    source:
      'observation: pods shown in phase Unknown (core/v1 PodUnknown, "the state of the Pod could not be obtained, typically due to an error in communicating with the node"; kubectl\'s STATUS Unknown for a pod deleted on an unreachable node, pkg/printers/internalversion/printers.go printPod with reason NodeLost)',
    mechanism:
      "the control plane has lost its contact with the nodes those pods run on: their kubelets' status no longer arrives, and the node lifecycle controller marks the nodes and their pods",
  },
  { subject: 'newNodes', state: 'cannotLaunchInZone', ...ZONE_CANNOT_LAUNCH },
  {
    subject: 'noNewNodes',
    state: 'launchInZone',
    // "No new node could be launched": the ability denied by the subject, not a supposition.
    spares: ['could be'],
    ...ZONE_CANNOT_LAUNCH,
  },
  // Round 27 (r27-words): pairings the subject x state matrix found missing, each from its words' definitions.
  {
    // The API server said to hang (freeze, deadlock, time out): it answers no node's status, as when it is down.
    subject: 'apiserver',
    state: 'hangs',
    fact: 'apiserver.down',
    subjectFirst: true,
    unless: [
      'webhook',
      'admission',
      'etcd is',
      'request to',
      'requests to',
      'kubectl',
      'chang',
      'restarted the',
      'restarting the',
    ],
    source:
      "observation: the API server said to hang, freeze or time out (kube-apiserver's handlers not answering: the kubelet's status and lease updates get no reply, client-go's \"context deadline exceeded\")",
    mechanism:
      'the API server answers no kubelet: node status and lease updates time out and the node controller marks the nodes NotReady or Unknown',
  },
  {
    // The node's network said to die, stop or go away (its link, its interface): the node cut off.
    subject: 'network',
    state: 'died',
    fact: 'network.disrupted',
    subjectFirst: true,
    unless: NOT_THE_NODES_NETWORK,
    source:
      "observation: the node's network said to go down, stop or die (the link down: the kernel's \"Link is Down\", the NIC's carrier lost)",
    mechanism: 'the node loses its network: the kubelet cannot reach the API server and its lease lapses',
  },
  {
    // Round 28 (r28-network): packets said to be lost on the node's network or NIC (its path to the API server too).
    subject: 'network',
    state: 'dropsPackets',
    fact: 'network.disrupted',
    unless: ['policy', 'policies', 'NetworkPolicy', 'iptables -j DROP', 'firewall rule'],
    source:
      "observation: packet loss on the node's network or NIC (ping's \"% packet loss\", ip -s link's RX dropped/missed, ethtool -S's rx_dropped/rx_missed_errors/rx_no_buffer_count, /proc/net/softnet_stat's dropped column)",
    mechanism:
      "the node's network path loses packets: the kubelet's calls to the API server and its lease renewals time out or retry until the node is marked NotReady",
  },
  {
    // Round 28 (r28-network): packets said to be lost under a named stream (UDP, multicast, video) or in the NIC's
    // receive ring or the softirq backlog: the node's receive path saturated, every flow's packets dropped with it.
    subject: 'stream',
    state: 'dropsPackets',
    fact: 'network.disrupted',
    unless: ['policy', 'policies', 'NetworkPolicy', 'iptables -j DROP', 'firewall rule'],
    source:
      'observation: a stream\'s packets lost on the node under its rate (netstat -su\'s "packet receive errors"/"receive buffer errors", ethtool -S\'s rx_missed_errors and rx_fifo_errors when the RX ring overflows, /proc/net/softnet_stat\'s dropped and time_squeeze columns when the softirq backlog (net.core.netdev_max_backlog) is full)',
    mechanism:
      "the node's receive path (the NIC's ring, the softirq backlog) overflows under the stream's rate and drops packets of every flow: the kubelet's connection to the API server loses its replies, its status and lease updates time out and the node goes NotReady",
  },
  {
    // The node's network said to hang (freeze, stall): packets stop flowing while the link stays up.
    subject: 'network',
    state: 'hangs',
    fact: 'network.disrupted',
    subjectFirst: true,
    unless: NOT_THE_NODES_NETWORK,
    source:
      "observation: the node's network said to hang or freeze (the NIC's transmit queue timing out: the kernel's \"NETDEV WATCHDOG: ... transmit queue N timed out\", traffic stalled)",
    mechanism:
      "the node's traffic stalls: the kubelet's calls to the API server time out and its lease lapses",
  },
  {
    // The node (the machine) said to die, crash or go down: no kubelet answers from it.
    subject: 'node',
    state: 'died',
    fact: 'node.unresponsive',
    subjectFirst: true,
    unless: [
      ...NOT_THE_HOST,
      'drain',
      'drained',
      'cordon',
      'maintenance',
      'scale down',
      'scaled down',
      'scale-down',
      'autoscaler',
      'for the upgrade',
      'for an upgrade',
      'planned',
      'on purpose',
      'intentionally',
      'spot',
      'preempt',
    ],
    // A program running on the node ("aws-node on that node crashed", "kube-ovn-cni on the new node crashes"): the
    // node is where it ran, and the program's name may end in "-node" itself.
    unlessPatterns: [
      '(?<![A-Za-z])(?:[Oo]n|[Ii]n|[Ff]rom|[Aa]t) (?:the |that |this |a |an |each |every |one |its |our |their )?(?:[A-Za-z0-9_-]+ )?nodes?,? (?:crash|die|dies|died|exit|panic|segfault|went down|goes down|go down|was killed|got killed|terminat|was stopped|stopped|is not running|was not running|not running|is down|was down|shut down)',
      '[A-Za-z0-9_]-[Nn]ode',
      '[Nn]ode[-_][A-Za-z]',
      // The nodes said fine in the same sentence: what went down was something else.
      '(?:[Nn]odes?|[Mm]achines?|VMs?|[Hh]osts?) (?:were|was|are|is|stayed|remained) (?:fine|healthy|Ready|ok|OK|up)',
    ],
    source:
      'observation: a node said to die, crash or go down as a whole (its Lease not renewed, the node controller\'s "Kubelet stopped posting node status")',
    mechanism:
      'the whole machine stopped (a crash, a hang, a power loss) and every daemon on it with the kubelet: nothing posts its status',
  },
  {
    // The node's CPUs said exhausted, used up, maxed out: saturated.
    subject: 'cpus',
    state: 'exhausted',
    fact: 'cpu.saturated',
    subjectFirst: true,
    // "All cores were exhausted", "the CPU is completely used up": an auxiliary and an adverb between.
    forwardGap: 16,
    unless: [
      'pod',
      'container',
      'throttled',
      'limit',
      'request',
      'credit',
      'credits',
      'quota',
      'causing',
      'caused by',
      'because of',
    ],
    source: "observation: the node's CPU said exhausted or used up (top's %idle at 0, every core busy)",
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    // systemd (PID 1) said to restart: it re-executes itself (daemon-reexec), which is its only restart short of a boot.
    subject: 'systemd',
    state: 'restarting',
    fact: 'systemd.reexecuted',
    subjectFirst: true,
    unless: [
      'systemd-',
      'systemctl restart',
      'unit',
      'service',
      'reboot',
      'by systemd',
      '被 systemd',
      '被systemd',
      '由 systemd',
      '由systemd',
    ],
    source:
      'observation: systemd (PID 1) said to restart: PID 1 cannot exit, so its restart is a re-execution (systemctl daemon-reexec, a package upgrade, systemd src/core/main.c do_reexecute, "Reexecuting.")',
    mechanism:
      "PID 1 re-executed itself: every client's bus connection to it is cut, and jobs in flight (a container's scope) lose their callers",
  },
  {
    // The node's disk said to hang (freeze, stall): its I/O does not complete.
    subject: 'disk',
    state: 'hangs',
    fact: 'io.saturated',
    subjectFirst: true,
    unless: ['NFS', 'nfs', 'network', 'Ceph', 'ceph', 'iSCSI', 'iscsi', 'EBS', 'mount'],
    source:
      "observation: the node's disk said to hang or freeze (its I/O not completing: the kernel's \"blocked for more than 120 seconds\" in io_schedule, iostat's %util at 100 with await in seconds)",
    mechanism:
      "the disk's I/O does not complete: every process writing to it, the kubelet's and the runtime's, waits",
  },
];

/**
 * Words that make a line a hypothesis or an explanation rather than an observation: "may", "usually", "such
 * as", "一般", "可能", "如果"... Field reports list the usual causes before they say what they found.
 */
export const HEDGES: Terms = {
  en: [
    'may ',
    'might ',
    'could be',
    'could cause',
    'can cause',
    'usually',
    'typically',
    'e.g.',
    'such as',
    'for example',
    'possible',
    'if the ',
    'whether',
    // An impression, not what was seen.
    'seems to',
    'seemed to',
    'appears to',
    'appeared to',
    'for instance',
  ],
  zh: ['可能', '一般', '通常', '例如', '比如', '如果', '假如', '或者', '是否', '常见', '常見', '如 '],
};

/**
 * What makes one sentence no observation, whatever the sentences around it say: a hedge (HEDGES), an advice
 * (ADVISED). Description readers test them on the sentence that holds their match (Signature.unlessSaid); a bare
 * "should" is read in the match's own clause instead (NOT_AFFIRMED.advisedBefore: "The kubelet should have
 * recovered, but containerd hung" says containerd hung).
 */
export const MOOD: Terms = { en: [...HEDGES.en, ...ADVISED, ...UNSURE], zh: HEDGES.zh };

/** Words read in the match's own clause (NOT_AFFIRMED.advisedBefore): neither the line's nor the whole sentence's. */
const CLAUSE_ADVICE = ['should '];

/** Words of a list that are not a sentence's mood nor a clause's advice: what stays the line's (Signature.unless). */
export const notMood = (words: readonly string[]): string[] => {
  const mood = new Set([...MOOD.en, ...MOOD.zh, ...CLAUSE_ADVICE]);
  return words.filter((w) => !mood.has(w));
};

/**
 * Words that say a problem was repaired: "was fixed", "had been resolved", "after we fixed", "已修复", "解决后". A
 * description in the same sentence is still read (the repaired problem may be the incident itself: a network cut
 * that came back once a switch was replaced), but a problem someone says is already fixed does not corroborate the
 * present one, so its fact is marked `resolved` and rank.ts does not count it as a second independent fact. Only
 * a repair's own words: a state that ends by itself ("came back", "恢复了") is what some descriptions report, and
 * an intent, a wish or a denial ("to fix", "has not been fixed", "未解决") is no repair (NOT_RESOLVED).
 */
export const RESOLVED: Terms = {
  en: [
    ...['fixed', 'solved', 'repaired'].flatMap((done) => [
      `was ${done}`,
      `were ${done}`,
      `been ${done}`,
      `got ${done}`,
      `is ${done}`,
      `is now ${done}`,
      `are ${done}`,
      `we ${done}`,
      `I ${done}`,
      `had ${done}`,
      `have ${done}`,
      `has ${done}`,
      `once ${done}`,
    ]),
    ...['fixing', 'resolving', 'solving', 'repairing'].flatMap((doing) => [`after ${doing}`]),
    // A name "is resolved" by DNS: "resolved" is a repair only of an issue, with its agent, or perfect.
    'issue was resolved',
    'issue is resolved',
    'issue has been resolved',
    'problem was resolved',
    'problem is resolved',
    'problem has been resolved',
    'it was resolved',
    'was resolved by',
    'is now resolved',
    'been resolved',
    'got resolved',
    'we resolved',
    'I resolved',
    'after we fixed',
    'after we resolved',
    'after we repaired',
    // The state said over in the same sentence ("…, but it's all systemd now and working").
    // Not "works again": said of one thing while another stays broken ("the API server works again, but …").
    'now and working',
    'all good now',
    'back to normal now',
  ],
  zh: [
    '已修复',
    '已修復',
    '已经修复',
    '已經修復',
    '已解决',
    '已解決',
    '已经解决',
    '已經解決',
    '修复后',
    '修復後',
    '修复之后',
    '修復之後',
    '解决后',
    '解決後',
    '解决之后',
    '解決之後',
    '修好了',
    '修好后',
    '修好後',
    '恢复正常了',
    '已恢复正常',
  ],
};

/** A repair denied or still to come: "has not been fixed", "not yet resolved", "未解决". */
const NOT_RESOLVED: Terms = {
  en: [
    'not been ',
    'never been ',
    "n't been ",
    '’t been ',
    'not yet ',
    'not fixed',
    'not resolved',
    'not solved',
  ],
  zh: [
    '未修复',
    '未修復',
    '未解决',
    '未解決',
    '没有修复',
    '沒有修復',
    '没有解决',
    '沒有解決',
    '还没',
    '還沒',
  ],
};

/** What ends a sentence besides a line's end and a full stop before a space: a semicolon, the marks of English and Chinese. */
const SENTENCE_STOPS = ';!?。；！？';
/**
 * The end of a sentence: a line's end, a mark of SENTENCE_STOPS, or a full stop before a space or the line's end,
 * unless it closes an abbreviation ("e.g. the OOM killer", "approx. 16:03" go on). A lower-case word after a full
 * stop still starts a sentence: people start them with a program's name ("… the limit. dockerd hit …").
 */
const SENTENCE_END = new RegExp(
  `[\\n${SENTENCE_STOPS}]|(?<!\\b(?:e\\.g|i\\.e|etc|approx|vs|cf|incl))\\.(?=\\s|$)`,
  'g',
);
let resolvedPattern: RegExp | undefined;
let notResolvedPattern: RegExp | undefined;

/**
 * Whether the sentence that holds a description's match (from `start` to `end` of the line) says it was repaired
 * (RESOLVED); a caller that has the sentence's bounds passes them. Compiled on first use: most threads never read a
 * description.
 */
export function saidResolved(
  line: string,
  start: number,
  end: number,
  { from, to }: Bounds = sentenceAround(line, start, end),
): boolean {
  resolvedPattern ??= new RegExp(alternatives(RESOLVED));
  notResolvedPattern ??= new RegExp(alternatives(NOT_RESOLVED));
  const sentence = line.slice(from, to);
  return resolvedPattern.test(sentence) && !notResolvedPattern.test(sentence);
}

/** A sentence's place in its line: from its first character to the index of the mark that closes it. */
export interface Bounds {
  from: number;
  to: number;
}

/**
 * The bounds of the sentence of `line` that holds `start`..`end`: it runs from just after the previous end to the
 * index of the mark that closes it (SENTENCE_END; `to` is the line's length when none does).
 */
export function sentenceAround(line: string, start: number, end: number): Bounds {
  let from = 0;
  let to = line.length;
  for (const stop of line.matchAll(SENTENCE_END)) {
    if (stop.index < start) from = stop.index + 1;
    else if (stop.index >= end) {
      to = stop.index;
      break;
    }
  }
  return { from, to };
}

/**
 * What makes a sentence not affirm the mechanism it names of the node now, by the words' own meaning: a denial, a
 * question, an advice or a plan, a repair long ago, another machine. Each is read in the sentence that holds the
 * match (a denial in its clause), before or after the match, so a description in the next sentence is still read.
 * The line-wide lists (HEDGES, PLANNING, NOT_THE_NODE) stay as they were; these carry the same categories to the
 * ways people write them that a list of whole phrases misses: the negation after the thing ("X: none", "X looked
 * fine", "Xはない"), a question without its mark ("wondering if", "是不是", "かも"), a plan's verb ("let's", "打算",
 * "予定"), a past with its time ("last year", "以前", "昨年"), another subject ("in CI", "测试环境", "検証環境").
 */
/**
 * Round 26 (r26-weighing): a state denied through a verb of appearance. "Look", "seem", "appear" and "sound" say how a
 * thing strikes the speaker; negated ("did not look like", "doesn't seem to be", "does not appear that") or with
 * "nothing" as their subject ("nothing suggests", "nothing indicated") the speaker says the state was not what they
 * saw, so the state after them is denied, whatever the state (memory exhausted, a disk full, an OOM kill, descriptors
 * used up). Their complement must follow ("like", "as if", "as though", "that", "to be"): "didn't seem to respond"
 * says a thing appeared unresponsive, and "pods didn't appear" is a presence. Chinese says it with 像 ("like",
 * negated 不像, 看起来不像) and 看不出 / 没有迹象 ("cannot tell from its look", "no sign").
 */
const APPEARANCE_COMPLEMENT = '(?: like| as if| as though| that| to be| to have been)';
const APPEARANCE_DENIED = [
  `\\b(?:[Dd]id|[Dd]oes|[Dd]o|[Ww]ould|[Cc]ould)(?: not|n['’]t)(?: really| quite| even| at all)? (?:look|seem|appear|sound)${APPEARANCE_COMPLEMENT}`,
  `\\b(?:[Ii]s|[Ww]as|[Aa]re|[Ww]ere)(?: not|n['’]t)(?: really)? (?:looking|seeming|sounding)${APPEARANCE_COMPLEMENT}`,
  `\\b(?:[Nn]ot|[Nn]ever) (?:look|seem|appear|sound)(?:s|ed)?${APPEARANCE_COMPLEMENT}`,
  '\\b(?:looks?|looked|seems?|seemed|sounds?|sounded) nothing like',
  '\\b[Nn]othing (?:suggest|indicate|point|hint|show)(?:s|ed)?(?: to| at| that)?',
  '\\b[Nn]o (?:indications?|hints?|evidence) (?:of|that)',
  '(?:看起来|看起來|看上去|看着|看著|看来|看來|感觉|感覺|似乎|好像|并|並)(?:也)?(?:不太|不)像',
  '不像是',
  '(?:似乎|好像|看起来|看起來|看上去)(?:并|並)?(?:不是|没有|沒有)',
  '看不出',
  '(?:没有|沒有|无|無)(?:任何)?(?:迹象|跡象)',
];

export const NOT_AFFIRMED = {
  /**
   * A question: an auxiliary opening the sentence (English inverts subject and auxiliary to ask; "Could not …" and
   * "Can't …" are statements), or words that ask or guess before the match; Chinese and Japanese ask with particles
   * and endings after it (吗, 吧; か, かも, のでは, でしょう).
   */
  askedOpening:
    "^ *(?:Did|Does|Is|Was|Were|Are|Has|Have|Could|Can|Might|Would|Should|Will|Do(?= (?:you|we|they|I)\\b)) (?!not |n't)",
  askedBefore: [
    'any chance',
    'Any chance',
    'do you think',
    'Do you think',
    '请问',
    '請問',
    '该怎么',
    '該怎麼',
    '怎么办',
    '怎麼辦',
    '如何处理',
    '如何處理',
    '如何解决',
    '如何解決',
    'we thought',
    'We thought',
    'I thought',
    'initially thought',
    'at first thought',
    'we assumed',
    'We assumed',
    'I assumed',
    '以为',
    '以為',
    'と思ったが',
    'と思いましたが',
    'かと思った',
    'かと思いました',
    'を疑いましたが',
    'を疑ったが',
    'wondering if',
    'wondering whether',
    'wonder if',
    'wonder whether',
    'not sure if',
    'not sure whether',
    'unsure if',
    'unsure whether',
    'could it be',
    'Could it be',
    'is it ',
    'suspect',
    'suspected',
    'suspecting',
    'hypothesis',
    'my guess',
    'My guess',
    'theory is',
    '是不是',
    '是否',
    '会不会',
    '會不會',
    '难道',
    '難道',
    '有没有可能',
    '有沒有可能',
    '怀疑',
    '懷疑',
    '猜测',
    '猜測',
    '不确定',
    '不確定',
    'たぶん',
    '多分',
    'おそらく',
    'もしかして',
    'もしかしたら',
  ],
  /** A guess's adverb; before a number it is an estimate of the number ("maybe 400 of them"), no guess. */
  askedBeforePatterns: [
    '(?:(?<![A-Za-z])(?:[Mm]aybe|[Pp]erhaps|[Pp]ossibly)|也许|也許|或许|或許|估计|估計)(?! *(?:~|about |around |有)?[0-9一二两三四五六七八九十几幾数數上好]+)',
  ],
  askedAfter: [
    ' or not',
    '吗',
    '嗎',
    'かもしれ',
    'でしょうか',
    'だろうか',
    'のでは',
    '可能性',
    '疑い',
    '怪しい',
  ],
  /** Particles that ask or guess only at their clause's end (PARTICLE_END): "かな" is also inside "動かない". */
  askedAfterEnding: ['吧', 'かも', 'かな', 'でしょう', 'だろう', 'ですか', 'ますか', 'ませんか'],
  /**
   * An advice, a plan or a consequence feared: a modal of obligation or intent, a plan's verb or a future time, before
   * the match (English, Chinese) or after it (Japanese puts the verb last: 予定, べき, 必要, ようと思う). A reason after
   * it ("we should raise the limit because dockerd hit it") is what happened: a "because" after the advice ends it.
   */
  advisedBefore: [
    '待办',
    '待辦',
    'Action item',
    'action item',
    'Next step',
    'next step',
    'should',
    'Should',
    'shall ',
    'need to',
    'needs to',
    'have to',
    'has to',
    'ought to',
    "let's",
    "Let's",
    'let’s',
    'Let’s',
    'let us',
    'Let us',
    'plan to',
    'plans to',
    'planning to',
    'going to',
    'gonna',
    'want to',
    'would like to',
    'TODO',
    'todo:',
    'Plan:',
    'plan:',
    'monitor',
    'alert on',
    'watch for',
    'look out for',
    'suggest',
    'Suggest',
    'consider',
    'considering',
    'so that',
    'in order to',
    'to avoid',
    'to prevent',
    'would be good',
    'would be nice',
    'better to',
    'we will',
    'We will',
    "we'll",
    "We'll",
    '打算',
    '计划',
    '計劃',
    '准备',
    '準備',
    '需要',
    '应该',
    '應該',
    '应当',
    '得把',
    '要把',
    '最好',
    '后续',
    '後續',
    '下周',
    '下週',
    '下个月',
    '下個月',
    '下次',
    '将来',
    '將來',
    '不然',
    '否则',
    '否則',
    '迟早',
    '遲早',
    '来週',
    '来月',
    '今後',
  ],
  advisedAfter: [
    'への対策',
    '対策を',
    'ておきたい',
    'mitigation',
    'のが良い',
    'のがよい',
    'のがいい',
    'ほうがよい',
    '方がよい',
    'と良い',
    'とよい',
    'といい',
    ' next sprint',
    ' next week',
    ' next month',
    ' next quarter',
    ' in the future',
    '予定',
    'つもり',
    'べき',
    '必要があ',
    '必要で',
    'ようと思',
    'ほうがい',
    'ほうが良',
    '方がい',
    '方が良',
    '検討',
    'おすすめ',
    '推奨',
    '的话',
    '的話',
  ],
  /** A reason or a cause that ends an advice's scope: what follows it is what happened. */
  because: [
    'because',
    'since',
    'due to',
    'every time',
    'whenever',
    'each time',
    '因为',
    '因為',
    '由于',
    '由於',
    '每次',
    '每当',
    '每當',
    'ので',
    'から',
    'ため',
    'たびに',
  ],
  /**
   * A past long ago, or one that stopped: a repair with its time ("fixed last year", "以前", "昨年"), a state that
   * used to be ("used to hit"). Chinese 以前 and 之前 also mean "before" after a verb ("重启之前"): only opening the
   * sentence, or with the words of experience and repair after them.
   */
  past: [
    '以前のバージョン',
    '旧バージョン',
    '古いバージョン',
    '旧版本',
    '老版本',
    '修正されてい',
    '解消されてい',
    'fixed since',
    'long fixed',
    'fixed long ago',
    'old issue',
    'old problem',
    'old bug',
    '老问题',
    '老問題',
    '古い問題',
    'releases ago',
    'release ago',
    'versions ago',
    'upgrades ago',
    'years ago',
    'year ago',
    'months ago',
    'month ago',
    'a while ago',
    'a while back',
    'long ago',
    'long gone',
    'last year',
    'used to',
    'Used to',
    'in the past',
    'In the past',
    'Back in',
    'back in',
    'went away after',
    '去年',
    '前年',
    '几个月前',
    '幾個月前',
    '很久以前',
    '早就',
    '曾经',
    '曾經',
    '以前就',
    '以前也',
    '之前已经',
    '之前已經',
    '之前就',
    '之前也',
    '以前出过',
    '之前出过',
    '以前出過',
    '之前出過',
    '以前有过',
    '之前有过',
    '以前遇到过',
    '之前遇到过',
    '上个月',
    '上個月',
    '没再出现',
    '沒再出現',
    '再也没',
    '再也沒',
    '昨年',
    '前回',
    'かつて',
    '過去に',
    'ヶ月前',
    'か月前',
    '年前',
    '解消済み',
    '対応済み',
    '修正済み',
  ],
  /** A year named for it, a release that fixed it: "in 2022", "2022 年遇到过", "fixed in 1.1.2", "在 1.1.2 修了". */
  pastPatterns: [
    '(?<![A-Za-z])(?:in|back in|during|since) (?:19|20)[0-9]{2}(?![0-9/-])',
    // A year, not a date ("2023年11月2日" is when it happened).
    '(?<![0-9])(?:19|20)[0-9]{2} ?年(?![0-9]| ?[0-9]{1,2} ?月)',
    '(?<![A-Za-z])(?:fixed|resolved|patched) in (?:v|version |release )?[0-9]+\\.[0-9]+',
    '(?<![0-9])(?:19|20)[0-9]{2} (?:thing|issue|problem|bug|incident)',
    '(?:新版|新版本|新的版本)[^。\\n]{0,20}(?:修复|修復|解决|解決)',
    '在 ?v?[0-9]+\\.[0-9]+(?:\\.[0-9]+)? ?(?:版本)?(?:里|中)? ?(?:修了|修复|修復|已修复|已修復)',
  ],
  pastOpening: '^ *(?:以前|之前|Previously|Earlier this year|Last year)',
  /**
   * Another machine or environment, or an application's own limit: a laptop, a CI runner, a test VM, staging,
   * another cluster, a JVM's heap. Said anywhere in the sentence, the mechanism is that thing's.
   */
  otherSubject: [
    'heap memory',
    '自己电脑',
    '自己的电脑',
    '我的电脑',
    '个人电脑',
    '自己電腦',
    '我的電腦',
    '個人電腦',
    'another cluster',
    'other cluster',
    'other clusters',
    'different cluster',
    'different clusters',
    'my VM',
    'locally',
    'Locally',
    'minikube',
    'kind cluster',
    "app's own",
    "application's own",
    'its own limit',
    'its own ulimit',
    'own heap',
    'JVM heap',
    "JVM's heap",
    'Java heap',
    'heap space',
    'OutOfMemoryError',
    '另一个集群',
    '另一個集群',
    '别的集群',
    '別的集群',
    '其他集群',
    '其它集群',
    '堆内存',
    '應用自己',
    '应用自己',
    '业务自己',
    '別のクラスタ',
    '他のクラスタ',
    '手元',
    'アプリ自身',
    'ヒープ',
  ],
  /**
   * A CI job, a test or staging environment: another machine, unless the sentence names the node as the one it
   * happened to ("nodes become not ready on the test environment" is the incident's own node in a test cluster, "CI
   * 的 pod … 每个节点" a CI's workload on the nodes).
   */
  otherEnvironment: [
    'dev box',
    'dev machine',
    'dev VM',
    'development machine',
    '开发机',
    '開發機',
    '開発機',
    '開発マシン',
    'In CI',
    'in CI',
    'CI runner',
    'CI job',
    'the runner',
    "runner's",
    'CI 的',
    'CI的',
    'CI 里',
    'CI里',
    '流水线',
    '流水線',
    'ランナー',
    '開発用',
    '検証用',
    'テスト用',
    'test VM',
    'test vm',
    'test machine',
    'test box',
    'test cluster',
    'staging',
    'Staging',
    'dev cluster',
    '测试环境',
    '測試環境',
    '测试机',
    '測試機',
    '测试集群',
    '測試集群',
    '测试虚拟机',
    '預發',
    '预发',
    '开发环境',
    '開發環境',
    '検証環境',
    'テスト環境',
    'ステージング',
    '開発環境',
  ],
  /** Another subject between a match and a denial after it: "节点上其它服务都正常" is not the node's state denied. */
  another: '其它|其他|别的|別的|其余|其餘|[Oo]ther|[Tt]he rest|[Ee]verything else|他の|ほかの|その他',
  /** A question's answer, opening the next sentence: no, or unlikely ("PID 耗尽？不太可能。"). */
  answeredNo:
    '^ *(?:None|none|No|no|Nope|nope|Zero|Not really|Unlikely|unlikely|Probably not|probably not|Doubt it|不太可能|不可能|应该不是|應該不是|没有|沒有|无|無|不是|なし|ありません|いいえ|ゼロ|違うと思う|考えにくい)(?![A-Za-z])',
  /**
   * A next sentence that is a bare denial, whatever this one's mark: "We looked at OOM kills. There were none.",
   * "We suspected inotify exhaustion. It wasn't." Only a whole sentence of those words ("Nothing helped" is not one).
   */
  refutedNext:
    "^ *(?:There (?:were|was) (?:none|nothing)|None(?: found)?|Nope|Not found|Nothing|Zero|It (?:wasn't|didn't|was not|did not|isn't)(?: it| the case)?|That wasn't it|Not the case|没有|沒有|不是|なし|ありませんでした|違いました) *(?:[.!。！]|$)",
  theNode: '\\b[Nn]odes?\\b|NotReady|[Nn]ot ?[Rr]eady|节点|節點|ノード',
  /** An application's own limit or heap: "the app ran out of its own descriptors". */
  otherSubjectPatterns: [
    "\\b(?:[Aa]pp|[Aa]pplication|JVM|[Jj]ava|[Pp]rogram|[Ww]orkload)(?:'s)?\\b[^\\n]{0,60}\\b(?:its|their) own\\b",
    '(?:アプリ|アプリケーション|JVM|Java)[^。\\n]{0,30}(?:自分の|自身の)',
    // A pod's or a container's own limit: its cgroup's, not the node's ("the pod's container hit its memory limit").
    "\\b(?:[Pp]od|[Cc]ontainer|[Aa]pp|[Aa]pplication|JVM|[Jj]ava)(?:'s)?\\b[^\\n]{0,60}\\b(?:its|their) (?:memory limit|cgroup limit|memory\\.max|pids\\.max|PIDs|pids|pid limit|PID limit|heap|ulimit|[A-Za-z_]*rlimit[A-Za-z_]*)",
  ],
  /**
   * A denial in the match's clause: before it, the words of a search that found nothing or of a cause set aside
   * ("ruled out", "didn't see any", "未见", "排除", "并非"); after it, the thing said to be fine or absent ("X: none",
   * "X looked normal", "X is not the issue", "X正常", "Xはない", "X問題なし"). "正常" after "无法" or "不" is an adverb
   * ("无法正常启动": cannot start normally), and after "恢复" a state that ended, which other words read.
   */
  deniedBefore: [
    'not seeing',
    'Not seeing',
    'not finding',
    'no evidence',
    'No evidence',
    "weren't any",
    "wasn't any",
    "aren't any",
    "isn't any",
    'were not any',
    'was not any',
    'not any',
    'hardly any',
    '没找到',
    '没有找到',
    '沒找到',
    '沒有找到',
    '找不到',
    'no way',
    'No way',
    "can't be",
    'cannot be',
    'unlikely',
    'not likely',
    '不存在',
    '不可能',
    '不太可能',
    'ruled out',
    'Ruled out',
    'rule out',
    'not a single',
    'never saw ',
    'never seen ',
    "didn't see ",
    'did not see ',
    "didn't find ",
    'did not find ',
    "haven't seen ",
    'have not seen ',
    "hasn't seen ",
    'no sign of',
    'No sign of',
    'no signs of',
    'No signs of',
    'no trace of',
    'nothing about',
    'Nothing about',
    'nothing in',
    'Nothing in',
    'none of',
    'None of',
    'not due to',
    'not caused by',
    'rather than',
    'instead of',
    "didn't hit",
    'did not hit',
    'never hit',
    "didn't reach",
    'did not reach',
    'never reached',
    "didn't run out",
    'did not run out',
    'never ran out',
    '排除',
    '没有发现',
    '沒有發現',
    '没发现',
    '沒發現',
    '没看到',
    '沒看到',
    '没有看到',
    '沒有看到',
    '未见',
    '未見',
    '未发现',
    '未發現',
    '并非',
    '並非',
    '并不是',
    '並不是',
    '不是因为',
    '不是因為',
    '并没有',
    '並沒有',
    '并未',
    '並未',
  ],
  /**
   * Right before the match: "never lost network", "without zombies", "没有 OOM"; round 27: a state's place denied,
   * "is not in D state", "was not at 100 %", "不在 D 状态".
   */
  deniedAdjacent:
    '(?:\\b[Nn]ever|\\b[Nn]o|\\b[Ww]ithout|\\b[Zz]ero|\\b[Nn]ot an?|\\b[Nn]ot (?:in|at)(?: the)?|^ *Not|不是|不在|没有|沒有|未|无|無) ?$',
  deniedBeforePatterns: [
    ...APPEARANCE_DENIED,
    '(?:无|無)(?!法|响应|響應|反应|反應)',
    '(?:没有|沒有)(?!办法|辦法|响应|響應|反应|反應)',
  ],
  deniedAfter: [
    '很少',
    '极少',
    '極少',
    '否定でき',
    '否定され',
    '除外',
    '可以忽略',
    '忽略不计',
    '忽略不計',
    'negligible',
    'stayed quiet',
    'was quiet',
    'remained quiet',
    'stayed silent',
    'was silent',
    '一个没有',
    '一個沒有',
    '一个都没',
    '一個都沒',
    '一个也没',
    '一個也沒',
    '一つもな',
    '一つもありません',
    'unlikely',
    '不太可能',
    '不可能',
    '都没有',
    '都沒有',
    '一个也没有',
    '確認できませんでした',
    '確認できなかった',
    '確認されませんでした',
    '確認されなかった',
    '見られませんでした',
    '見られなかった',
    '見つかりませんでした',
    '見つからなかった',
    '観測されませんでした',
    '可能性は低',
    'ありえな',
    '考えにくい',
    'ではないと思',
    'none',
    'None',
    'not the problem',
    'not the issue',
    'not the cause',
    'not an issue',
    'not a problem',
    "wasn't the problem",
    "wasn't the issue",
    "isn't the issue",
    "isn't the problem",
    "wasn't it",
    'is fine',
    'was fine',
    'were fine',
    'are fine',
    'looked fine',
    'looks fine',
    'look fine',
    'seemed fine',
    'is normal',
    'was normal',
    'were normal',
    'looked normal',
    'looks normal',
    'seemed normal',
    'was ok',
    'is ok',
    'were ok',
    'looked ok',
    'looks ok',
    'was OK',
    'is OK',
    'looked OK',
    'looks OK',
    'was healthy',
    'were healthy',
    'is healthy',
    'looked healthy',
    'stayed healthy',
    'not triggered',
    'never triggered',
    'not fired',
    'never fired',
    'not reported',
    'never reported',
    'not seen',
    'never seen',
    'not observed',
    'never observed',
    'not found',
    'not present',
    'absent',
    'nowhere near',
    'well below',
    'well under',
    'far below',
    'ruled out',
    'not involved',
    'unaffected',
    'never happened',
    'never occurred',
    "didn't happen",
    'did not happen',
    '没问题',
    '沒問題',
    '没有问题',
    '沒有問題',
    '无异常',
    '無異常',
    '没有异常',
    '沒有異常',
    '不是问题',
    '不是問題',
    '不是原因',
    '不是瓶颈',
    '不是瓶頸',
    '并非瓶颈',
    '排除',
    '没关系',
    '沒關係',
    '无关',
    '無關',
    'はない',
    'はなかった',
    'はありません',
    'もない',
    'もなかった',
    'もありません',
    '見当たら',
    // A verb of appearance negated after the state: "OOMのようには見えませんでした", "とは思えない".
    'ようには見え',
    'とは思えな',
    '問題な',
    '問題は',
    '問題あり',
    '異常な',
    'ていない',
    'ていなかった',
    'ていません',
    'しなかった',
    'しませんでした',
    'ことはな',
    'わけではな',
    'ではな',
    'じゃな',
    'なし',
    '無し',
    'ゼロ',
  ],
  /** A denial between the subject and its state, inside the match: "内存并没有被打满", "was nowhere near full". */
  /** A Chinese state negated inside the match: "上限没打满", "没超时". */
  deniedWithinPatterns: [
    ...APPEARANCE_DENIED,
    '(?:没有?|沒有?|未)(?:打满|打滿|用完|用光|用尽|用盡|耗尽|耗盡|满|滿|到上限|达到上限|泄漏|泄露|洩漏|超时|超時|卡住|卡死|挂|掛|崩溃|崩潰|触发|觸發|发生|發生)',
  ],
  deniedWithin: [
    '并没有',
    '並沒有',
    '并未',
    '並未',
    '并非',
    '並非',
    '从未',
    '從未',
    '未曾',
    'nowhere near',
    'far from',
  ],
  deniedAfterPatterns: [
    // A count said to be nought: "OOM kills: 0", "zombies = 0".
    '^[^,，、]{0,24}?(?:[:=] *|\\b(?:was|were|is|are) )(?:0|zero)(?![0-9.,])',
    // A list's answer after a colon or a dash, the whole of its clause: "OOM: no", "OOM killer - nothing", "僵尸进程：没有".
    '^[^,，、]{0,24}?(?:[:：=] *| [-–—]+ *)(?:none|nothing|no|nope|not seen|无|無|没有|沒有|なし|無し)(?= *(?:$|[.;,。；，)]))',
    '(?<!无法|無法|不能|未能|没法|沒法|不|恢复|恢復|回复|回復)正常(?!に)',
  ],
};

/** What a match may end in that makes a "正常" right after it no denial (deniedAfterPatterns' look-behind). */
const ENDS_BEFORE_NORMAL = /(?:无法|無法|不能|未能|没法|沒法|不|恢复|恢復|回复|回復)$/;
/** A clause's end inside a sentence: a comma, and the conjunctions that set one state against another. */
const CLAUSE_BREAK =
  /[,，、]| but |(?<!\b[Aa]) while | whereas |但是|但|可是|却|卻|不过|不過|が、|けど|けれど/g;
/**
 * The words as one pattern, an English word whole ("let's" is not in "kubelet's", "none" not in "nonetheless"); the
 * Japanese endings that are particles (かな, かも, 吧) only where their clause ends, not inside a verb ("動かない").
 */
const words = (list: readonly string[], patterns: readonly string[] = []) =>
  new RegExp(
    `(?:${[...new Set(list)]
      .sort((a, b) => b.length - a.length)
      .map(
        (w) =>
          `${/^[A-Za-z]/.test(w) ? '(?<![A-Za-z])' : ''}${term(w)}${/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : ''}`,
      )
      .concat(patterns)
      .join('|')})`,
  );
/** The end of a clause, after a particle. */
const PARTICLE_END = '(?= *(?:$|[。？?！!、，,.]))';

function compileNotAffirmed() {
  const n = NOT_AFFIRMED;
  return {
    askedOpening: new RegExp(n.askedOpening),
    askedBefore: words(n.askedBefore, n.askedBeforePatterns),
    askedAfter: words(n.askedAfter, [`(?:${n.askedAfterEnding.join('|')})${PARTICLE_END}`]),
    advisedBefore: words(n.advisedBefore),
    advisedAfter: words(n.advisedAfter),
    because: words(n.because),
    past: words(n.past, n.pastPatterns),
    pastOpening: new RegExp(n.pastOpening),
    otherSubject: words(n.otherSubject, n.otherSubjectPatterns),
    otherEnvironment: words(n.otherEnvironment),
    theNode: new RegExp(n.theNode),
    another: new RegExp(n.another),
    answeredNo: new RegExp(n.answeredNo),
    refutedNext: new RegExp(n.refutedNext),
    deniedBefore: words(n.deniedBefore, n.deniedBeforePatterns),
    deniedAfter: words(n.deniedAfter, n.deniedAfterPatterns),
    deniedWithin: words(n.deniedWithin, n.deniedWithinPatterns),
    deniedAdjacent: new RegExp(n.deniedAdjacent),
  };
}
type NotAffirmedPatterns = ReturnType<typeof compileNotAffirmed>;
let notAffirmedPatterns: NotAffirmedPatterns | undefined;

/** One match's sentence, split at the match: what is before it, the match, what is after it. */
interface Around {
  sentence: string;
  before: string;
  match: string;
  after: string;
  /** The match's clause (CLAUSE_BREAK) before and after it. */
  clauseBefore: string;
  clauseAfter: string;
  /** The mark that ends the sentence, and the text after it. */
  stop: string;
  next: string;
}

const found = (category: string, pattern: RegExp, text: string) => {
  const m = pattern.exec(text);
  return m ? `${category}: ${m[0]}` : undefined;
};

/** A question (or a question answered no: "Zombie processes? None on the node."), an advice or a plan. */
function askedOrAdvised(p: NotAffirmedPatterns, a: Around): string | undefined {
  if ((a.stop === '?' || a.stop === '？') && p.answeredNo.test(a.next)) return 'denied: answered no';
  if (p.refutedNext.test(a.next)) return 'denied: refuted next';
  const asked =
    found('asked', p.askedOpening, a.sentence) ??
    found('asked', p.askedBefore, a.before) ??
    found('asked', p.askedAfter, a.after);
  if (asked) return asked;
  // An advice before the match, unless a reason stands between them ("…, because dockerd hit its limit").
  const advised = [...a.clauseBefore.matchAll(new RegExp(p.advisedBefore.source, 'g'))].at(-1);
  if (advised && !p.because.test(a.clauseBefore.slice(advised.index + advised[0].length) + a.match))
    return `advised: ${advised[0]}`;
  return found('advised', p.advisedAfter, a.after);
}

/** A past long ago, another machine or an application's own limit, another environment than the node's. */
function elsewhere(p: NotAffirmedPatterns, a: Around): string | undefined {
  const clause = a.clauseBefore + a.match + a.clauseAfter;
  // A time set off at the sentence's start ("Last year, …", "去年、…") is the whole sentence's.
  const opening = /^[^,，、]*[,，、]/.exec(a.sentence)?.[0] ?? '';
  const time = p.past.exec(opening) ?? p.pastOpening.exec(opening);
  const timeAlone = time !== null && /^[\s\dA-Za-z,，、]{0,8}$/.test(opening.replace(time[0], ''));
  return (
    (timeAlone ? `past: ${time[0]}` : undefined) ??
    found('past', p.past, clause) ??
    // "以前"/"之前" opening the sentence, said in its first clause: after a comma it is "before that" ("之前 systemd 一直不响应").
    (a.clauseBefore === a.before ? found('past', p.pastOpening, clause) : undefined) ??
    found('other subject', p.otherSubject, a.sentence) ??
    (p.theNode.test(a.sentence) ? undefined : found('other environment', p.otherEnvironment, a.sentence))
  );
}

/**
 * Round 26 (r26-weighing): a pressure condition listed Unknown is no pressure. The node lifecycle controller, when
 * neither a status nor a Lease arrives for the grace period, sets every condition the kubelet owns to Unknown with
 * reason NodeStatusUnknown and message "Kubelet stopped posting node status." (or "Kubelet never posted node
 * status.", pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).tryUpdateNodeHealth, 1.x to
 * 1.35); metav1.ConditionUnknown means the status cannot be determined (staging api core/v1 types.go
 * ConditionStatus). A person listing MemoryPressure, DiskPressure or PIDPressure as Unknown, or quoting that reason
 * or message in the sentence, names a status nobody reported, not memory, disk or PIDs short: the node cut off.
 */
const PRESSURE_NAME =
  '(?:MemoryPressure|DiskPressure|PIDPressure|[Mm]emory[ -]?[Pp]ressure|[Dd]isk[ -]?[Pp]ressure|PID[ -]?[Pp]ressure|pid[ -]?pressure|内存压力|內存壓力|磁盘压力|磁盤壓力|PID压力|PID壓力)';
const CONDITION_NAME = `(?:Ready|NetworkUnavailable|${PRESSURE_NAME})`;
/** What may stand between a listed condition's name and the status the list is given: quotes, separators, copulas. */
const LIST_FILLER =
  '(?:[`\'"*“”‘’\\s()（）:：=,，、/&|]|\\band\\b|\\bor\\b|\\ball\\b|\\bboth\\b|\\b(?:are|is|were|was|went|became|turned|show(?:s|ed|n)?|set to|status(?:es)?|conditions?|reported as|listed as)\\b|和|与|與|及|以及|均|都|全部|全都|为|為|是|变为|變為|变成|變成|显示为|顯示為|状态|狀態|条件|條件)';
const UNKNOWN_STATUS = '(?:Unknown|UNKNOWN|unknown|未知)(?![A-Za-z])';
const PRESSURE_UNKNOWN = {
  named: new RegExp(PRESSURE_NAME),
  /** The name, then more names of the list, then Unknown: "`MemoryPressure`、`DiskPressure` 均为 `Unknown`". */
  listedAfter: new RegExp(`^(?:${LIST_FILLER}|${CONDITION_NAME})*${UNKNOWN_STATUS}`),
  /** Unknown first, the list after it: "Unknown: MemoryPressure, DiskPressure", "未知的 MemoryPressure". */
  listedBefore: new RegExp(`${UNKNOWN_STATUS}(?:${LIST_FILLER}|${CONDITION_NAME}|的)*$`),
  /** The controller's reason or message in the sentence. */
  reason: /NodeStatusUnknown|[Kk]ubelet (?:stopped|never) post(?:ing|ed) (?:node )?status/,
};

/** A pressure condition's name in the match, said Unknown in its sentence (PRESSURE_UNKNOWN). */
function pressureUnknown(a: Around): string | undefined {
  // A match that says Unknown itself reads the status, not a pressure (the Ready condition listed Unknown).
  if (new RegExp(UNKNOWN_STATUS).test(a.match)) return undefined;
  const names = [...a.match.matchAll(new RegExp(PRESSURE_NAME, 'g'))];
  const last = names.at(-1);
  if (!last) return undefined;
  const first = names[0] as RegExpExecArray;
  const p = PRESSURE_UNKNOWN;
  // The reason quoted beside a condition's own name (a table or a list of conditions retold), not beside words of
  // pressure ("memory pressure froze it until NodeStatusUnknown").
  if (/(?:Memory|Disk|PID)Pressure/.test(a.match) && p.reason.test(a.sentence))
    return 'denied: condition Unknown (the node controller)';
  if (p.listedAfter.test(a.match.slice(last.index + last[0].length) + a.after))
    return 'denied: condition Unknown';
  if (p.listedBefore.test(a.before + a.match.slice(0, first.index))) return 'denied: condition Unknown';
  return undefined;
}

/** A denial in the match's own clause; after it, unless another subject stands before it ("其它服务都正常"). */
function denied(p: NotAffirmedPatterns, a: Around): string | undefined {
  const unknown = pressureUnknown(a);
  if (unknown) return unknown;
  const { clauseBefore, clauseAfter } = a;
  const after = p.deniedAfter.exec(clauseAfter);
  // "正常" right after a match that ends in "恢复" or "无法" (ENDS_BEFORE_NORMAL): a state that ended, an adverb.
  const adverb = after?.index === 0 && after[0] === '正常' && ENDS_BEFORE_NORMAL.test(a.match);
  const between = after ? clauseAfter.slice(0, after.index) : '';
  return (
    found('denied', p.deniedBefore, clauseBefore) ??
    found('denied', p.deniedAdjacent, clauseBefore) ??
    found('denied', p.deniedWithin, a.match) ??
    (after && !adverb && !p.another.test(between) ? `denied: ${after[0]}` : undefined)
  );
}

/**
 * Whether the sentence that holds a description's match (from `start` to `end` of the line) affirms it: not asked,
 * advised, planned, repaired long ago, said of another machine, or denied (NOT_AFFIRMED). Compiled on first use.
 */
export function saidAffirmed(line: string, start: number, end: number, sentence?: Bounds): boolean {
  return notAffirmedBy(line, start, end, sentence) === undefined;
}

/**
 * Which of NOT_AFFIRMED's categories keeps a match from being affirmed, and its words; undefined when none does. A
 * caller that has the sentence's bounds passes them.
 */
export function notAffirmedBy(
  line: string,
  start: number,
  end: number,
  { from, to }: Bounds = sentenceAround(line, start, end),
): string | undefined {
  notAffirmedPatterns ??= compileNotAffirmed();
  const p = notAffirmedPatterns;
  const a: Around = {
    sentence: line.slice(from, to),
    before: line.slice(from, start),
    match: line.slice(start, end),
    after: line.slice(end, to),
    stop: line.charAt(to),
    next: line.slice(to + 1),
    clauseBefore: '',
    clauseAfter: '',
  };
  let clauseFrom = 0;
  for (const brk of a.before.matchAll(CLAUSE_BREAK)) clauseFrom = brk.index + brk[0].length;
  a.clauseBefore = a.before.slice(clauseFrom);
  const nextBreak = a.after.search(CLAUSE_BREAK);
  a.clauseAfter = nextBreak < 0 ? a.after : a.after.slice(0, nextBreak);
  return askedOrAdvised(p, a) ?? elsewhere(p, a) ?? denied(p, a);
}

/** Gap between a subject and its state, forward and (shorter) backward: both orders occur, Chinese especially. */
const FORWARD_GAP = 40;
const BACKWARD_GAP = 12;
/**
 * One character of the gap, inside one sentence: a state pairs with a subject of its own sentence ("the kubelet
 * restarted. Then docker hung" is not the kubelet hanging). A full stop ends a sentence only before a space (a
 * version or a unit name, `1.6.20`, `kubelet.service`, keeps going).
 */
export const WITHIN_SENTENCE = `(?:[^\\n.${SENTENCE_STOPS}]|\\.[^ \\n])`;
/**
 * A question is not an observation ("Did containerd crash?", "Is swap enabled?", "containerd 挂了吗？"): an
 * auxiliary starting its sentence with a capital, then the sentence's question mark; in Chinese, its particle.
 */
export const QUESTION =
  '(?:Did|Does|Do|Is|Was|Were|Are|Has|Have|Could|Can|Should|Why did|Why does|Why is|How did|Any|Anyone|Anybody) [^\\n.!?。！？]{1,100}[?？]|[吗嗎][?？]|(?:有没有|有沒有|是不是|会不会|會不會|能不能)[^\\n。！？]{0,100}[?？]|(?:ですか|ますか|でしょうか|ませんか)[?？]?';

export function alternatives(terms: Terms, patterns: readonly string[] = []): string {
  // Longest first, so a phrase wins over the word inside it when both could match.
  const all = [...new Set([...terms.en, ...terms.zh])].sort((a, b) => b.length - a.length);
  return `(?:${[...all.map(term), ...patterns].join('|')})`;
}

/** Every pattern a state says itself with, besides its terms: its patterns and its verbs' forms. */
function statePatterns(state: State): { pattern: string; literals: readonly string[] }[] {
  return [...(state.patterns ?? []), ...(state.forms ?? [])];
}

/** The words of a state's finite verbs. */
function finiteWords(state: State): string[] {
  return state.finite
    ? [...state.finite.said, ...state.finite.ing, ...state.finite.base, ...(state.finite.infinitive ?? [])]
    : [];
}

/**
 * The literals of a pairing: every match holds one of its subject's terms and one of its state's (or of the
 * state's patterns' literals), so either list will do; the one whose shortest literal is longer, of those whose
 * literals are all distinctive.
 */
function descriptionLiterals(d: Description): string[] {
  const state = STATES[d.state] as State;
  const sides = [
    reduceLiterals([...SUBJECTS[d.subject].en, ...SUBJECTS[d.subject].zh]),
    reduceLiterals([
      ...state.en,
      ...state.zh,
      ...statePatterns(state).flatMap((p) => p.literals),
      ...finiteWords(state),
    ]),
  ].filter((side) => side.every(distinctive));
  const shortest = (side: readonly string[]) => Math.min(...side.map((l) => l.length));
  const [best] = sides.sort((a, b) => shortest(b) - shortest(a));
  if (!best) throw new Error(`descriptions: ${d.subject} × ${d.state} has no distinctive literals`);
  return best;
}

/** Words of a noun phrase before its noun: what may stand between a verb and the subject that is its object. */
const DETERMINERS = [
  'the',
  'a',
  'an',
  'any',
  'all',
  'one',
  'some',
  'several',
  'two',
  'three',
  'of',
  'these',
  'those',
  'that',
  'this',
  'our',
  'my',
  'their',
  'its',
  'affected',
  'failing',
  'bad',
  'broken',
  'problem',
  'problematic',
  'NotReady',
  'unhealthy',
  'worker',
  'new',
  'other',
  'remaining',
  'same',
  'EC2',
  'Kubernetes',
  'k8s',
];

/**
 * A finite verb right after its subject (see Finite): adverbs, a perfect's auxiliary or a contraction between, and
 * for a bare verb a plural subject or a modal before it. A name may follow the subject's noun ("node-3 rebooted").
 */
function finitePattern(subject: Terms, finite: Finite): string {
  const all = alternatives(subject);
  const plural = subject.en.filter(isPlural);
  const contraction = anyOf(CONTRACTIONS);
  const between = (words: readonly string[]) => `(?:${contraction}|,? ${anyOf(words)})`;
  // A form with no words is left out: an empty alternative would read the subject alone.
  const forms = [
    finite.said.length && `${all}${NAME}${between([...ADVERBS, ...PERFECT])}{0,3} ${anyOf(finite.said)}`,
    finite.ing.length &&
      `${all}${NAME}${between([...ADVERBS, ...PERFECT, ...PROGRESSIVE])}{0,3} ${anyOf(finite.ing)}`,
    finite.base.length &&
      `${all}${NAME}${between(ADVERBS)}{0,2}(?:'ll|’ll|,? ${anyOf(MODALS)})${between(ADVERBS)}{0,2} ${anyOf(finite.base)}`,
    finite.infinitive?.length && `${all}${NAME}${between(ADVERBS)}{0,2} ${anyOf(finite.infinitive)}`,
  ].filter((f): f is string => typeof f === 'string');
  if (plural.length && finite.base.length)
    forms.push(`${anyOf(plural)}${NAME}${between(ADVERBS)}{0,3} ${anyOf(finite.base)}`);
  return forms.join('|');
}

function compile(d: Description): Signature {
  const subject = alternatives(SUBJECTS[d.subject]);
  const state = STATES[d.state] as State;
  const said = alternatives(
    state,
    statePatterns(state).map((p) => p.pattern),
  );
  const subjectTerms: SubjectTerms = SUBJECTS[d.subject];
  const forward = `${subject}${WITHIN_SENTENCE}{0,${d.forwardGap ?? FORWARD_GAP}}${said}`;
  // What sets the line apart (a subject that is not the node, a plan or a runbook, a more specific rule's words),
  // and what makes one sentence no observation (MOOD: a hedge, an advice, the state denied), read in that sentence.
  const unless = [NOT_THE_NODE, notMood(PLANNING), notMood(d.unless ?? []), subjectTerms.not ?? []].flat();
  const mood = [state.denied.en, state.denied.zh, MOOD.en, MOOD.zh]
    .flat()
    .filter((w) => !(d.spares ?? []).includes(w));
  const backward = d.objectOf
    ? `${said}(?: ${anyOf(DETERMINERS)}){0,4} ${subject}`
    : `${said}${WITHIN_SENTENCE}{0,${d.backwardGap ?? BACKWARD_GAP}}${subject}`;
  const orders = d.subjectFirst ? [forward] : d.stateFirst ? [backward] : [forward, backward];
  if (state.finite && !d.stateFirst) orders.push(finitePattern(SUBJECTS[d.subject], state.finite));
  return {
    fact: d.fact,
    pattern: orders.join('|'),
    literals: descriptionLiterals(d),
    unless: alternatives({ en: unless, zh: [] }, [...(d.unlessPatterns ?? [])]),
    unlessSaid: alternatives({ en: mood, zh: [] }, [
      QUESTION,
      // The subject and its state both inside the supposition ("if docker hangs again"), not a subject named in a
      // later sentence's plan ("If we ssh in and start docker …").
      `${SUPPOSED}${WITHIN_SENTENCE}{0,60}${forward}`,
      // A spared hedge before the subject is still the sentence's supposition ("if the kubelet crashes only on …").
      ...(d.spares ?? []).map(
        (w) => `${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${WITHIN_SENTENCE}{0,60}${forward}`,
      ),
      // The state denied where it is said: "memory wasn't exhausted", "内存没有打满", "docker never hung".
      `${NEGATED_STATE} ?${said}`,
      ...(subjectTerms.namesHolding ?? []),
    ]),
    observation: true,
    prose: true,
    ...(state.ended ? { ended: true } : {}),
    ...(d.specific ? { specific: d.specific } : {}),
    source: d.source,
    mechanism: d.mechanism,
  };
}

/** The grammar as signatures, in the order of DESCRIPTIONS. */
export const DESCRIPTION_RULES: readonly Signature[] = DESCRIPTIONS.map(compile);
