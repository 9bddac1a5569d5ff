import type { FactId } from '../facts.ts';
import {
  ADVICE,
  alternatives,
  KUBELET_LOG_QUOTES,
  MOOD,
  NOT_THE_NODE,
  notMood,
  PLANNING,
  QUESTION,
  RESOLVED,
  SUPPOSED,
  type Terms,
  WITHIN_SENTENCE,
} from './descriptions.ts';
import { distinctive, reduceLiterals } from './literals.ts';
import type { Signature } from './types.ts';

/**
 * Mentions: the words people use that carry a mechanism by themselves ("the OOM killer", "too many open files",
 * "僵尸进程", "D状態"), or a thing and what it is in anywhere in one sentence ("inotify" … "ran out", "句柄" … "打满",
 * "IOPS" … "maxed"), in English, Chinese and Japanese. The description grammar (descriptions.ts) pairs a subject and
 * a state at a tight distance, in forms written from earlier reports; a mention needs no such form, so a sentence
 * written any other way is still read. What a sentence says around it decides whether it is affirmed: the grammar's
 * own hedges, advice, questions and repairs (one list each, descriptions.ts), and here the denials ("no OOM",
 * "ゾンビプロセスはありませんでした", "网络正常") and the subjects that are not the node (a laptop, CI, an app's own limit).
 *
 * Mentions compile into observation signatures read only in prose, like the grammar's: they weigh below the
 * programs' messages, and a description alone never reaches a confident answer (rank.ts).
 */

/** Words in English (either case of the first letter), Chinese and Japanese. */
interface Words {
  en: readonly string[];
  zh?: readonly string[];
  ja?: readonly string[];
}

/** A pattern the words cannot say (a number over a threshold), with the literals every match holds. */
interface Form {
  pattern: string;
  literals: readonly string[];
}

interface Mention {
  fact: FactId;
  /** Words that carry the mechanism alone. */
  says?: Words;
  /** A thing, and the state it is said to be in: both in one sentence, in either order. */
  thing?: Words;
  state?: Words;
  /** How far apart the thing and its state may be (SENTENCE_SPAN), and whether the thing must come first. */
  span?: number;
  thingFirst?: boolean;
  /** The state is that the thing is fine (other agents reach the API server): "normal" after it is no denial. */
  fineIsTheState?: boolean;
  /** Patterns for what words do not say (counts and percentages over a threshold). */
  forms?: readonly Form[];
  /** Words that, on the same line, mean the line is about something else. */
  unless?: readonly string[];
  /**
   * Why these words name the mechanism outright and specifically, when they do (Signature.specific): a kernel or
   * program limit reached, a process state, a count or measurement over a threshold, a call that does not return.
   * A thing's vague state (a daemon down, the network lost, CPU high, a plugin not ready) has none: such states
   * come from many causes, so a description of one alone stays a question.
   */
  specific?: string;
  /** Where the words' meaning comes from (a man page, a kernel document, the program's documentation). */
  source: string;
  mechanism: string;
}

const terms = (w: Words): Terms => ({ en: w.en, zh: [...(w.zh ?? []), ...(w.ja ?? [])] });
const all = (w: Words | undefined): string[] => (w ? [...w.en, ...(w.zh ?? []), ...(w.ja ?? [])] : []);

/** One character inside a clause: a sentence's character that is not a comma (WITHIN_SENTENCE, descriptions.ts). */
const WITHIN_CLAUSE = '(?:[^\\n.;!?。；！？,，、]|\\.[^ \\n])';

/** How far apart in one sentence a thing and its state may be. */
const SENTENCE_SPAN = 90;

/** A number at or above a threshold, as people write counts: 700, 6000+, 3k, 3,000. */
const AT_LEAST_200 = '(?:[2-9][0-9]{2}|[1-9][0-9]{3,}|[1-9][0-9]?[kK]|[1-9],[0-9]{3})\\+?';
const AT_LEAST_500 = '(?:[5-9][0-9]{2}|[1-9][0-9]{3,}|[1-9][0-9]?[kK]|[1-9],[0-9]{3})\\+?';
/** Chinese and Japanese thousands: 几千, 三千多, 数千, 上千. */
const CJK_THOUSANDS = '(?:[一二两三四五六七八九几幾数數上好]+千|千)[多余]?';
/** A share at or above 80 %. */
const HIGH_PERCENT = '(?:[89][0-9]|100)(?:\\.[0-9]+)? ?[%％]';
/** Every digit followed by the word: the literals of a number's pattern. */
const afterDigits = (word: string) =>
  ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'k', '+'].map((d) => `${d}${word}`);

/** Adjacent words that deny the mention after them: "no OOM", "没有 OOM", "without any zombies". */
const DENY_BEFORE = [
  'no ',
  'No ',
  // A message quoted as absent: "no 'blocked for more than 120 seconds' messages".
  "no '",
  'no "',
  'no “',
  'without ',
  'without any ',
  'zero ',
  'never any ',
  'not a single ',
  'no sign of ',
  'no signs of ',
  'not ',
  "n't ",
  'did not see ',
  'did not see any ',
  "didn't see ",
  "didn't see any ",
  'never saw ',
  'never saw any ',
  'no processes in ',
  'no process in ',
  'no tasks in ',
  '没有',
  '沒有',
  '没有任何',
  '没看到',
  '没有看到',
  '未见',
  '未發現',
  '未发现',
  '无',
  '無',
];
/** Words right before a state that deny it. */
const STATE_DENIED = [
  'nothing',
  'not',
  "n't",
  'never',
  'not yet',
  'never been',
  'not been',
  '没有',
  '沒有',
  '没',
  '未',
  '不是',
];
/** Words after a mention, in its sentence, that say it was looked for and not there or was fine. */
const DENY_AFTER = [
  ' is fine',
  ' was fine',
  ' were fine',
  ' looked fine',
  ' looks fine',
  ' was normal',
  ' is normal',
  ' were normal',
  ' looked normal',
  ' was ok',
  ' was OK',
  ' is ok',
  ' without issue',
  ' without any issue',
  ' nothing alarming',
  ' not the problem',
  ' not the issue',
  ' ruled out',
  // The mechanism said never to have acted: "the OOM killer never ran", "OOM never kicked in".
  ' never ran',
  ' never fired',
  ' never triggered',
  ' never kicked in',
  ' never ran once',
  " didn't fire",
  ' did not fire',
  " didn't kick in",
  ' did not kick in',
  ' never happened',
  ' never occurred',
  '从未触发',
  '没有触发',
  '沒有觸發',
  '正常',
  '没问题',
  '沒問題',
  '没有问题',
  '沒有問題',
  '不是问题',
  'はありません',
  'はありませんでした',
  'もありません',
  'はなかった',
  'もなかった',
  'は出ていません',
  'も出ていません',
  'は見当たりません',
  '問題な',
  '問題はな',
];
/**
 * Words earlier in a mention's sentence that deny it from a distance: "None of the processes were in D state",
 * "nothing in D state", "ruled out …", "没有发现任何 …", "排除了 …".
 */
const DENIED_EARLIER = [
  'None of',
  'none of',
  'nothing in',
  'Nothing in',
  'ruled out',
  'rule out',
  'zero tasks',
  'zero processes',
  '没有发现',
  '沒有發現',
  '没有任何',
  '沒有任何',
  '排除了',
  // A search named, not its finding: "I checked ps for both Z and D states".
  'checked ps for',
  'checked for',
  'looked for',
  'searched for',
  'grepped for',
];
/** Words before a message or a count that say it was never seen. */
const NEVER_SEEN = [
  'never saw',
  'never seen',
  'did not see',
  "didn't see",
  'have not seen',
  "haven't seen",
  'no sign of',
  'no ',
  'No ',
  '没有看到',
  '没看到',
  '没有出现',
  '沒有出現',
  '只有',
  'only',
];
/** Words later in a mention's sentence that say it was looked for and not found. */
/** Japanese negative endings after a state that is a verb: "タイムアウトしませんでした", "固まっていません". */
const JA_NOT_AFTER = [
  'しませんでした',
  'していません',
  'ていませんでした',
  'ことはありません',
  'ことはなかった',
];
const NOT_FOUND_LATER = [
  'found none',
  'none found',
  'found nothing',
  'came up empty',
  'were ruled out',
  'was ruled out',
];

/** Repairs said in Japanese (the grammar's RESOLVED is English and Chinese). */
const JA_RESOLVED = ['修正済み', '修正しました', '解決済み', '解決しました', '直しました'];

/**
 * Round 22 (r22-below-runtime): Japanese verbs' negative forms, from the language's conjugation, as the prefixes every
 * form of them starts with. A suru-verb (疎通する, 到達する, 応答する) negates as しな- (しない, しなかった, and the
 * "came to be" forms しなくなる, しなくなった, しなくなりました, しなくなって) or, polite, しませ- (しません,
 * しませんでした); its potential as できな- / できませ- / できず. A godan verb negates on its a-stem (繋がる → 繋がら-:
 * 繋がらない, 繋がらなくなった, 繋がらず) and is polite on its i-stem (繋がり- → 繋がりません). The prefixes stop
 * before the ending, so the plain, past, polite and "came to be" forms are all one word each.
 */
const jaSuruNegatives = (noun: string, potential = false): string[] =>
  potential
    ? [`${noun}できな`, `${noun}できませ`, `${noun}できず`]
    : [`${noun}しな`, `${noun}しませ`, `${noun}せず`];
const jaGodanNegatives = (aStem: string, iStem: string): string[] => [
  `${aStem}な`,
  `${aStem}ず`,
  `${iStem}ませ`,
];

/** A count said of the whole cluster, not of one node. */
const CLUSTER_WIDE = [
  'across',
  'in the cluster',
  'cluster has',
  'cluster-wide',
  'clusterwide',
  'whole cluster',
  'in total',
  '整个集群',
  '集群里',
  '集群中',
  '集群总共',
  'クラスタ全体',
  'クラスター全体',
];

/** A sentence that ends in a question mark, in any language. */
const ASKED = `${WITHIN_SENTENCE}{0,200}[?？]`;

// ---------------------------------------------------------------------------------------------------------------
// The states things are said to be in.

/** A limit reached, a resource used up. */
const EXHAUSTED: Words = {
  en: [
    'ran out',
    'run out',
    'runs out',
    'running out',
    'exhausted',
    'exhaustion',
    'used up',
    'ate up',
    'eaten up',
    'maxed out',
    'hit the limit',
    'hit its limit',
    'hit the max',
    'at the limit',
    'at its limit',
    'reached the limit',
    'reached its limit',
    'reached the max',
    'limit reached',
    'limit was reached',
    'hit max',
    'We hit',
    'we hit',
    'hitting',
  ],
  zh: [
    '耗尽',
    '耗盡',
    '用光',
    '用完',
    '用尽',
    '打满',
    '打滿',
    '占满',
    '佔滿',
    '满了',
    '滿了',
    '到上限',
    '达到上限',
    '到了上限',
    '上限了',
    '不够用',
    '不夠用',
    '爆了',
  ],
  ja: ['枯渇', '上限に達', '上限に張り付', '張り付', '使い切', '足りな', '不足'],
};
/** Leaks: a count that only grows. */
const LEAKING: Words = {
  en: ['leak', 'leaking', 'leaked', 'keeps growing', 'kept growing', 'kept climbing', 'keeps climbing'],
  zh: ['泄漏', '泄露', '洩漏', '一直涨', '每天在涨', '不断增长', '持续增长'],
  ja: ['リーク', '増え続け'],
};
/** A call or command that does not come back. */
const NOT_ANSWERING: Words = {
  en: [
    'timed out',
    'timing out',
    'times out',
    'timeout',
    'hangs',
    'hung',
    'hanging',
    'stuck',
    'froze',
    'frozen',
    'freezing',
    'never returned',
    'never returns',
    'never came back',
    'never comes back',
    'sat there',
    'not answered',
    "weren't answered",
    "wasn't answered",
    'no reply',
    'not responding',
    'unresponsive',
    'stopped responding',
    'did not respond',
    "didn't respond",
    'super slow',
    'took minutes',
  ],
  zh: [
    '超时',
    '超時',
    '卡住',
    '卡死',
    '一直卡',
    '卡那儿',
    '卡那兒',
    '卡在那儿',
    '卡在那裡',
    '卡在那里',
    '没反应',
    '沒反應',
    '没有响应',
    '沒有響應',
    '无响应',
    '無響應',
    '不响应',
    '不響應',
    '不返回',
  ],
  ja: ['タイムアウト', '固ま', '応答がな', '応答しな', '返ってこな', '返ってこず', '返ってきませ', '無応答'],
};
/** A daemon or agent that died, will not start, or keeps restarting. */
const DOWN: Words = {
  en: [
    'crashed',
    'crashes',
    'crashing',
    'crash loop',
    'crash-loop',
    'crashloop',
    'CrashLoopBackOff',
    'restart loop',
    'died',
    'dead',
    'panicked',
    'panic',
    'went down',
    'is down',
    'was down',
    'not running',
    "wasn't running",
    'not started',
    "wouldn't start",
    "won't start",
    'would not start',
    'failed to start',
    'fails to start',
    'refused to start',
    'never came up',
    'never became ready',
    'not ready',
    'not-ready',
    'NotReady',
    'gave up restarting',
    'kept restarting',
    'keeps restarting',
    'exiting',
    'exited',
    'in failed state',
    'failed with exit',
    'killed',
  ],
  zh: [
    '挂了',
    '掛了',
    '挂掉',
    '崩溃',
    '崩潰',
    '起不来',
    '起不來',
    '没起来',
    '沒起來',
    '启动失败',
    '啟動失敗',
    '一直重启',
    '不断重启',
    '反复重启',
    '反复退出',
    '反復退出',
    '不断退出',
    '放弃重启',
    '未就绪',
    '未就緒',
    '不可用',
    '死了',
    '没了',
  ],
  ja: [
    '落ち',
    '起動していな',
    '起動しませ',
    '起動しな',
    '起動失敗',
    '停止して',
    '止まって',
    'failed状態',
    '再起動を諦め',
    '再起動を繰り返',
  ],
};

// ---------------------------------------------------------------------------------------------------------------

export const MENTIONS: readonly Mention[] = [
  // Round 23: the kubelet's dead HTTP/2 connection to the API server, as people quote Go's error in words ("use of
  // closed network connection", net.ErrClosed) beside the node or its kubelet: the write on a connection that is
  // already closed, which client-go reuses until the health check (kubernetes #95981) or a restart drops it.
  {
    fact: 'kubelet.stale_conn',
    thing: {
      en: [
        'use of closed network connection',
        'use of closed connection',
        'Use of Closed Connection',
        'Use of Closed Network Connection',
        'closed network connection',
      ],
      zh: ['use of closed network connection', '使用已关闭的网络连接', '使用了已关闭的连接'],
    },
    state: {
      en: [
        'kubelet',
        'join',
        'joining',
        'adding node',
        'adding a node',
        'NotReady',
        'Not Ready',
        'node status',
        'lease',
      ],
      zh: ['kubelet', '节点', '加入集群', 'NotReady'],
      ja: ['kubelet', 'ノード'],
    },
    span: 90,
    unless: ['etcdctl', 'websocket', 'kubectl port-forward', 'port-forward'],
    source:
      'go net/net.go ErrClosed ("use of closed network connection") and golang.org/x/net/http2 transport, on the kubelet\'s API-server client: client-go before the HTTP/2 health check (kubernetes #95981, 1.20.0, 1.19.5 and 1.18.18) keeps a dead connection',
    mechanism:
      'the kubelet keeps multiplexing its API requests (registration, status, Lease) on an HTTP/2 connection that is already closed; nothing drops it before the health check, so the node stays cut off until the kubelet is restarted',
  },
  // Round 23: the kubelet's lookup of its own addresses in the cloud provider, told in prose: the cloud's API (or its
  // metadata service) unavailable, throttling or finding no instance while the kubelets ask it for the node's
  // addresses. The kubelet's setNodeAddress calls the provider before each status post (kubelet_node_status.go).
  {
    fact: 'kubelet.cloud_lookup_failed',
    thing: {
      en: [
        'poll the cloud provider',
        'polls the cloud provider',
        'polled the cloud provider',
        'query the cloud provider',
        'queries the cloud provider',
        'ask the cloud provider',
        'asks the cloud provider',
        'from the cloud provider',
        'cloud provider API',
        "cloud provider's API",
        "cloud's API",
        'cloud API',
        'OpenStack API',
        'instance metadata service',
      ],
      zh: [
        '云厂商API',
        '云厂商 API',
        '云平台API',
        '云平台 API',
        '云API',
        '云 API',
        'OpenStack API',
        '元数据服务',
        'cloud provider',
      ],
      ja: ['クラウドAPI', 'クラウドプロバイダ'],
    },
    state: {
      en: [
        'node addresses',
        "node's addresses",
        'node address',
        'IP addresses',
        'interface information',
        'network/IP',
        'instance not found',
        'no instance',
      ],
      zh: ['节点地址', '节点IP', '节点 IP', '节点的地址', '实例不存在', '找不到实例'],
      ja: ['ノードのアドレス', 'インスタンスが見つから'],
    },
    span: 90,
    unless: ['load balancer', 'LoadBalancer', 'loadbalancer', '负载均衡', 'Service type'],
    source:
      "kubernetes pkg/kubelet/kubelet_node_status.go setNodeAddress (kubelet.go before 1.6; cloudresource/cloud_request_manager.go 1.12-1.30): with an in-tree cloud provider the kubelet asks the provider for the node's addresses before each status update, and to 1.7 fails the update when it fails",
    mechanism:
      "the kubelets' lookup of their addresses in the cloud provider fails while its API is away, throttling or finds no instance: their status updates fail on it, and the nodes go NotReady while they and the API server are fine",
  },
  // Round 25: the kubelet failing on an instance with no public address, in words. The in-tree cloud providers'
  // NodeAddresses (AWS's public-ipv4, its instance's PublicIpAddress) failed or dereferenced nil without one, and
  // the kubelet calls it to register and before each status update.
  {
    fact: 'kubelet.cloud_lookup_failed',
    thing: {
      en: [
        "doesn't have a public IP",
        'does not have a public IP',
        "don't have a public IP",
        'do not have a public IP',
        'has no public IP',
        'have no public IP',
        'without a public IP',
        'without public IP',
        'no public IP',
        'without a public address',
        'no public address',
        'without an external IP',
        'no external IP',
        'no public-ipv4',
      ],
      zh: ['没有公网IP', '没有公网 IP', '无公网IP', '无公网 IP'],
      ja: ['パブリックIPがない', 'パブリックIPなし'],
    },
    state: {
      en: [
        'kubelet crashes',
        'kubelet crashed',
        'kubelet panics',
        'kubelet panicked',
        'kubelet errs out',
        'kubelet fails',
        'kubelet failed',
        'crashes on',
        'panics on',
        'fails to join',
        'failed to join',
        'never joins',
        'never joined',
        'never registers',
        'never registered',
        'failed to get node address',
      ],
      zh: ['kubelet崩溃', 'kubelet 崩溃', '无法加入', '注册失败'],
      ja: ['kubeletがクラッシュ', '参加できない'],
    },
    span: 90,
    source:
      "kubernetes pkg/cloudprovider/aws/aws.go NodeAddresses (v0.18: the instance's PublicIpAddress dereferenced, #9123 / #9189; 1.2 pre-releases: public-ipv4 metadata required, #20280 / #20372) called by the kubelet's registration and setNodeAddress",
    mechanism:
      "the cloud provider's lookup of the node's addresses fails on an instance with no public address, and the kubelet, which asks it to register and before each status update, crashes or cannot build its Node",
  },
  // Round 23: the kubelet created against a runtime that was not up (or shutting down) at its start and never
  // recovering, in words: releases before 1.0 log the failed creation and stay alive without a kubelet.
  {
    fact: 'kubelet.create_no_retry',
    thing: {
      en: [
        'before docker',
        'before Docker',
        'before the runtime',
        'before the container runtime',
        'before containerd',
        'docker was not ready',
        'docker was not yet',
        'docker is not yet',
        'runtime was not ready',
        'runtime was not yet',
        'engine is shutdown',
        'engine was shutting down',
        'Failed to create kubelet',
      ],
      zh: [
        'docker还没',
        'docker 还没',
        'docker还未',
        '运行时还没',
        '容器运行时还未',
        '在docker之前',
        '在 docker 之前',
      ],
      ja: ['dockerより先に', 'Dockerより先に', 'ランタイムより先に'],
    },
    state: {
      en: [
        'never recovers',
        'never recovered',
        'never retries',
        'never retried',
        'does not retry',
        "doesn't retry",
        'did not retry',
        "didn't retry",
        'without retrying',
        'keeps running but',
      ],
      zh: ['不会重试', '没有重试', '不重试', '一直没有恢复', '再也没有恢复'],
      ja: ['リトライしない', '再試行しない', '回復しない'],
    },
    span: 120,
    source:
      'kubernetes cmd/kubelet/app/server.go RunKubelet before 1.0 (glog.Errorf("Failed to create kubelet: %s") and return, the process left blocking in Run), kubernetes #5092 and #7762',
    mechanism:
      'the kubelet failed to create itself while the runtime was not up (or shutting down) and never retried: the node stays down after the runtime is back, until the kubelet is restarted',
  },
  // Round 23: a pod force-deleted, and the node's kubelet then not starting new pods until it is restarted, in words:
  // the kubelet's pod workers and its view of the runtime kept the orphaned pod's state.
  {
    fact: 'kubelet.pod_state_stale',
    thing: {
      en: [
        'force-deleted',
        'force deleted',
        'forcibly deleted',
        'force-delete',
        'force delete',
        '--grace-period=0',
      ],
      zh: ['强制删除', '強制删除'],
      ja: ['強制削除'],
    },
    state: {
      en: [
        'until the kubelet was restarted',
        'until the kubelet is restarted',
        'until we restarted the kubelet',
        'until I restarted the kubelet',
        'only restarting the kubelet',
        'only a kubelet restart',
        'restarting the kubelet fixed',
        'kubelet restart fixed',
      ],
      zh: ['重启kubelet后才', '重启 kubelet 后才', '只有重启kubelet', '只能重启kubelet'],
      ja: ['kubeletを再起動するまで', 'kubelet を再起動するまで'],
    },
    span: 160,
    unless: ["didn't help", 'did not help', 'no effect', '没用', '无效'],
    source:
      "kubernetes pkg/kubelet/pod_workers.go (the pod workers' per-UID state kept until a pod finishes terminating) and kubelet_pods.go HandlePodCleanups; a pod force-deleted from the API server (kubectl delete --force --grace-period=0) leaves its termination to the kubelet, which a restart rebuilds from the runtime and the API server",
    mechanism:
      "after a forced deletion the kubelet kept the orphaned pod's state and stopped acting on new pods on the node; only its restart rebuilt that state",
  },
  {
    fact: 'mem.oom',
    specific:
      "the kernel's OOM killer has one meaning: memory could not be reclaimed and the kernel killed a process",
    says: {
      en: [
        'OOM killer',
        'OOM-killer',
        'oom-killer',
        'oom killer',
        'oom_kill',
        'OOM kill',
        'OOM-kill',
        'out of memory',
        'Out of memory',
        ' OOM ',
        ' OOMs',
        ' OOM,',
        ' OOM.',
      ],
      zh: ['内存溢出', 'OOM了', 'OOM 了', '触发 OOM', '触发了 OOM', '觸發 OOM'],
      ja: ['OOMキラー', 'OOM killerが', 'OOMが'],
    },
    // An application's own limit or heap is its own OOM, not the node's.
    unless: [
      // A workload's own container.
      'its container',
      'java',
      'Java',
      'OOMKilled',
      'own limit',
      'its limit',
      'own memory limit',
      'container limit',
      'OutOfMemoryError',
      'heap space',
      // An OOM a named leak led to: the leak is what to find (the grammar reads it).
      'memory growing',
      'memory grows',
      'memory leak',
      'leaking memory',
      '内存泄漏',
      '内存泄露',
      'メモリリーク',
      // An application's own OOM.
      'the app',
      "application's",
      '应用',
      '應用',
      'アプリ',
      // A container's own process: its cgroup's OOM, not the node's.
      'process inside',
      'inside the container',
      'in the container',
      '容器内',
      'コンテナ内',
      'Java heap',
      '自分のlimit',
      '自己的 limit',
      '自己的limit',
    ],
    source:
      "the kernel's OOM killer (Documentation/admin-guide/mm/concepts.rst, 'OOM killer'; mm/oom_kill.c out_of_memory): when memory cannot be reclaimed the kernel picks a process and kills it; people name it 'the OOM killer', 'out of memory', 'OOM'",
    mechanism: 'the node ran out of memory and the kernel killed processes to free it',
  },
  // Round 18: every pod's sandbox said to take minutes at the runtime. The kubelet's RunPodSandbox waits up to its
  // runtime-request-timeout (2 min, then DeadlineExceeded); the runtime's create does the same work for every pod
  // (containerd CRI sandbox_run.go RunPodSandbox: the sandbox image's snapshot prepared and mounted on the runtime's
  // disk, the shim and runc started, the network set up; cri-o server/sandbox_run_linux.go alike). Slow for every
  // pod, it is the runtime's path (often its disk), not one wedged shim: a runtime unable to run containers, and the
  // words of a slow disk beside it say resource starvation.
  {
    fact: 'runtime.start_timeouts_spread',
    forms: [
      {
        pattern: `(?:[Pp]od sandbox(?:es)?|[Ss]andbox(?:es)?|RunPodSandbox|[Pp]ause containers?)${WITHIN_SENTENCE}{0,60}(?:takes?|took|taking|needs?|needed)${WITHIN_SENTENCE}{0,16}(?:minutes|[2-9] ?min|[1-9][0-9] ?min)${WITHIN_SENTENCE}{0,60}(?:every|each|all|any|many|all the|new) (?:new )?(?:pods?|sandbox(?:es)?)`,
        literals: ['sandbox', 'pause container'],
      },
      {
        pattern: `(?:[Ee]very|[Ee]ach|[Aa]ll|[Mm]any|[Aa]ny) (?:new )?(?:pod's|pods'|pod|pods)${WITHIN_SENTENCE}{0,30}(?:sandbox(?:es)?|RunPodSandbox|pause containers?)${WITHIN_SENTENCE}{0,40}(?:takes?|took|taking|needs?|needed)${WITHIN_SENTENCE}{0,16}(?:minutes|[2-9] ?min|[1-9][0-9] ?min)`,
        literals: ['sandbox', 'pause container'],
      },
      {
        pattern: `(?:takes?|took|taking|needs?|needed) (?:several |a few |many |[2-9] |[1-9][0-9] )?minutes to (?:create|start|set up|run) (?:each|every|any|all|all the) (?:new )?(?:pod )?(?:sandbox(?:es)?|pause containers?)`,
        literals: ['minutes to create', 'minutes to start', 'minutes to set up', 'minutes to run'],
      },
      {
        pattern: `RunPodSandbox${WITHIN_SENTENCE}{0,80}(?:DeadlineExceeded|deadline exceeded|timed out|times out)${WITHIN_SENTENCE}{0,60}(?:every|each|all|many|dozens of|[1-9][0-9]+) (?:new |different |distinct )?(?:pods|sandboxes)`,
        literals: ['RunPodSandbox'],
      },
      {
        pattern: `(?:创建|建立)? ?(?:sandbox|沙箱|pause ?容器)${WITHIN_SENTENCE}{0,20}(?:要|需要|花了|用了)?(?:好几|几|數|数)分钟${WITHIN_SENTENCE}{0,40}(?:所有|每个|全部)`,
        literals: ['sandbox', '沙箱', 'pause'],
      },
    ],
    unless: ['one pod', 'a single pod', 'only one', 'that pod', '一个 pod', '一个pod'],
    source:
      "the kubelet's CRI client (pkg/kubelet/cri/remote remote_runtime.go RunPodSandbox, bounded by --runtime-request-timeout, 2 min) and the runtimes' sandbox creation (containerd CRI sandbox_run.go RunPodSandbox: the sandbox image's snapshot, the shim, runc and the network; cri-o server/sandbox_run_linux.go): a create slow for every pod is the runtime's own path, not one container",
    mechanism:
      'the runtime takes minutes over every sandbox it creates (its disk under the snapshots, its shim and runc starts): no pod can start on the node, whichever container it is',
  },
  // Round 21: filesystem commands that do not return. df(1) calls statfs(2) on every mounted filesystem and du(1)
  // and ls(1) walk one with stat(2)/getdents(2): on a mount whose storage does not answer (an NFS hard mount, a
  // CephFS or an RBD-backed filesystem whose cluster is gone, an iSCSI LUN with no path) the call sleeps in the
  // kernel, uninterruptibly, until the storage answers. Said to hang, they are the same stall the kubelet's own
  // statfs and the runtime's calls on that mount wait in (the kubelet's cadvisor and volume stats call statfs too).
  // Without look-behind (the log-scan bench hands every pattern to ripgrep too), a command word inside another
  // ("pdf", "fails") is kept out by a character before it, or, at the start of a line, by what must follow it (a
  // flag, a path, "on", "command").
  {
    fact: 'kernel.storage_stall',
    specific:
      'df, du or ls that never return are statfs/stat calls asleep in the kernel on a mount whose storage does not answer',
    forms: [
      {
        pattern: `(?:[^A-Za-z0-9_./-]\`?(?:df|du|ls)[^A-Za-z0-9_-]|(?:df|du|ls)(?: -[A-Za-z]{1,4}| /| on | command))(?: -[A-Za-z]{1,4})?(?: /[^ \\n\`]{1,40})?\`?(?: (?:or|and|/) \`?(?:df|du|ls)[^A-Za-z0-9_-](?: -[A-Za-z]{1,4})?\`?)?(?: (?:commands?|calls?))?${WITHIN_SENTENCE}{0,30}(?:hangs|hung|hanging|hang|stuck|freezes|froze|frozen|(?:never|not|doesn't|does not|didn't|did not|won't|wouldn't|would not|no longer) (?:return|returns|returned|returning|complete|completes|completed|finish|finishes|finished)|blocks? forever|waits? forever|never ends?)`,
        literals: [
          'hang',
          'hung',
          'stuck',
          'freez',
          'froze',
          'return',
          'complete',
          'finish',
          'forever',
          'never end',
        ],
      },
      {
        pattern: `(?:hangs|hung|hanging|stuck|freezes|froze|blocks|blocked) (?:on|at|in|when running|running|executing|when executing|when I run|when we run) \`?(?:df|du|ls)(?: -[A-Za-z]{1,4})?\`?[^A-Za-z0-9_-]`,
        literals: ['hang', 'hung', 'stuck', 'freez', 'froze', 'block'],
      },
      {
        pattern: `(?:[^A-Za-z0-9_./-]\`?(?:df|du|ls)[^A-Za-z0-9_-]|(?:df|du|ls)(?: |命令))(?: -[A-Za-z]{1,4})?\`?(?: ?命令)?(?:[^\\n。；！？]{0,12})?(?:卡住|卡死|hang住|夯住|没有返回|沒有返回|没返回|沒返回|不返回|无响应|無響應|没有响应|沒有響應|卡着不动|卡著不動|卡着|卡著|一直卡)`,
        literals: ['卡住', '卡死', 'hang住', '夯住', '返回', '响应', '響應', '卡着', '卡著', '一直卡'],
      },
    ],
    unless: [
      // A runtime's or a tool's own list subcommand (ctr tasks ls, docker image ls, docker system df) is that program
      // answering slowly, not a mount that does not answer.
      'tasks ls',
      'image ls',
      'images ls',
      'container ls',
      'containers ls',
      'snapshot ls',
      'snapshots ls',
      'namespace ls',
      'namespaces ls',
      'volume ls',
      'volumes ls',
      'network ls',
      'system df',
      'ip link ls',
      'ip addr ls',
      'ctr ls',
      'crictl ls',
      'nerdctl ls',
      'podman ls',
      // A directory listing slow under many files is the listing's own cost, not a mount that does not answer.
      'many files',
      'million files',
      'millions of files',
      'slow',
      // The node's whole shell is the node (node.unresponsive), not one mount.
      'every command',
      'any command',
      'all commands',
    ],
    source:
      'df(1) (statfs(2) on every mounted filesystem), du(1) and ls(1) (stat(2), getdents(2)), and nfs(5) "hard" mounts: a call on a mount whose server does not answer retries without end, the caller in uninterruptible sleep (D state); the same holds for CephFS and RBD-backed filesystems while their cluster does not answer (libceph retries its monitors and OSDs)',
    mechanism:
      'a filesystem command on a mounted volume sleeps in the kernel waiting for a storage that does not answer: the kubelet and the runtime, whose calls touch the same mounts (statfs for volume stats, the container rootfs and its mounts), wait as long',
  },
  // Round 21: a device busy with nothing moving. iostat(1)'s %util is the share of time the device had requests in
  // flight (/proc/diskstats field 10, io_ticks), r/s and w/s the requests completed: at 100 % with none completing,
  // requests are outstanding and never finish, and the tasks waiting on them count as iowait and in the load. That is
  // a stall below the filesystem (a network block device whose servers are gone, a deadlock in its path), not demand.
  {
    fact: 'kernel.storage_stall',
    specific:
      "a device at 100 % utilisation completing no I/O has requests outstanding that never finish (iostat's %util against r/s and w/s)",
    forms: [
      {
        pattern: `(?:100 ?%|fully) ?(?:util|utili[sz]ation|utili[sz]ed|busy)${WITHIN_SENTENCE}{0,60}(?:(?:but|with|yet|and)(?: there is| there's| there was)? )?(?:not actually any|without any|no|zero|not any|nothing in|0) (?:real |actual )?(?:I/?O|IO|io|reads? or writes?|reads?|writes?|throughput|r/s|w/s|IOPS)`,
        literals: ['util', 'busy'],
      },
      {
        pattern: `(?:[Ii][Oo] ?wait|iowait|I/O wait)${WITHIN_SENTENCE}{0,30}(?:without|with no|but no|yet no) (?:any )?(?:real |actual )?(?:I/?O|IO|io|disk activity|reads?|writes?|throughput)`,
        literals: ['wait'],
      },
      {
        pattern: `(?:util|使用率|利用率)[^\\n。；！？]{0,8}100 ?[%％][^\\n。；！？]{0,30}(?:但是?|却|卻)?[^\\n。；！？]{0,6}(?:没有|沒有|无|無)(?:任何|实际的?|實際的?)? ?(?:IO|I/O|io|读写|讀寫|吞吐)`,
        literals: ['util', '使用率', '利用率'],
      },
    ],
    // The CPU said fully busy is demand, not a device with nothing completing.
    unless: [
      'CPU 100',
      'CPU at 100',
      'CPU is 100',
      'CPU was 100',
      'CPUs at 100',
      'CPU usage 100',
      'CPU fully',
      'CPU is fully',
      'CPUs fully',
      'CPUs are fully',
      'CPUs were fully',
      'CPU busy',
      'CPUs busy',
    ],
    source:
      "iostat(1) (sysstat): %util 'Percentage of elapsed time during which I/O requests were issued to the device', r/s and w/s the requests completed, from /proc/diskstats (Documentation/admin-guide/iostats.rst: field 10 time spent doing I/Os); iowait, time a CPU sat idle with a task waiting on block I/O (kernel/sched/cputime.c)",
    mechanism:
      'requests to a block device are outstanding and never complete: every task reading or writing it sleeps in D state, counted in the load and as iowait with no work done',
  },
  // Round 21: a storage cluster's monitors (Ceph's) or the cluster itself said down. Ceph's clients, the kernel's
  // libceph among them, need a monitor quorum to get the cluster's maps and to authenticate (net/ceph/mon_client.c
  // hunts among the monitors while none answers); with the monitors gone the OSDs cannot be found or re-mapped and
  // I/O to the RBD and CephFS volumes waits. A bare "monitors" is Ceph's only with Ceph, Rook or RBD in the sentence.
  {
    fact: 'storage.remote_lost',
    forms: [
      {
        pattern: `(?:[Cc]eph|CEPH|[Rr]ook|RBD|rbd|CephFS|cephfs)${WITHIN_SENTENCE}{0,60}(?:[Mm]onitors|[Mm]ons|MONs|mon daemons|[Mm]onitor quorum|quorum|cluster)${WITHIN_SENTENCE}{0,30}(?:(?:were|was|are|is|went|became|got) (?:not responsive|unresponsive|not responding|down|unreachable|offline|gone|out of quorum|lost)|not responsive|unresponsive|not responding|stopped responding|(?:lost|lose|losing|lost its|no) quorum|unreachable|went down|crashed|were down|was down|is down|are down|out of quorum)`,
        literals: ['ceph', 'rook', 'rbd'],
      },
      {
        pattern: `(?:[Cc]eph|CEPH|[Rr]ook|RBD|rbd|CephFS|cephfs) ?(?:的)?(?: ?集群| ?cluster)?(?: ?的)? ?(?:mon|MON|monitor|监视器|監視器)?${WITHIN_SENTENCE}{0,12}(?:挂了|掛了|挂掉|掛掉|宕机|宕機|宕掉|不可用|无响应|無響應|没有响应|沒有響應|失联|失聯|连不上|連不上|出问题|出問題|故障)`,
        literals: ['ceph', 'rook', 'rbd'],
      },
    ],
    unless: ['ceph-csi', 'cephcsi', 'csi-rbdplugin', 'csi-cephfsplugin', 'provisioner', 'operator pod'],
    source:
      "Ceph's architecture (docs.ceph.com 'Architecture': clients get the cluster map from a monitor quorum before any I/O; 'Monitor Config Reference': without a quorum the cluster cannot serve), and the kernel's libceph (net/ceph/mon_client.c reopen_session hunting for a monitor, osd_client.c waiting on its requests without a timeout by default)",
    mechanism:
      "the storage cluster behind the node's volumes stopped answering: the kernel's client retries without end, and every task reading or writing those volumes (and df, the kubelet's statfs, the runtime's calls on their containers) sleeps in D state",
  },
  // Round 20: sandbox creation said to fail for every pod, again and again, or the network plugin's own agent said not
  // to start because its sandbox cannot be made. A sandbox is made from the sandbox (pause) image alone, by the runtime
  // (containerd CRI sandbox_run.go RunPodSandbox: the sandbox image's snapshot and unpack; cri-o server/
  // sandbox_run_linux.go runPodSandbox with its storage's layers), before any network or workload container: failing
  // for every pod, it is the runtime's path, and the network agent, itself a pod, cannot start to make the node Ready.
  {
    fact: 'runtime.no_sandbox',
    forms: [
      {
        pattern: `(?:[Ee]very|[Ee]ach|[Aa]ll|[Aa]ny|[Ee]very new|[Aa]ll new) (?:new )?(?:pod's |pods' |pod |the pod )?sandbox(?:es)?(?: creations?)? (?:fail|fails|failed|failing|cannot be (?:created|made|started)|can't be (?:created|made|started)|could not be (?:created|made|started)|never (?:get |got )?(?:created|made|started|start))`,
        literals: ['sandbox'],
      },
      {
        pattern: `(?:[Rr]epeated|[Rr]ecurring|[Cc]onstant|[Cc]ontinuous|[Ee]ndless|[Rr]epeating) (?:pod )?sandbox (?:creation )?(?:failures|errors)|(?:[Pp]od )?[Ss]andbox creation (?:keeps|kept) failing|(?:[Pp]od )?[Ss]andbox(?:es)? (?:fail|fails|failed|failing|cannot be (?:created|made|started)|can't be (?:created|made|started)|could not be (?:created|made|started)|never (?:get |got )?(?:created|made|started|start))${WITHIN_SENTENCE}{0,60}(?:on|for|in) (?:every|each|all|any) (?:new |newly[- ]provisioned |affected )?(?:pods?|nodes?)`,
        literals: ['sandbox'],
      },
      {
        pattern: `(?:CNI|[Nn]etwork plugin|[Nn]etwork agent|aws-node|calico-node|cilium|flannel|weave|antrea|kube-ovn|ovnkube|[Dd]aemon[Ss]et)${WITHIN_SENTENCE}{0,80}(?:does not|doesn't|did not|didn't|never|cannot|can't|could not|fails? to|failed to|won't|will not) (?:initiali[sz]e|start|come up|run|become ready|get ready)${WITHIN_SENTENCE}{0,60}(?:because|since|as|due to)${WITHIN_SENTENCE}{0,40}(?:pod )?sandbox(?:es)?(?: creation)? (?:(?:fail|fails|failed|failing|cannot be (?:created|made|started)|can't be (?:created|made|started)|could not be (?:created|made|started)|never (?:get |got )?(?:created|made|started|start))|errors?)`,
        literals: ['sandbox'],
      },
    ],
    unless: ['one pod', 'a single pod', 'only one', 'that pod', 'some pods', 'a few pods'],
    source:
      "the runtimes' sandbox creation (containerd CRI sandbox_run.go RunPodSandbox: the sandbox image's snapshot prepared and unpacked with the configured snapshotter; cri-o server/sandbox_run_linux.go runPodSandbox over internal/storage/runtime.go CreatePodSandbox), relayed by the kubelet as FailedCreatePodSandBox for each pod: a sandbox is made from the sandbox image alone, so one failing for every pod is the runtime's path, and the network plugin's agent, a pod itself, cannot start",
    mechanism:
      "no sandbox can be made on the node, for any pod: the runtime fails the sandbox image's unpack or layer for every pod, the network plugin's own agent among them, so the node cannot become Ready",
  },
  // Round 17: memory short without an OOM kill, told by what reclaim leaves behind: the page cache emptied. Round 18:
  // vague on its own (a restart, drop_caches or a deleted file empty it too), so a lead of its own (mem.cache_emptied),
  // not the reclaim that the words of reclaim, thrashing or kswapd on the CPU name (descriptions.ts reclaimWork).
  {
    fact: 'mem.cache_emptied',
    thing: {
      en: ['page cache', 'Page cache', 'file cache', 'buff/cache', 'buffer/cache', 'the cache'],
      zh: ['page cache', '页缓存', '页面缓存', '文件缓存', 'buff/cache'],
      ja: ['ページキャッシュ', 'page cache', 'buff/cache'],
    },
    state: {
      en: [
        'emptied',
        'drained',
        'evicted',
        'wiped out',
        'went to zero',
        'dropped to zero',
        'dropped to almost nothing',
        'near zero',
        'almost zero',
        'shrank to',
        'thrown away',
        'got dropped',
        'was dropped',
        'got cleared',
        'was cleared',
      ],
      zh: ['被清空', '清空了', '掉光', '几乎为 0', '几乎为0', '降到 0', '降到0', '被回收', '被挤掉'],
      ja: ['空になり', '空になっ', '空に', 'ほぼゼロ', '追い出され', '消え'],
    },
    unless: ['drop_caches', 'echo 3', 'sync;', '手动', '手動', 'we dropped', 'I dropped', 'flushed it'],
    source:
      'Documentation/admin-guide/mm/concepts.rst "Reclaim" and mm/vmscan.c (kswapd, direct reclaim): when free memory falls below the watermarks the kernel evicts file pages first; a page cache emptied without anyone writing drop_caches means the kernel is reclaiming under a memory shortage',
    mechanism:
      'the page cache was emptied: under a memory shortage the kernel evicts it first and every read goes to the disk again, but a restart or drop_caches empties it too',
  },
  // Thrashing is reclaim by definition (Documentation/admin-guide/mm/concepts.rst; mm/workingset.c: pages refaulted
  // soon after eviction): the page cache said to thrash is the reclaim mem.reclaim names, not a cache merely emptied.
  {
    fact: 'mem.reclaim',
    thing: {
      en: ['page cache', 'Page cache', 'file cache', 'buff/cache', 'buffer/cache'],
      zh: ['page cache', '页缓存', '页面缓存', '文件缓存', 'buff/cache'],
      ja: ['ページキャッシュ', 'page cache', 'buff/cache'],
    },
    state: {
      en: ['thrashing', 'thrashed', 'thrashes', 'refaulting', 'evicted and re-read', 'evicted and read back'],
      zh: ['抖动', '颠簸', '反复换入换出'],
      ja: ['スラッシング'],
    },
    unless: ['drop_caches', 'echo 3'],
    source:
      'Documentation/admin-guide/mm/concepts.rst "Reclaim" and mm/workingset.c (refaults: file pages read back soon after reclaim evicted them, the kernel\'s own measure of thrashing): the page cache thrashing is reclaim working under a memory shortage',
    mechanism:
      "the node's memory is short enough that the kernel keeps evicting the page cache and reading it back: every read goes to the disk again and the node thrashes, the kubelet and the runtime with it",
  },
  {
    fact: 'mem.exhausted',
    specific: 'memory said used up is a limit reached (MemAvailable at zero), not a slow node',
    thing: {
      en: ['memory', 'RAM'],
      zh: ['内存', '記憶體', '內存'],
      ja: ['メモリ', '空きメモリ'],
    },
    state: {
      en: [...EXHAUSTED.en, '0 free', 'zero free', 'no free', 'fully used', 'was full', 'is full', 'starved'],
      zh: [...(EXHAUSTED.zh ?? []), '被打满', '被吃满', '不足'],
      ja: [...(EXHAUSTED.ja ?? []), 'ほぼゼロ', 'ゼロ', '逼迫'],
    },
    unless: [
      'OOMKilled',
      'own limit',
      'its limit',
      'container limit',
      'OutOfMemoryError',
      'heap',
      '自分のlimit',
      'memory limit',
    ],
    source:
      "free(1) and proc(5) /proc/meminfo MemAvailable: the memory the system can still give without swapping; 'ran out of memory', '内存耗尽', 'メモリ不足' say it reached zero (the kubelet's MemoryPressure, docs 'Node-pressure Eviction')",
    mechanism: "the node's memory is used up: reclaim and the OOM killer stall everything that allocates",
  },
  {
    fact: 'pid.pressure',
    specific:
      "fork failing or PIDs used up is the kernel's pid_max (or pids.max) reached, one errno (EAGAIN) with one meaning",
    says: {
      en: [
        'PID exhaustion',
        'pid exhaustion',
        'fork bomb',
        'fork: retry',
        'fork: Resource temporarily unavailable',
        "can't fork",
        'cannot fork',
        'could not fork',
        "couldn't fork",
        'unable to fork',
        'fork failed',
        'fork fails',
        'fork failing',
        'failed to fork',
        'could spawn',
        'spawn a process',
        'spawn new processes',
      ],
      zh: [
        'fork 失败',
        'fork失败',
        '无法 fork',
        '无法fork',
        'PID 耗尽',
        'PID耗尽',
        'pid 耗尽',
        '进程号耗尽',
        '进程数到上限',
      ],
      ja: ['PID枯渇', 'PIDが枯渇', 'forkできな', 'forkに失敗', 'fork に失敗'],
    },
    thing: {
      en: ['PIDs', 'pids', 'PID', 'pids.max', 'pid_max', 'process IDs', 'process count', 'processes'],
      zh: ['PID', 'pid', '进程数', '進程數', '进程号'],
      ja: ['PID', 'プロセス数'],
    },
    state: EXHAUSTED,
    // A unit's own TasksMax (docker.service, a container's pids limit) is not the node's table.
    unless: [
      // Another sense of 'fork'.
      'repo',
      'repository',
      'GitHub',
      'upstream',
      'TasksMax',
      'PID 1',
      'pid 1',
      'raise the pid',
      'pids limit per pod',
    ],
    source:
      "proc(5) /proc/sys/kernel/pid_max and fork(2) EAGAIN: when every process ID is in use fork fails with 'Resource temporarily unavailable' (bash: 'fork: retry'); people say the PIDs ran out, a fork bomb, cannot fork",
    mechanism: 'the node has no free process IDs: nothing (kubelet, runtime, shims) can start a process',
  },
  {
    fact: 'cpu.saturated',
    thing: { en: ['CPU', 'cpu', 'all cores', 'every core'], zh: ['CPU', 'cpu'], ja: ['CPU', 'cpu'] },
    state: {
      en: [
        '100%',
        '100 %',
        'pegged',
        'maxed',
        'saturated',
        'saturation',
        'starved',
        'starvation',
        'throttled',
        'throttling',
        'steal',
        'credits',
      ],
      zh: ['打满', '跑满', '占满', '吃满', '100%', '飙高', '飙到'],
      ja: ['100%', '張り付', '使い切'],
    },
    // PID 1 at 100 % is systemd's own busy loop (systemd.ts and the grammar read it).
    // One process at 100 % (top's per-process %CPU) is that process's loop, not the node's CPUs; a soft lockup is
    // a CPU stuck in the kernel (kernel.ts reads it).
    unless: [
      // A pod's or a container's share of its own limit.
      "pod's CPU",
      'its limit',
      'of its',
      'its container',
      'the container',
      'a container',
      'PID 1',
      'pid 1',
      'PID1',
      '1号进程',
      '1號進程',
      'systemd',
      'process',
      '进程',
      '進程',
      'プロセス',
      'causing CPU',
      'soft lockup',
      // The system bus's daemon at full CPU is the bus saturated (systemd.busy), not the node's CPUs.
      'dbus-daemon',
      'dbus-broker',
    ],
    source:
      'top(1) %CPU and us/sy/st (steal), uptime(1) load average, and the cgroup v2 cpu.stat nr_throttled (Documentation/admin-guide/cgroup-v2.rst): CPU at 100 %, pegged or throttled, or a load far above the cores, means runnable work waits for a CPU',
    mechanism: 'every CPU is busy: the kubelet and the runtime wait for CPU time and relist falls behind',
  },
  {
    // The load average said as a number: a measurement, where "CPU high" is an impression.
    fact: 'cpu.saturated',
    specific:
      'a load average of 50 or more is a measurement far above any common core count: runnable work waiting for CPUs',
    forms: [
      {
        // uptime(1)'s load average: runnable and uninterruptible tasks; ≥ 50 is far above any common core count.
        pattern: `[Ll]oad(?: average| avg)?(?: was| is| of| at| hit| went to| reached)?(?: around| about| over| above| like)? (?:[5-9][0-9]|[1-9][0-9]{2,})`,
        literals: ['load'],
      },
      {
        pattern: `(?:负载|負載|ロードアベレージ)${WITHIN_SENTENCE}{0,12}(?:[5-9][0-9]|[1-9][0-9]{2,})`,
        literals: ['负载', '負載', 'ロードアベレージ'],
      },
    ],
    unless: ['PID 1', 'pid 1', 'soft lockup'],
    source:
      'uptime(1) and proc(5) /proc/loadavg: the load average counts runnable and uninterruptible tasks; one far above the cores means work waits for a CPU (or for I/O, in D state)',
    mechanism: 'every CPU is busy: the kubelet and the runtime wait for CPU time and relist falls behind',
  },
  // Round 17: a cloud volume held at its provisioned IOPS or throughput limit is the provider throttling every I/O.
  {
    fact: 'io.saturated',
    specific:
      'a cloud volume at its provisioned IOPS or throughput limit (or out of burst credits) is one limit reached: the provider queues every I/O past it',
    thing: {
      en: [
        'IOPS limit',
        'IOPS cap',
        'IOPS quota',
        'IOPS allowance',
        'provisioned IOPS',
        'throughput limit',
        'throughput cap',
        'burst balance',
        'burst credits',
        'I/O credits',
        'IO credits',
      ],
      zh: [
        'IOPS 上限',
        'IOPS上限',
        '云盘 IOPS',
        '云盘IOPS',
        '吞吐上限',
        '带宽上限',
        '突发积分',
        '云盘限速',
        '磁盘限速',
      ],
      ja: [
        'IOPS 上限',
        'IOPS上限',
        'IOPS の上限',
        'IOPSの上限',
        'スループット上限',
        'バーストクレジット',
        'バーストバランス',
      ],
    },
    state: {
      en: [
        'hit',
        'reached',
        'exhausted',
        'ran out',
        'run out',
        'depleted',
        'throttled',
        'throttling',
        'maxed',
        'capped',
        'used up',
        'at zero',
        'dropped to 0',
        'drained',
      ],
      zh: ['被限', '打满', '达到', '到达', '触发', '用完', '耗尽', '限流', '被限速', '触顶', '被打满'],
      ja: ['達し', '到達', '使い切', '枯渇', '張り付', '制限され', 'スロットリング'],
    },
    unless: ['raise the', 'raised the', 'increase the', 'increased the', '提高', '调高', '引き上げ'],
    source:
      'the cloud providers\' volume limits (EBS volume types "IOPS" and "throughput" limits and the gp2/st1 burst bucket, Azure managed disk and GCE persistent disk performance caps, Alibaba ESSD IOPS): past the limit the provider delays every request, so iowait rises and the disk looks saturated',
    mechanism:
      "the node's volume is throttled at its IOPS or throughput limit: the runtime's and the kubelet's reads and writes queue behind it and relist falls behind",
  },
  {
    fact: 'io.saturated',
    thing: {
      en: [
        'iowait',
        'IO wait',
        'I/O wait',
        'IOPS',
        'iops',
        'disk latency',
        'I/O latency',
        'IO latency',
        'disk I/O',
        'disk IO',
        'await',
      ],
      zh: ['iowait', 'IOPS', '磁盘 IO', '磁盘IO', '磁盘 I/O', '云盘'],
      ja: ['iowait', 'IOPS', 'ディスクI/O', 'ディスクIO', 'ディスクの遅延'],
    },
    state: {
      en: [
        'full',
        'maxed',
        'saturated',
        'exhausted',
        'throttled',
        'at the limit',
        'high',
        'spiked',
        'through the roof',
        'seconds',
        'hit',
        'capped',
        'ran out',
        'depleted',
        'was 100',
        'at 100',
        // An I/O-wait alert said to fire: a monitor's threshold on iowait crossed (round 17).
        'alert fired',
        'alerts fired',
        'alert went off',
        'alerts went off',
        'alert firing',
        'alerts firing',
      ],
      zh: ['打满', '打滿', '很高', '飙高', '上限', '被限', '80%', '90%', '100%', '以上', '告警', '报警'],
      ja: ['上限', '張り付', '高い', '高く', 'アラート'],
    },
    // A limit raised by people is a change made, not a limit hit.
    unless: ['raised the', 'raise the', 'increased the', 'increase the', '提高', '调高', '引き上げ'],
    forms: [
      {
        pattern: `(?:iowait|IO wait|I/O wait|%util)${WITHIN_SENTENCE}{0,30}${HIGH_PERCENT}`,
        literals: ['iowait', 'IO wait', 'I/O wait', '%util'],
      },
    ],
    source:
      "iostat(1) %iowait and %util, proc(5) /proc/stat iowait, and the cloud volumes' IOPS limits: time CPUs sit idle waiting on disk I/O; 'iowait high', 'IOPS maxed' say the disk is the bottleneck",
    mechanism:
      'the disk is saturated: every process that reads or writes (the runtime, the kubelet) waits on it',
  },
  {
    fact: 'disk.pressure',
    specific:
      'a filesystem full (Use% or IUse% at 100 %, ENOSPC, the DiskPressure condition) is a limit reached',
    says: {
      en: [
        'DiskPressure',
        'disk pressure',
        'disk full',
        'disk filled up',
        'disk space ran out',
        'ran out of disk',
        'out of disk space',
        'no space left on device',
        // ENOSPC's text (errno(3) "No space left on device") as people retell it, the preposition or article slipped.
        'no space left in device',
        'no space left on the device',
        'no space left in the device',
        'no space left on devices',
      ],
      zh: ['磁盘满', '磁盘写满', '磁盘打满', '磁盘空间不足', '磁碟滿', '硬盘满'],
      ja: ['ディスクフル', 'ディスク容量不足', 'ディスクが満杯', 'ディスクがいっぱい'],
    },
    thing: {
      en: [
        'disk',
        'Disk',
        '/var',
        'root partition',
        'root filesystem',
        'filesystem',
        'inodes',
        'inode',
        'IUse%',
      ],
      zh: ['磁盘', '磁碟', '根分区', '根分區', 'inode'],
      ja: ['ディスク', 'ルートディスク', 'inode', 'ルートパーティション'],
    },
    state: {
      en: [
        '100%',
        '100 %',
        'was full',
        'is full',
        'were full',
        'filled up',
        'ran out',
        'exhausted',
        'used up',
        'at 99',
      ],
      zh: ['满了', '滿了', '写满', '寫滿', '打满', '100%', '用光', '耗尽', '耗盡'],
      ja: ['100%', '満杯', 'いっぱい', '枯渇', '使い切'],
    },
    // inotify's ENOSPC ("no space left on device" from inotify_add_watch) is the watch limit, not the disk.
    unless: [
      // A follower's ENOSPC is inotify's watch limit (inotify_add_watch(2)), not the disk.
      'tail -f',
      'logs -f',
      // A program's watch that could not be added (fsnotify's Add: "failed to watch …: no space left on device").
      'failed to watch',
      // A condition said False, another sense of 'full', a volume that is not the node's filesystem.
      '=False',
      ': False',
      ' False',
      'fully',
      'NFS',
      'PVC',
      'persistent volume',
      'database',
      'inotify',
      'max_user_watches',
      // A cgroup file's ENOSPC is no disk (a cpuset with no CPUs, the memory controller's IDs used up: errno.ts).
      '/sys/fs/cgroup',
      'ephemeral-storage',
      'emptyDir',
      'CI ',
      '构建容器',
    ],
    source:
      "df(1) Use% and IUse%, statfs(2), and ENOSPC in errno(3) 'No space left on device'; the kubelet's DiskPressure condition (docs 'Node-pressure Eviction', nodefs/imagefs): a filesystem or its inodes full",
    mechanism:
      "the node's filesystem (space or inodes) is full: the runtime cannot write layers, logs or state",
  },
  {
    // A memory cgroup that cannot be made, even one by hand: the kernel refuses a new memcg when its IDs (65535) are
    // held by removed cgroups (errno.ts, mkdir under the memory controller: ENOMEM from 4.6, ENOSPC before).
    fact: 'mem.memcg_ids_exhausted',
    thing: {
      en: ['memory cgroup', 'memory cgroups', 'memcg', 'memcgs'],
      zh: ['memory cgroup', 'memory cgroups', '内存 cgroup', '内存cgroup', '內存 cgroup', 'memcg'],
      ja: ['memory cgroup', 'メモリ cgroup', 'メモリcgroup', 'memcg'],
    },
    state: {
      en: [
        'cannot be created',
        "can't be created",
        'could not be created',
        "couldn't be created",
        'fails to be created',
        'failed to be created',
        'creation fails',
        'creation failed',
        'leak',
        'leaked',
        'leaking',
        'IDs exhausted',
        'IDs used up',
        'ID limit',
      ],
      zh: [
        '创建失败',
        '無法創建',
        '无法创建',
        '不能创建',
        '创建不了',
        '泄露',
        '泄漏',
        '洩漏',
        'ID 耗尽',
        'ID耗尽',
      ],
      ja: ['作成できな', '作成に失敗', 'リーク'],
    },
    forms: [
      {
        // "creating (even one) memory cgroup fails", the verb before the thing and the failure after it.
        pattern: `(?:[Cc]reat(?:e|ing)|mkdir)${WITHIN_SENTENCE}{0,30}(?:memory cgroups?|memcgs?)${WITHIN_SENTENCE}{0,20}(?:fails|failed|errors)`,
        literals: ['memory cgroup', 'memcg'],
      },
      {
        pattern: `(?:创建|創建|作成)${WITHIN_SENTENCE}{0,20}(?:memory cgroup|内存 ?cgroup|memcg|メモリ ?cgroup)${WITHIN_SENTENCE}{0,12}(?:失败|失敗)`,
        literals: ['memory cgroup', '内存 cgroup', '内存cgroup', 'memcg', 'メモリ cgroup', 'メモリcgroup'],
      },
    ],
    unless: ['memory.limit_in_bytes', 'memory.max', 'OOM', 'oom'],
    source:
      "cgroups(7) and the kernel's Documentation/admin-guide/cgroup-v1/memory.rst: every memory cgroup holds an ID (mm/memcontrol.c, MEM_CGROUP_ID_MAX 65535) until its last charged page is gone; a removed cgroup still holding pages is kept ('leaked', offline), and when the IDs are used up no new memory cgroup can be made, by the runtime or by hand",
    mechanism:
      "the memory controller's cgroup IDs are used up by removed cgroups the kernel still holds: no new pod or container cgroup can be made until they are freed or the node reboots",
  },
  {
    fact: 'fd.emfile',
    specific: 'EMFILE/ENFILE, too many open files, is a descriptor limit reached',
    says: {
      en: [
        'too many open files',
        'Too many open files',
        'EMFILE',
        'ENFILE',
        'out of file descriptors',
        'out of descriptors',
        'fd leak',
        'FD leak',
        'descriptor leak',
      ],
      zh: ['句柄泄漏', '句柄泄露', '句柄耗尽', '句柄用光', 'fd 泄漏', 'fd泄漏', 'fd 泄露'],
      ja: ['fdリーク', 'FDリーク', 'ファイルディスクリプタが枯渇', 'ファイルディスクリプタ不足'],
    },
    thing: {
      en: [
        'file descriptors',
        'descriptors',
        'fds',
        'FDs',
        'fd count',
        'open files',
        'file handles',
        'LimitNOFILE',
        'ulimit -n',
        'file-nr',
        'file-max',
        'nofile',
      ],
      zh: ['句柄', '文件描述符', 'fd 数', 'fd数', 'LimitNOFILE', 'file-max', 'file-nr'],
      ja: ['ファイルディスクリプタ', 'ファイルハンドル', 'fd数', 'LimitNOFILE'],
    },
    state: {
      en: [
        ...EXHAUSTED.en,
        ...LEAKING.en,
        '99%',
        '100%',
        'of the max',
        'exactly its',
        'the default 1024',
        'constantly',
      ],
      zh: [...(EXHAUSTED.zh ?? []), ...(LEAKING.zh ?? []), '上限', '等于'],
      ja: [...(EXHAUSTED.ja ?? []), ...(LEAKING.ja ?? []), '上限'],
    },
    unless: [
      // An application's own descriptors (its own limit, a Java stack) are not the node's daemons'.
      'the app',
      'The app',
      'application',
      'Exception',
      'java.',
      'Java',
      'increase LimitNOFILE',
      'raise LimitNOFILE',
      'set LimitNOFILE',
      'inotify',
    ],
    source:
      "open(2) and errno(3) EMFILE 'Too many open files' (a process's RLIMIT_NOFILE, systemd.exec(5) LimitNOFILE=, ulimit -n) and ENFILE (proc(5) /proc/sys/fs/file-max, file-nr): descriptors used up or leaking until they are",
    mechanism: 'a daemon (the runtime, the kubelet) cannot open files or sockets: its calls fail with EMFILE',
  },
  {
    fact: 'fd.inotify',
    specific: "inotify's per-user watch and instance limits reached or leaking is a limit with one meaning",
    thing: {
      en: ['inotify', 'max_user_watches', 'max_user_instances', 'fs.inotify'],
      zh: ['inotify', 'max_user_watches', 'max_user_instances'],
      ja: ['inotify'],
    },
    state: {
      en: [
        ...EXHAUSTED.en,
        ...LEAKING.en,
        'too many',
        'each holding',
        'grabbed',
        'no space left on device',
        "couldn't create",
        'could not create',
        'cannot create',
      ],
      zh: [...(EXHAUSTED.zh ?? []), ...(LEAKING.zh ?? []), '上限', '不够', '占一个', '占用'],
      ja: [...(EXHAUSTED.ja ?? []), ...(LEAKING.ja ?? []), '上限', '追加できて'],
    },
    source:
      'inotify(7) /proc/sys/fs/inotify/max_user_watches and max_user_instances: per-user limits on watches and inotify instances; past them inotify_add_watch(2) fails with ENOSPC and inotify_init(2) with EMFILE',
    mechanism:
      'the inotify watches or instances are used up: the kubelet and cAdvisor cannot watch new cgroups or logs',
  },
  {
    fact: 'proc.zombie',
    specific: 'a zombie (ps state Z, defunct) is a process state with one meaning: exited and not reaped',
    says: {
      en: ['zombie process', 'zombie processes', 'zombies', 'defunct', 'zombie'],
      zh: ['僵尸进程', '僵屍進程', '僵尸'],
      ja: ['ゾンビプロセス', 'ゾンビ'],
    },
    // Pods people call zombies (left Terminating or Unknown, or still listed after a reboot) are API objects in a
    // state, not processes in ps state Z: nothing about them says a parent fails to reap.
    unless: [
      'zombie pod',
      'Zombie pod',
      'zombie Pod',
      'Zombie Pod',
      '僵尸 Pod',
      '僵尸Pod',
      '僵尸 pod',
      '僵尸pod',
      '僵尸容器组',
      'ゾンビ Pod',
      'ゾンビPod',
      'ゾンビ pod',
      'ゾンビpod',
    ],
    source:
      'ps(1) PROCESS STATE CODES \'Z defunct ("zombie") process, terminated but not reaped by its parent\', and wait(2): a child that exited and that no parent reaps',
    mechanism:
      "exited processes no parent reaps pile up under the shim or PID 1: the container's exit is never reported",
  },
  {
    fact: 'proc.dstate',
    specific:
      'D state (uninterruptible sleep, hung_task) is a process state with one meaning: waiting in the kernel',
    says: {
      en: [
        'D state',
        'D-state',
        'state D',
        'uninterruptible sleep',
        'uninterruptible',
        'blocked for more than',
        'hung_task',
        'hung task',
        'unkillable',
      ],
      zh: ['D 状态', 'D状态', 'D 狀態', 'D狀態', '不可中断', '不可中斷', '杀不死', '殺不死', '杀不掉'],
      ja: ['D状態', 'D 状態', '割り込み不可', 'kill -9も効き'],
    },
    // Round 22: a container's state in the runtime's words ends in "D state" when written in capitals (docker's
    // State.Status "dead", "created", "exited", "paused"; CRI's CONTAINER_CREATED, CONTAINER_EXITED): a container
    // dead or exited in the runtime's books is not a process in uninterruptible sleep.
    unless: [
      'DEAD state',
      'dead state',
      'CREATED state',
      'EXITED state',
      'STOPPED state',
      'PAUSED state',
      'REMOVED state',
    ],
    source:
      "ps(1) PROCESS STATE CODES 'D uninterruptible sleep (usually IO)', and the kernel's hung-task detector (kernel/hung_task.c, 'blocked for more than N seconds'): a task waiting in the kernel that no signal, not even SIGKILL, wakes",
    mechanism:
      "a process is stuck in the kernel (I/O, a mount, the freezer): it cannot be killed, and the runtime's calls on it wait",
  },
  {
    // Round 22: zombies (or one command's processes) said counted in the thousands: each holds a PID until its parent
    // reaps it, so that many fill a good part of the default pid_max (32768, include/linux/threads.h).
    fact: 'pid.many_processes',
    specific: 'a count of processes over a threshold is a measurement, not an impression',
    forms: [
      {
        pattern:
          '(?:[1-9][0-9]{3,}|[1-9][0-9]{0,2},[0-9]{3}|[1-9][0-9]?[kK]|(?:[Tt]ens of |[Hh]undreds of )?[Tt]housands of) (?:[\\w./-]+ ){0,2}(?:zombie|defunct|<defunct>)',
        literals: ['zombie', 'defunct'],
      },
      {
        pattern: `(?:${CJK_THOUSANDS}|[一二两三四五六七八九几幾数數上好]*万[多余]?|[1-9][0-9]{3,}) ?(?:个|個)? ?(?:[A-Za-z./-]+ ?)?(?:僵尸|僵屍|ゾンビ)`,
        literals: ['僵尸', '僵屍', 'ゾンビ'],
      },
    ],
    source:
      'proc(5) state Z and wait(2): a zombie keeps its PID until its parent reaps it; kernel.pid_max (proc(5), PID_MAX_DEFAULT 32768) caps the PIDs in use',
    mechanism:
      "thousands of zombies or of one command's processes hold as many PIDs: the node runs out of PIDs and forks fail",
  },
  {
    fact: 'containers.many',
    specific: 'a count of containers over a threshold is a measurement, not an impression',
    thing: {
      en: ['containers', 'exited containers', 'dead containers', 'Exited containers'],
      zh: ['容器'],
      ja: ['コンテナ'],
    },
    state: {
      en: [
        'piling up',
        'piled up',
        'pile up',
        'accumulated',
        'accumulating',
        'thousands',
        'never got garbage collected',
        'not garbage collected',
        'never cleaned up',
        'too many',
      ],
      zh: ['堆积', '堆積', '堆了', '没有被回收', '沒有被回收', '越来越多', '太多', '几千', '上千', '数千'],
      ja: ['膨れ上が', '数千', 'GCされていな', 'GCされていませ', '溜ま'],
    },
    forms: [
      // "大量" (a great many) said of the containers themselves, next to them: anywhere in the sentence it is as often
      // another noun's ("大量并发请求 … 容器的状态", many concurrent requests).
      {
        pattern: '大量の(?:停止した|終了した|残った)?コンテナ|大量的?(?:已退出的?|退出的?|停止的?)?容器',
        literals: ['大量'],
      },
      {
        pattern: `${AT_LEAST_500} (?:exited |dead |running |stopped )?containers`,
        literals: afterDigits(' containers').concat([
          'exited containers',
          'dead containers',
          'running containers',
          'stopped containers',
        ]),
      },
      {
        pattern: `(?:ps -a|running_containers)${WITHIN_SENTENCE}{0,40}${AT_LEAST_500}`,
        literals: ['ps -a', 'running_containers'],
      },
      {
        pattern: `${CJK_THOUSANDS}${WITHIN_SENTENCE}{0,12}(?:容器|コンテナ)`,
        literals: ['容器', 'コンテナ'],
      },
      {
        pattern: `(?:[0-9]{3,}|${CJK_THOUSANDS})(?:多|余)?[个個](?:[^\\n。]{0,8})(?:容器|コンテナ)`,
        literals: ['容器', 'コンテナ'],
      },
    ],
    // Round 29 (r29-runtime): the containers as a modifier of another noun, which is then what is many ("大量的容器检查
    // 错误", a great many container-check errors; "コンテナのヘルスチェック"; "containers' health checks"): the checks, their
    // errors or logs are counted, not the containers (a Chinese compound's head noun comes last; の makes the next noun
    // the head in Japanese; the possessive in English).
    unless: [
      'TasksMax',
      ...['容器', '容器的'].flatMap((c) =>
        [
          '检查',
          '檢查',
          '健康检查',
          '健康檢查',
          '探针',
          '探針',
          '探测',
          '探測',
          '日志',
          '日誌',
          '错误',
          '錯誤',
          '报错',
          '報錯',
        ].map((n) => c + n),
      ),
      ...['ヘルスチェック', 'チェック', 'プローブ', 'ログ', 'エラー'].flatMap((n) => [
        `コンテナの${n}`,
        `コンテナ${n}`,
      ]),
      "containers' health",
      'containers’ health',
      "containers' readiness",
      "containers' liveness",
      "containers' probes",
    ],
    source:
      "docker ps -a and crictl ps -a list every container the runtime keeps, exited ones too (the kubelet's container garbage collection, docs 'Garbage Collection of Containers', removes dead ones): hundreds to thousands on one node make every relist long",
    mechanism:
      'the runtime holds so many containers that listing them (PLEG relist) takes longer than the threshold',
  },
  {
    fact: 'pods.many',
    specific: "a count of pods over a threshold (the kubelet's maxPods default is 110) is a measurement",
    forms: [
      { pattern: `${AT_LEAST_200} pods`, literals: afterDigits(' pods') },
      { pattern: `[0-9]{3,} ?(?:多|余)?[个個] ?[Pp]od`, literals: ['个pod', '个 pod', '個pod', '個 pod'] },
      {
        pattern: `(?:max-pods|maxPods|max pods|[Pp]od count|pods per node|pod density)${WITHIN_SENTENCE}{0,40}${AT_LEAST_200}`,
        literals: ['max-pods', 'maxPods', 'max pods', 'pod count', 'pods per node', 'pod density'],
      },
    ],
    // Pods a person deleted or scaled, or a whole cluster's count, not pods running on a node.
    unless: ['deleted', 'delete', 'namespace', 'scaled', ...CLUSTER_WIDE],
    source:
      "the kubelet's maxPods (KubeletConfiguration, default 110; docs 'Considerations for large clusters'): hundreds of pods on one node, each with its sandbox and containers, load the runtime and relist",
    mechanism:
      'one node runs many more pods than the default: every relist and status call carries all of them',
  },
  {
    fact: 'pods.churn',
    says: {
      en: [
        'pod churn',
        'heavy churn',
        'high churn',
        'created and deleted',
        'creating and deleting',
        'created and destroyed',
      ],
      zh: ['频繁创建', '頻繁創建', '频繁地创建', '大量创建和删除'],
      ja: ['作成・削除が激し', '作成と削除が激し', '作成・削除が頻繁'],
    },
    source:
      "the pod lifecycle (docs 'Pod Lifecycle'): each pod created and deleted is a sandbox, a network setup and teardown and container GC for the runtime; heavy churn is many of them a minute",
    mechanism: 'pods come and go faster than the runtime and the CNI set them up and tear them down',
  },
  {
    fact: 'systemd.dbus_timeout',
    specific: 'a D-Bus call to systemd that times out is one call not returning: PID 1 not answering',
    thing: {
      en: [
        'D-Bus',
        'dbus',
        'DBus',
        'org.freedesktop.systemd1',
        'transient scope',
        'scope unit',
        'system bus',
        'busctl',
      ],
      zh: ['dbus', 'D-Bus', '系统总线'],
      ja: ['D-Bus', 'dbus'],
    },
    state: NOT_ANSWERING,
    forms: [
      {
        // systemctl's and systemd-run's errors when their bus call to PID 1 times out (ETIMEDOUT from sd_bus_call),
        // quoted in a sentence: "Failed to get properties: Connection timed out", "Failed to list units: …".
        pattern: `Failed to (?:get properties|list units|list unit files|reload daemon|get unit file state|enable unit|disable unit|start transient scope unit|start transient service unit|create bus connection|connect to bus|get D-Bus connection|issue method call)[^\\n:]{0,60}: Connection timed out`,
        literals: ['Connection timed out'],
      },
    ],
    source:
      "dbus-daemon(1) and systemd(1)'s D-Bus API (org.freedesktop.systemd1, StartTransientUnit in org.freedesktop.systemd1(5)): the runtime asks systemd over the system bus for each container's scope; a call that times out means PID 1 does not answer",
    mechanism: 'systemd does not answer D-Bus: scope creation for new containers waits and fails',
  },
  {
    fact: 'systemd.cmd_hang',
    specific: 'systemctl not returning is one command that talks only to PID 1',
    thing: { en: ['systemctl'], zh: ['systemctl'], ja: ['systemctl'] },
    state: NOT_ANSWERING,
    span: 25,
    thingFirst: true,
    forms: [
      {
        // systemctl's bus call to PID 1 timing out, told with the error's words further on in the sentence.
        pattern: `systemctl${WITHIN_SENTENCE}{0,80}(?:Connection timed out|connection timed out|连接超时|接続タイムアウト)`,
        literals: ['systemctl'],
      },
    ],
    // A command a person ran, and a state said of something else after it.
    unless: [
      // Advice: a command to try if something hangs.
      'Try ',
      'whenever',
      'restart with',
      'try ',
      'if a ',
      'If a ',
      'after running',
      'After running',
      'we ran',
      'I ran',
      ' they ',
      'pods',
      // The service manager starting a runtime: a start that does not return is the runtime not coming up (its
      // Type=notify unit never reports ready, systemd.service(5)), read by startup-words.ts, not PID 1 off its bus.
      'systemctl start docker',
      'systemctl restart docker',
      'systemctl start containerd',
      'systemctl restart containerd',
      'systemctl start crio',
      'systemctl restart crio',
      'systemctl start cri-o',
      'systemctl restart cri-o',
    ],
    source:
      'systemctl(1): every command talks to PID 1 over its private socket or D-Bus; a systemctl that hangs means systemd itself is not answering',
    mechanism: 'systemd does not answer its own commands: units cannot be started, stopped or queried',
  },
  {
    fact: 'cni.agent_down',
    thing: {
      en: [
        'calico-node',
        'calico',
        'Calico',
        'flannel',
        'cilium-agent',
        'cilium',
        'aws-node',
        'ipamd',
        'weave-net',
        'weave',
        'multus',
        'kube-ovn',
        'antrea',
        'canal',
        'network plugin',
        'CNI plugin',
        'CNI agent',
      ],
      zh: ['calico', 'flannel', 'cilium', 'aws-node', 'weave', '网络插件', '網路插件', 'CNI 插件'],
      ja: ['calico', 'flannel', 'cilium', 'aws-node', 'weave', 'ネットワークプラグイン', 'CNIプラグイン'],
    },
    state: DOWN,
    unless: ['NetworkPluginNotReady'],
    source:
      "the CNI specification (containernetworking/cni SPEC.md) and each plugin's node agent (calico-node, flannel, cilium-agent, aws-node's ipamd, weave-net): the binary the runtime calls needs its agent running; an agent down, not ready or crash-looping fails or hangs every pod network setup",
    mechanism:
      "the network plugin's node agent is not running: the runtime cannot set up any new pod's network",
  },
  {
    fact: 'cni.not_ready',
    says: {
      en: [
        'NetworkPluginNotReady',
        'network plugin not ready',
        'network plugin is not ready',
        'cni config uninitialized',
        'cni plugin not initialized',
      ],
      zh: [],
      ja: [],
    },
    source:
      "the kubelet's Ready condition (pkg/kubelet/kubelet_node_status.go, the runtime's NetworkReady status in the CRI): 'network plugin is not ready: cni config uninitialized' when the runtime has no working CNI configuration",
    mechanism: 'the runtime reports its network not ready: the node is NotReady and no pod gets a network',
  },
  {
    fact: 'cni.hang',
    specific: 'a CNI ADD or DEL that does not return is one call not returning',
    thing: {
      en: ['CNI', 'cni', 'network plugin', 'setup network for sandbox', 'sandbox network', 'network setup'],
      zh: ['CNI', 'cni', '网络插件', 'setup network'],
      ja: ['CNI', 'cni', 'ネットワークプラグイン'],
    },
    state: {
      en: [
        'timed out',
        'timeout',
        'hangs',
        'hung',
        'stuck',
        'minutes to fail',
        'never returns',
        'never returned',
      ],
      zh: ['超时', '超時', '卡住', '几分钟'],
      ja: ['タイムアウト', '固ま'],
    },
    source:
      "the CNI specification (containernetworking/cni SPEC.md, ADD and DEL): the runtime calls the plugin binary for each sandbox and waits; a call that times out holds the sandbox's creation or removal",
    mechanism: 'CNI calls do not return: sandboxes wait on their network setup or teardown',
  },
  {
    fact: 'cni.ip_exhausted',
    says: {
      en: [
        'ran out of IPs',
        'out of IPs',
        'out of IP addresses',
        'IP exhaustion',
        'IPs exhausted',
        'no IPs left',
        'no free IPs',
        'IP addresses exhausted',
        "can't assign IPs",
        'cannot assign IPs',
        "couldn't assign an IP",
        'could not assign an IP',
        'failed to assign an IP',
      ],
      zh: ['IP 耗尽', 'IP耗尽', 'IP 用完', 'IP用完', '拿不到 IP', '拿不到IP', '分配不到 IP', 'IP 地址耗尽'],
      ja: ['IPが枯渇', 'IP枯渇', 'IPアドレスが枯渇', 'IPを取得できな'],
    },
    source:
      "the CNI specification's IPAM (containernetworking/cni SPEC.md, 'IP Allocation'; host-local and the VPC CNI's ipamd): each pod gets an address from the node's pool; with none left, the plugin's ADD fails",
    mechanism: "the network plugin's address pool is empty: new pods cannot get a network",
  },
  {
    fact: 'runtime.cmd_hang',
    specific:
      'a runtime-wide command (docker ps, crictl ps) not returning is one call to the daemon not returning',
    thing: {
      en: [
        'docker ps',
        'crictl ps',
        'crictl pods',
        'docker info',
        'crictl info',
        'ctr containers',
        'docker commands',
        'crictl commands',
        'docker CLI',
        // The image list is the daemon's too (docker_images(1), crictl images): every image, one call.
        'docker images',
        'crictl images',
      ],
      zh: ['docker ps', 'crictl ps', 'docker info', 'docker 命令', 'crictl 命令', 'docker images'],
      ja: ['docker ps', 'crictl ps', 'dockerコマンド', 'crictlコマンド'],
    },
    state: {
      en: [...NOT_ANSWERING.en, 'forever', 'ctrl-c', 'taking minutes', 'takes minutes'],
      zh: NOT_ANSWERING.zh,
      ja: NOT_ANSWERING.ja,
    },
    // A command about one container named with it (docker inspect, crictl exec): the hang may be that container's
    // (its shim or its process), not the daemon's answer to every caller. Not "docker logs": people say it of the
    // daemon's own journal too.
    unless: [
      'docker inspect',
      'crictl inspect',
      'docker exec',
      'crictl exec',
      'docker stop',
      'crictl stop',
      'docker rm ',
      'crictl rm ',
    ],
    source:
      'docker ps (docker_ps(1)) and crictl ps (cri-tools docs/crictl.md) ask the daemon for every container: a runtime-wide command that never returns means the daemon does not answer',
    mechanism: 'the runtime daemon does not answer runtime-wide calls: the kubelet relist waits on it',
  },
  {
    fact: 'runtime.unreachable',
    thing: {
      en: [
        'containerd.sock',
        'docker.sock',
        'crio.sock',
        'runtime endpoint',
        'runtime socket',
        'containerd socket',
        'docker socket',
      ],
      zh: ['containerd.sock', 'docker.sock', 'crio.sock', 'runtime endpoint'],
      ja: ['containerd.sock', 'docker.sock', 'crio.sock', 'ソケット'],
    },
    state: {
      en: [
        'connection refused',
        "couldn't connect",
        'could not connect',
        'cannot connect',
        "can't connect",
        'no such file',
        "wasn't even there",
        'not there',
        'missing',
        'gone',
        'disappeared',
        'vanished',
        'gone',
      ],
      zh: [
        '连不上',
        '連不上',
        'connection refused',
        '不存在',
        '不可用',
        '没了',
        '不见了',
        '消失了',
        '被删了',
      ],
      ja: ['接続できな', '接続できませ', '存在しな', '消えて', 'なくなって'],
    },
    source:
      "the CRI runtime endpoint (crictl --runtime-endpoint, cri-tools docs/crictl.md; the kubelet's --container-runtime-endpoint): a unix socket the daemon serves; connect(2) ECONNREFUSED or ENOENT on it means no daemon is listening",
    mechanism: "nothing serves the runtime's socket: every CRI call fails at once",
  },
  {
    fact: 'runtime.service_failed',
    thing: {
      en: [
        'dockerd',
        'docker.service',
        'docker daemon',
        'containerd',
        'containerd.service',
        'crio',
        'cri-o',
        'crio service',
        'container runtime',
      ],
      zh: ['dockerd', 'docker.service', 'containerd', 'cri-o', 'crio', '容器运行时', 'docker 服务'],
      ja: ['dockerd', 'containerd', 'cri-o', 'crio', 'コンテナランタイム', 'ランタイム'],
    },
    state: {
      en: [
        'crashed',
        'crash loop',
        'crash-loop',
        'restart loop',
        'died',
        'was dead',
        'is dead',
        'panicked',
        'Go panic',
        'failed to start',
        "wouldn't start",
        "won't start",
        'failed with exit',
        'exit code',
        'exiting with',
        'gave up restarting',
        'start request repeated too quickly',
        'stayed down',
        'went down',
        'not running',
        "wasn't running",
      ],
      zh: [
        '挂了',
        '掛了',
        '崩溃',
        '崩潰',
        '起不来',
        '起不來',
        '启动失败',
        '反复退出',
        '不断退出',
        '放弃重启',
        '一直在 restart',
        '一直 restart',
        'panic',
      ],
      ja: ['落ち', 'failed状態', '起動しな', '起動しませ', '再起動を諦め', 'panic'],
    },
    // A container or a pod that crashed is its own, not the daemon's; a person's laptop is not the node.
    unless: [
      // systemctl's own call to systemd timing out is D-Bus, not the daemon (systemd.ts reads it).
      'Connection timed out',
      'connection timed out',
      'container crashed',
      'pod crashed',
      'the app',
      'our app',
      // A kill by SIGKILL (exit status 137 = 128 + 9) is the forced kill descriptions.ts reads (runtime.killed).
      ' 137',
      '码137',
      '碼137',
      'SIGKILL',
      'kill -9',
    ],
    source:
      "systemctl status of the runtime's unit (systemd.service(5) Restart=, StartLimitBurst=; 'start request repeated too quickly'): the daemon exited, crashed with a Go panic, or will not start, and systemd may have stopped restarting it",
    mechanism: 'the runtime daemon is not running: the kubelet reports the runtime down and nothing runs',
  },
  {
    fact: 'kubelet.dead',
    thing: { en: ['kubelet', 'Kubelet', 'kubelet.service'], zh: ['kubelet'], ja: ['kubelet'] },
    state: {
      en: [
        'crash loop',
        'crash-loop',
        'crashlooping',
        'crash-looping',
        'restart loop',
        'restarting every',
        "wouldn't start",
        "won't start",
        'would not start',
        'refused to start',
        'failed to start',
        'not running',
        "wasn't running",
        'was dead',
        'is dead',
      ],
      zh: ['起不来', '起不來', 'crash loop', '不断退出', '反复退出', '启动失败', '没了'],
      ja: ['起動しませ', '起動しな', '起動できな', '落ちて'],
    },
    // A panic is a kubelet defect (kubelet.panic); "fixed by restarting the kubelet" is the person's action.
    unless: [
      // systemctl's own call to systemd timing out is D-Bus, not the kubelet.
      'Connection timed out',
      'connection timed out',
      'Go panic',
      'Goのpanic',
      'panic:',
      'panicked',
      'kubelet panic',
      'restarting the kubelet fixed',
      // A part of the kubelet (its sync loop, a manager) is not the process; its log quoting another's state
      // ("kubelet 日志一直刷 runtime is down") is a kubelet alive and writing.
      ...KUBELET_LOG_QUOTES,
      "kubelet's",
      'kubelet’s',
      'restarting kubelet fixed',
      '重启 kubelet',
      '再起動したら',
    ],
    source:
      "systemctl status kubelet (systemd.service(5) Restart=) and the kubelet's own start-up (cmd/kubelet/app/server.go run): a kubelet that exits or will not start posts no status, and the node controller marks the node Unknown",
    mechanism: 'the kubelet is not running: nothing posts the node status, so the node goes NotReady/Unknown',
  },
  {
    fact: 'kubelet.panic',
    thing: { en: ['kubelet', 'Kubelet'], zh: ['kubelet'], ja: ['kubelet'] },
    // The kernel's panic is the node's crash, not the kubelet's.
    unless: [
      'kernel panic',
      'Kernel panic',
      '内核 panic',
      '内核panic',
      'カーネルパニック',
      'カーネルpanic',
      // Denied after the state, in Japanese and Chinese.
      'panicしていません',
      'panicしていな',
      'panicはしていません',
      '没有 panic',
      '没有panic',
      '沒有 panic',
    ],
    state: { en: ['Go panic', 'panicked', 'panic:', 'nil pointer'], zh: ['panic'], ja: ['panic'] },
    source:
      "the Go runtime's panic (the kubelet's crash handler, k8s.io/apimachinery/pkg/util/runtime HandleCrash): a kubelet that panics is a kubelet bug whose trace names the subsystem",
    mechanism: 'the kubelet crashed on a bug: it restarts and may crash again on the same state',
  },
  {
    fact: 'network.disrupted',
    says: {
      en: [
        'lost its network',
        'lost network',
        'lost connectivity',
        'network outage',
        'network partition',
        'network went down',
        'network was down',
        'stopped passing traffic',
        "couldn't even ping",
        'could not ping',
        "couldn't ping",
        'cannot ping',
        'link went down',
        'interface reset',
        'NIC reset',
      ],
      zh: [
        '网络断了',
        '網路斷了',
        '网络中断',
        '網路中斷',
        '断网',
        '斷網',
        '网络不通',
        '網路不通',
        'ping 不通',
        'ping不通',
        '网卡 down',
        '网卡down',
        '失联',
      ],
      ja: [
        'ネットワークが切断',
        'ネットワーク断',
        'ネットワークが落ち',
        '疎通できな',
        '疎通が取れな',
        'pingが通らな',
      ],
    },
    source:
      "ip-link(8) (a link DOWN), ping(8), and the node controller's grace period (docs 'Node Status', node-monitor-grace-period): a node whose network is cut cannot post its status and is marked Unknown",
    mechanism: "the node's network is cut: the kubelet cannot reach the API server, so the node goes Unknown",
  },
  // Round 22 (r22-below-runtime): the node come to be out of reach, in Japanese: a suru-verb of passing traffic or
  // reaching (疎通する, 到達する, 通信する, 接続する, and their potentials) or a godan verb of connecting (繋がる,
  // つながる) or passing (pingが通る) in its negative forms, said of the node. The thing is the node (or the host,
  // server, machine): another program that cannot connect (a database, a registry) is not the node's network.
  {
    fact: 'network.disrupted',
    thing: {
      en: ['node', 'host', 'server', 'machine', 'worker'],
      ja: ['ノード', 'ホスト', 'サーバー', 'サーバ', 'マシン', 'ワーカー', '実機', '物理マシン'],
    },
    state: {
      en: [],
      ja: [
        ...jaSuruNegatives('疎通'),
        ...jaSuruNegatives('疎通', true),
        '疎通が取れな',
        '疎通が取れませ',
        ...jaSuruNegatives('到達', true),
        '到達不能',
        ...jaSuruNegatives('通信', true),
        ...jaSuruNegatives('接続', true),
        ...jaGodanNegatives('繋がら', '繋がり'),
        ...jaGodanNegatives('つながら', 'つながり'),
        ...jaGodanNegatives('pingが通ら', 'pingが通り'),
        ...jaGodanNegatives('ping が通ら', 'ping が通り'),
        ...jaSuruNegatives('SSH', true),
        ...jaSuruNegatives('ssh', true),
        ...jaSuruNegatives('SSH ', true),
        ...jaSuruNegatives('ssh ', true),
        'オフラインにな',
      ],
    },
    unless: ['DB', 'データベース', 'database', 'レジストリ', 'registry', 'Pod', 'pod', 'コンテナ'],
    source:
      "ping(8) and ssh(1) out of reach, the node controller's grace period (docs 'Node Status', node-monitor-grace-period): the Japanese verbs of reaching and connecting (疎通する, 到達する, 繋がる) in their negative and 'came to be' forms, said of the node",
    mechanism:
      "the node's network is cut: it answers no ping or SSH, and its kubelet cannot reach the API server, so the node goes Unknown",
  },
  {
    fact: 'node.unresponsive',
    thing: {
      en: ['node', 'host', 'server', 'machine'],
      ja: ['ノード', 'ホスト', 'サーバー', 'サーバ', 'マシン', '実機'],
    },
    state: { en: [], ja: [...jaSuruNegatives('応答'), '応答がなくな', '応答が返らな', '応答が返ってこな'] },
    span: 40,
    unless: ['Pod', 'pod', 'コンテナ', 'API', 'アプリ', 'プロセス', 'kubelet', 'docker', 'containerd'],
    source:
      "the node out of an operator's reach: the Japanese suru-verb 応答する (to answer) in its negative and 'came to be' forms, said of the node itself",
    mechanism:
      'the whole host stops answering (network cut, a kernel wedged, memory thrashing) and every daemon on it with the kubelet',
  },
  {
    fact: 'kubelet.api_error',
    thing: {
      en: [
        'API server',
        'api server',
        'apiserver',
        'kube-apiserver',
        ':6443',
        'port 6443',
        'control plane',
        'node status',
        'lease',
      ],
      zh: ['apiserver', 'API server', 'api server', '6443', '控制面'],
      ja: ['APIサーバー', 'APIサーバ', 'apiserver', '6443'],
    },
    // A network plugin that cannot reach the API server is its datastore error (cni.datastore_error).
    unless: ['calico', 'Calico', 'cilium', 'flannel', 'network plugin', 'datastore'],
    state: {
      en: [
        'unreachable',
        "couldn't reach",
        'could not reach',
        "can't reach",
        'cannot reach',
        'i/o timeout',
        'connection refused',
        'no route to host',
        "couldn't post",
        'could not post',
        'stopped renewing',
        'failed to renew',
        'timing out',
        'timed out',
        'times out',
        'stopped answering',
      ],
      zh: ['连不上', '連不上', '不可达', '不可達', '访问不了', '超时', '超時'],
      ja: ['接続できな', '接続できませ', '接続できず', '到達できな', '通信できな', 'タイムアウト'],
    },
    source:
      "the kubelet's node status updates and Lease renewal (docs 'Node Heartbeats'; pkg/kubelet/kubelet_node_status.go tryUpdateNodeStatus): a kubelet that cannot reach the API server posts nothing, and the node goes Unknown",
    mechanism: 'the kubelet cannot reach the API server: its status and lease stop, so the node goes Unknown',
  },
  {
    fact: 'apiserver.down',
    thing: {
      en: [
        'API server load balancer',
        'apiserver load balancer',
        'the SLB',
        'the ELB',
        'the NLB',
        'apiserver VIP',
        'API VIP',
      ],
      zh: ['SLB', 'ELB', 'apiserver 负载均衡', 'apiserver 前面的'],
      ja: ['ロードバランサ', 'APIサーバー'],
    },
    state: {
      en: ['was down', 'went down', 'died', 'outage'],
      zh: ['挂了', '掛了', '宕机', '宕機', '故障'],
      ja: ['落ち', 'ダウン', '停止'],
    },
    source:
      "the API server's front (a cloud load balancer or a VIP, docs 'Options for Highly Available Topology'): when it is down every kubelet loses the API server at once",
    mechanism: 'the API server (or its load balancer) is down: every node stops posting status together',
  },
  {
    fact: 'kubelet.auth_error',
    specific:
      'an expired or rejected client certificate is one check (x509 expiry, the Node authorizer) failing',
    thing: {
      en: ['certificate', 'cert', 'client cert', 'node authorizer', 'x509'],
      zh: ['证书', '證書'],
      ja: ['証明書'],
    },
    state: {
      en: [
        'expired',
        'rejected',
        'Unauthorized',
        'unauthorized',
        'forbidden',
        'a different node name',
        'has expired',
        'not yet valid',
      ],
      zh: ['过期', '過期', '被拒绝', '被拒絕', '失效'],
      ja: ['期限切れ', '拒否', '失効'],
    },
    unless: ['successfully', 'no auth errors', 'rotated fine'],
    source:
      "the kubelet's client certificate (docs 'Certificate Management with kubeadm', 'Node Authorization'; x509 expiry): an expired certificate, or one the Node authorizer does not accept, makes the API server reject every call",
    mechanism:
      "the API server rejects the kubelet's credentials: it cannot post status, so the node goes Unknown",
  },
  {
    fact: 'cni.datastore_error',
    thing: {
      en: [
        'calico',
        'Calico',
        'calico-node',
        'cilium',
        'cilium-agent',
        'flannel',
        'network plugin',
        'CNI plugin',
      ],
      zh: ['calico', 'cilium', 'flannel', '网络插件'],
      ja: ['calico', 'cilium', 'flannel', 'ネットワークプラグイン'],
    },
    state: {
      en: [
        'datastore',
        'connection refused to the API server',
        'reach the API server',
        'reach the apiserver',
        'reach etcd',
        'connect to etcd',
      ],
      zh: ['数据存储', '连不上 apiserver', '连不上apiserver', '连不上 etcd'],
      ja: ['データストア', 'APIサーバーに接続できな'],
    },
    source:
      "Calico's datastore (docs 'Configure the datastore': the Kubernetes API or etcd), and the agents of cilium and flannel that read their state from the API server: a plugin that cannot reach it cannot allocate or program a pod's network",
    mechanism: "the network plugin cannot read its datastore: each pod's network setup fails",
  },
  {
    fact: 'cni.config_dir_empty',
    specific: 'the CNI configuration directory empty is one state of one directory the runtime loads',
    thing: {
      en: ['/etc/cni/net.d', 'CNI config directory', 'cni config dir', 'CNI configuration directory'],
      zh: ['/etc/cni/net.d'],
      ja: ['/etc/cni/net.d'],
    },
    state: {
      en: ['empty', 'no files', 'nothing in', 'no config'],
      zh: ['空的', '是空', '为空', '没有文件', '没有配置'],
      ja: ['空', 'ファイルがな'],
    },
    source:
      "the CNI configuration directory the runtime loads (containerd's conf_dir and cri-o's network_dir, default /etc/cni/net.d; libcni ConfFiles): with no file in it the runtime's network stays not ready",
    mechanism:
      'the runtime finds no CNI configuration: no pod network can be set up until the plugin writes one',
  },
  {
    fact: 'apiserver.failover',
    thing: {
      en: ['VIP', 'keepalived', 'master failover', 'control-plane failover', 'failover'],
      zh: ['VIP', 'keepalived', '主备切换'],
      ja: ['VIP', 'keepalived', 'フェイルオーバー'],
    },
    state: {
      en: [
        'moved',
        'switched',
        'failed over',
        'old connections',
        'stale connections',
        'kept their',
        'kept the old',
      ],
      zh: ['漂移', '切换', '切換', '旧连接', '舊連接'],
      ja: ['切り替', '移動', '古い接続'],
    },
    // A failover drill the nodes rode out.
    unless: [
      // A drill, in Chinese and Japanese.
      '演练',
      '演練',
      '演習',
      'drill',
      'stayed Ready',
      'stayed ready',
      'test',
    ],
    source:
      "keepalived's VRRP (keepalived.conf(5), vrrp_instance) moves a virtual IP between API-server hosts; a kubelet's long-lived HTTP/2 connection to the old host is not torn down until it notices (docs 'Options for Highly Available Topology')",
    mechanism:
      "the API server's address moved to another host: kubelets keep talking to the old one until their connections time out",
  },
  {
    fact: 'cgroup.pods_frozen',
    specific: 'the kubepods cgroup FROZEN is one freezer state',
    thing: { en: ['kubepods'], zh: ['kubepods'], ja: ['kubepods'] },
    state: {
      en: ['FROZEN', 'FREEZING', 'is frozen', 'was frozen', 'were frozen', 'state frozen'],
      zh: ['冻结', '凍結', 'FROZEN'],
      ja: ['凍結', 'FROZEN'],
    },
    // A container's own scope, and cgroup.events' `frozen 0|1` field, are read by the kubelet rules.
    unless: ['.scope', 'cgroup.events', 'THAWED'],
    source:
      'the cgroup freezer (Documentation/admin-guide/cgroup-v1/freezer-subsystem.rst freezer.state FROZEN/FREEZING; cgroup v2 cgroup.freeze): a frozen kubepods slice stops every process of its pods',
    mechanism:
      "the kubelet's pod slice is frozen: every pod's processes are stopped, so probes and exec time out",
  },
  {
    fact: 'proc.frozen',
    specific: 'a task in __refrigerator or a freezer cgroup never thawed is one freezer state',
    says: { en: ['__refrigerator'], zh: [], ja: [] },
    thing: { en: ['freezer cgroup', 'freezer'], zh: ['freezer'], ja: ['freezer'] },
    state: {
      en: ['never thawed', 'never got thawed', 'not thawed', 'stuck', 'FROZEN'],
      zh: ['没有解冻', '未解冻', '卡住'],
      ja: ['解凍されな'],
    },
    unless: ['kubepods'],
    source:
      'the cgroup freezer (Documentation/admin-guide/cgroup-v1/freezer-subsystem.rst): a frozen task waits in __refrigerator until its cgroup is THAWED; runc freezes a container to pause or kill it',
    mechanism:
      "a container's processes sit frozen: the runtime's calls on it wait until someone thaws the cgroup",
  },
  {
    fact: 'kubelet.known_defect',
    specific:
      "a release's known bug named as the kubelet's (or its PLEG's, which only the kubelet runs) is the cause's definition",
    says: {
      en: ['known PLEG deadlock', 'known PLEG bug', 'known PLEG issue'],
      zh: ['已知的 PLEG 死锁', '已知的PLEG死锁', '已知 PLEG 死锁', '已知的 PLEG 问题'],
      ja: ['既知の PLEG', '既知のPLEG'],
    },
    thing: { en: ['kubelet', 'Kubelet'], zh: ['kubelet'], ja: ['kubelet'] },
    state: {
      en: ['known bug', 'known issue', 'known defect', 'known regression', 'known deadlock'],
      zh: ['已知 bug', '已知bug', '已知的 bug', '已知问题', '已知問題', '已知的死锁'],
      ja: ['既知のバグ', '既知の不具合', '既知の問題', '既知のデッドロック'],
    },
    source:
      "the kubelet's release notes (kubernetes CHANGELOG, 'Bug or Regression'): a person naming a kubelet release's known bug names a kubelet defect",
    mechanism: 'a known kubelet defect of this release is at work',
  },
  {
    fact: 'kubelet.alive_while_unknown',
    fineIsTheState: true,
    thing: {
      en: [
        'other agents',
        'other daemons',
        'everything else on the node',
        // The node's other API clients, by name: each holds its own connection to the API server.
        'kube-proxy',
        'node-exporter',
        'CNI daemonset',
        'calico-node',
      ],
      zh: ['其他 agent', '其他agent', '其他的 agent', '其他组件', 'kube-proxy'],
      ja: ['他のエージェント', 'ほかのエージェント', 'kube-proxy'],
    },
    state: {
      en: [
        'reach the API server',
        'talk to the API server',
        'talking to the API server',
        'reaching the API server',
        'were fine',
        'worked fine',
      ],
      zh: ['访问 apiserver 都正常', '都正常', '正常访问', 'apiserver 通信都正常', 'apiserver 通信正常'],
      ja: ['通信できて', '接続できて'],
    },
    source:
      "the node's Ready condition is posted by the kubelet alone (docs 'Node Status', node-monitor-grace-period): other agents on the node reaching the API server while the node is Unknown means the network is fine and the kubelet stopped posting",
    mechanism: 'the node reaches the API server but the kubelet posts nothing: the kubelet itself is stuck',
  },
  {
    fact: 'pleg.evented_unhealthy',
    specific: "the Evented PLEG's channel full is one defect of one feature",
    thing: { en: ['EventedPLEG', 'Evented PLEG', 'evented PLEG'], zh: ['EventedPLEG'], ja: ['EventedPLEG'] },
    state: {
      en: ['channel was full', 'channel is full', 'channel full', 'was full'],
      zh: ['满了', '滿了'],
      ja: ['満杯', 'いっぱい'],
    },
    source:
      "the kubelet's Evented PLEG (KEP-3386, pkg/kubelet/pleg/evented.go): runtime events go through a bounded channel; when it fills the kubelet falls back and reports PLEG unhealthy",
    mechanism: 'the Evented PLEG event channel filled up (a defect of the feature)',
  },
  {
    fact: 'runtime.selective_hang',
    specific:
      "one container's calls hanging while the runtime answers others is one container's shim or process not answering",
    thing: {
      en: [
        'one container',
        'that container',
        'a single container',
        'one pod',
        'that pod',
        'that container id',
      ],
      zh: ['那个 pod', '那个pod', '这个 pod', '一个容器', '那个容器', '这个容器'],
      ja: ['特定のコンテナ', 'そのコンテナ', 'そのPod'],
    },
    state: NOT_ANSWERING,
    span: 50,
    source:
      "the runtime's per-container calls (crictl inspect/exec/stop, docker inspect; the kubelet's exec probes) go through that container's shim: one container's calls hanging while others answer is that container's shim or process stuck",
    mechanism:
      "calls about one container hang while the runtime answers others: that container's shim or process is stuck",
  },
  {
    fact: 'runtime.exit_event_failed',
    specific: "containerd retrying a TaskExit event is one handler failing on one container's exit",
    thing: { en: ['TaskExit', 'exit event'], zh: ['TaskExit', '退出事件'], ja: ['TaskExit'] },
    state: {
      en: ['retry', 'retrying', 'backoff', 'never managed', 'failed to process', 'kept failing'],
      zh: ['重试', '重試', '一直失败'],
      ja: ['リトライ', '失敗し続け'],
    },
    source:
      "containerd's event handling of a task's exit (the CRI plugin's TaskExit handler, pkg/cri/server/events.go, retried with backoff): an exit the runtime cannot process leaves the container marked running",
    mechanism:
      "the runtime cannot process a container's exit: it stays listed as running and its pod cannot be torn down",
  },
  {
    fact: 'systemd.scope_failed',
    specific:
      "a container's scope not created is one call (StartTransientUnit on org.freedesktop.systemd1) failing or not returning",
    thing: {
      en: [
        'scopes',
        'scope units',
        'scope unit',
        'transient units',
        'transient scope',
        'transient scopes',
        '.scope',
      ],
      zh: ['scope', 'transient unit'],
      ja: ['scope', 'スコープ'],
    },
    state: {
      en: [
        "couldn't create",
        'could not create',
        'cannot create',
        "can't create",
        'never created',
        'never got created',
        'were not created',
        'was not created',
        "weren't created",
        "wasn't created",
        'failed to create',
        'failed to start',
        'not being created',
      ],
      zh: ['创建失败', '创建不了', '无法创建', '没有创建', '没创建', '建不出来', '創建失敗', '無法創建'],
      ja: ['作成できな', '作成に失敗', '作成されな', '作られな'],
    },
    // A scope that already exists is the kubelet's own race (kubelet.cgroup_unit_exists); cgroupfs has no scopes.
    unless: ['already exists', 'cgroupfs', 'kubepods.slice'],
    source:
      "systemd.scope(5) and org.freedesktop.systemd1(5) StartTransientUnit: with the systemd cgroup driver runc asks PID 1 over D-Bus for each container's scope; when the call fails or times out the container does not start",
    mechanism: "systemd does not create containers' scopes: every new container's start fails or waits",
  },
  {
    fact: 'systemd.busy',
    specific:
      "the system bus's daemon at full CPU is one process's measurement: the bus every systemd call crosses is saturated",
    thing: {
      en: ['dbus-daemon', 'dbus-broker', 'D-Bus daemon', 'dbus daemon'],
      zh: ['dbus-daemon', 'dbus-broker'],
      ja: ['dbus-daemon', 'dbus-broker'],
    },
    state: {
      en: [
        'at 100%',
        '100%',
        '100 %',
        'pegged',
        'pegging',
        'pegs',
        'maxed',
        'high CPU',
        'spinning',
        'busy loop',
        'all the CPU',
        'a full core',
      ],
      zh: ['100%', '打满', 'CPU 很高', 'CPU很高', 'CPU 飙高', 'CPU飙高', '占满'],
      ja: ['100%', '張り付', '高負荷'],
    },
    span: 50,
    // Denied in Japanese and Chinese after the state ("張り付いていませんでした", "没有打满").
    unless: ['ていません', 'ていない', '没有打满', '没打满', '沒有打滿'],
    source:
      "dbus-daemon(1): every call between systemd, the runtime and the kubelet's cgroup driver crosses the system bus; its daemon at full CPU (top(1) %CPU) queues every message, so systemd's replies arrive late or time out",
    mechanism:
      "the system bus is saturated: systemd's D-Bus calls (container scopes, unit queries) wait and time out",
  },
  {
    // The service manager or its bus named as what consumes the CPU ("systemd and dbus-broker consumed excessive
    // CPU"): PID 1 busy, not the node's CPUs saturated by workloads.
    fact: 'systemd.busy',
    thing: {
      en: ['systemd', 'PID 1', 'pid 1', 'dbus-broker', 'dbus-daemon'],
      zh: ['systemd', '1号进程', '1 号进程', 'dbus-broker', 'dbus-daemon'],
      ja: ['systemd', 'PID 1', 'dbus-broker', 'dbus-daemon'],
    },
    state: {
      en: [
        'consumed excessive CPU',
        'consuming excessive CPU',
        'consume excessive CPU',
        'consumes excessive CPU',
        'excessive CPU',
        'consuming all the CPU',
        'consumed all the CPU',
        'eating CPU',
        'eats CPU',
        'eating all the CPU',
        'hogging the CPU',
        'hogging CPU',
        'top CPU consumers',
      ],
      zh: [
        'CPU 占用高',
        'CPU占用高',
        'CPU 占用很高',
        'CPU占用很高',
        '占用大量 CPU',
        '占用大量CPU',
        '吃满 CPU',
        '吃满CPU',
      ],
      ja: ['CPU を大量に消費', 'CPUを大量に消費', 'CPU 使用率が高', 'CPU使用率が高'],
    },
    span: 60,
    thingFirst: true,
    // Another unit's process named after systemd (journald, udevd, resolved), or a unit that systemd merely runs.
    unless: ['systemd-', 'managed by systemd', 'under systemd', 'ていません', 'ていない', '没有'],
    source:
      "top(1)'s COMMAND column and systemd(1), dbus-daemon(1): the service manager (PID 1) and the system bus every call to it crosses named as what consumes the CPU: PID 1 is busy (unit churn, mount events), and its D-Bus replies come late",
    mechanism:
      "systemd and its bus are saturated: the kubelet's and the runtime's calls to it (scopes, slices, unit queries) wait and time out",
  },
  {
    fact: 'pods.many',
    specific: "a count of pods over a threshold (the kubelet's maxPods default is 110) is a measurement",
    forms: [
      {
        // Chinese and Japanese counts: "Pod 太多了，有 300 多个", "1ノードに300個以上".
        pattern: `(?:[Pp]od|ポッド)${WITHIN_SENTENCE}{0,30}(?:[2-9][0-9]{2}|[1-9][0-9]{3,}) ?(?:多|余)?[个個]`,
        literals: [
          ...['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].flatMap((d) => [`${d}个`, `${d}個`]),
          '多个',
          '余个',
          '多個',
          '余個',
        ],
      },
    ],
    unless: ['deleted', 'delete', 'namespace', 'scaled', '删除', '削除', ...CLUSTER_WIDE],
    source:
      "the kubelet's maxPods (KubeletConfiguration, default 110; docs 'Considerations for large clusters'): hundreds of pods on one node, each with its sandbox and containers, load the runtime and relist",
    mechanism:
      'one node runs many more pods than the default: every relist and status call carries all of them',
  },
  {
    fact: 'apiserver.down',
    specific:
      'the API server restarted by its liveness probe is one check (/livez, its etcd check) failing: the server is down between restarts',
    thing: {
      en: ['kube-apiserver', 'apiserver', 'API server', 'api server'],
      zh: ['kube-apiserver', 'apiserver', 'API server'],
      ja: ['kube-apiserver', 'apiserver', 'APIサーバー', 'APIサーバ'],
    },
    state: {
      en: [
        'liveness probe failed',
        'liveness probe failing',
        'liveness probe fails',
        'failed its liveness',
        'failing its liveness',
        'killed by its liveness',
        'killed by the liveness',
        'restarted by its liveness',
        'restarted by the liveness',
        'etcd check failed',
        'etcd check fails',
        'etcd check failing',
        'etcd health check failed',
        'etcd health check failing',
        'reported etcd failed',
        '[-]etcd failed',
        'restarted hundreds of times',
        'restarted thousands of times',
        'liveness probe of',
      ],
      zh: [
        'liveness 探针失败',
        'liveness探针失败',
        '存活探针失败',
        'etcd 检查失败',
        'etcd检查失败',
        'etcd 健康检查失败',
        '重启了几百次',
        '重启几百次',
        '被 liveness',
        '被liveness',
        '检查 etcd 失败',
        '检查etcd失败',
      ],
      ja: [
        'liveness probeで',
        'livenessプローブで',
        'etcdのヘルスチェックに失敗',
        '何百回も再起動',
        '数百回再起動',
      ],
    },
    // The kubelet's own probes of other pods, and a restart a person made (an upgrade, a rollout).
    unless: ['upgrade', 'we restarted', 'I restarted', 'rolling'],
    source:
      "kube-apiserver's /livez with its etcd check (docs 'Kubernetes API health endpoints'; the static pod's livenessProbe in kubeadm's manifest): when the etcd check fails the kubelet on the control plane kills and restarts the API server, and the nodes lose it between restarts",
    mechanism:
      "the API server keeps being restarted: every node's status updates and lease renewals fail while it is down",
  },
  {
    fact: 'apiserver.down',
    thing: {
      en: ['masters', 'master nodes', 'control-plane nodes', 'control plane nodes', 'control-plane hosts'],
      zh: ['master', '主节点', '控制平面节点', '管理节点'],
      ja: ['マスターノード', 'マスター', 'コントロールプレーンノード'],
    },
    // Not NotReady: a control-plane node NotReady may be the node in question itself, not the API server's host.
    state: {
      en: [
        'abnormal',
        'were down',
        'was down',
        'went down',
        'all down',
        'crashed',
        'powered off',
        'unhealthy',
      ],
      zh: ['异常', '異常', '宕机', '宕機', '挂了', '掛了', '故障', '关机'],
      ja: ['異常', '停止して', '停止しま', 'ダウン', '落ち'],
    },
    unless: ['upgrade', 'drill', '演练', '演習', 'stayed Ready', 'the worker', 'worker node is'],
    source:
      "the control-plane hosts that serve the API server (docs 'Options for Highly Available Topology', 'Creating Highly Available Clusters with kubeadm'): when enough of them are down the API server behind the shared address does not answer, and every node's status updates fail",
    mechanism: "the API server's hosts are down: the nodes cannot reach the API server and go Unknown",
  },
  // Round 16b: the kubelet's start-up refusals on its own checks, said in words (kubelet_defect takes them).
  {
    fact: 'kubelet.kernel_defaults',
    specific: 'protectKernelDefaults is one check of the kubelet, enforced at its start',
    thing: {
      en: ['protectKernelDefaults', 'protect-kernel-defaults'],
      zh: ['protectKernelDefaults', 'protect-kernel-defaults'],
      ja: ['protectKernelDefaults', 'protect-kernel-defaults'],
    },
    state: {
      en: [
        'refuses to start',
        'refused to start',
        "won't start",
        'fails to start',
        'failed to start',
        'exits',
        'exited',
        'differ',
        'mismatch',
      ],
      zh: ['起不来', '启动失败', '无法启动', '不一致', '退出'],
      ja: ['起動しな', '起動できな', '起動に失敗', '一致しな'],
    },
    source:
      "the kubelet's protectKernelDefaults (KubeletConfiguration; pkg/kubelet/cm/container_manager_linux.go setupKernelTunables in its error mode): kernel tunables (vm.overcommit_memory, kernel.panic, kernel.panic_on_oops) that differ from the kubelet's values are an error at start, not set",
    mechanism:
      'the kubelet exits at start because the host kernel tunables differ from what protectKernelDefaults demands',
  },
  {
    fact: 'kubelet.qos_root_missing',
    specific:
      "the kubepods cgroup is the kubelet's own QoS root: its absence right after creation is one check",
    thing: {
      en: ['kubepods cgroup', 'kubepods slice', 'kubepods.slice', 'QoS cgroup'],
      zh: ['kubepods cgroup', 'kubepods.slice', 'kubepods'],
      ja: ['kubepods cgroup', 'kubepods.slice', 'kubepods'],
    },
    state: {
      en: [
        'was missing',
        'is missing',
        'does not exist',
        "doesn't exist",
        'did not exist',
        "didn't exist",
        'not found',
      ],
      zh: ['不存在', '找不到', '丢失'],
      ja: ['存在しな', '見つからな'],
    },
    source:
      "the kubelet's container manager (pkg/kubelet/cm/container_manager_linux.go, the QoS container manager's Start and its cgroup-root check): the kubepods root it creates must exist when it checks",
    mechanism:
      'the kubelet container manager cannot find the kubepods cgroup it created, and the kubelet exits at start',
  },
  {
    fact: 'kubelet.cadvisor_cgroup_path',
    specific: "cAdvisor's watch of one cgroup path failing is one step of the kubelet's start",
    thing: { en: ['cAdvisor', 'cadvisor'], zh: ['cAdvisor', 'cadvisor'], ja: ['cAdvisor', 'cadvisor'] },
    state: {
      en: ['failed to watch', 'cannot watch', "couldn't watch", 'could not watch'],
      zh: ['监听失败', 'watch 失败', 'watch失败'],
      ja: ['監視に失敗', 'watch に失敗'],
    },
    source:
      "cAdvisor's raw container watcher (google/cadvisor container/raw/watcher.go, 'failed to watch directory'), started by the kubelet (pkg/kubelet/cadvisor): a cgroup layout its release does not know fails the watch",
    mechanism:
      "the kubelet's embedded cAdvisor cannot watch the host's cgroup layout, so the kubelet fails or reports no stats",
  },
  {
    fact: 'kubelet.container_map',
    specific: "the container map is the kubelet's own start-up bookkeeping of the runtime's containers",
    thing: {
      en: ['container map', 'containerMap'],
      zh: ['container map', 'containerMap'],
      ja: ['container map', 'containerMap'],
    },
    state: {
      en: ['died', 'exited', 'crashed', 'fails', 'failed', 'panic', 'sandbox'],
      zh: ['退出', '失败', 'sandbox'],
      ja: ['終了', '失敗', 'sandbox'],
    },
    source:
      "the kubelet's CPU and memory managers' container map (pkg/kubelet/cm/container_manager_linux.go buildContainerMapFromRuntime, 1.18-1.23): a container whose sandbox the runtime no longer lists made the kubelet fail at start",
    mechanism: 'the kubelet exits at start on an orphan container its own map cannot place',
  },
  {
    fact: 'network.netdev_leak',
    specific: "the kernel's unregister_netdevice wait names one device whose references are never released",
    says: {
      en: [
        'unregister_netdevice',
        'waiting for a veth to become free',
        'waiting for the veth to become free',
        'to become free with usage count',
        'to become free. Usage count',
      ],
      zh: ['unregister_netdevice'],
      ja: ['unregister_netdevice'],
    },
    source:
      "the kernel's netdev_wait_allrefs (net/core/dev.c, 'unregister_netdevice: waiting for %s to become free. Usage count = %d'): a network device being removed that something still references",
    mechanism:
      "a pod's network device cannot be removed while references to it leak: namespace teardown and new sandboxes wait",
  },
  // Round 25: a NIC driver's hang or transmit timeout named in people's words (the drivers' own terms).
  {
    fact: 'network.iface_lost',
    specific: "the NIC driver's own hang detection or transmit timeout, named by its term",
    says: {
      en: [
        'Detected Hardware Unit Hang',
        'Detected Tx Unit Hang',
        'hardware unit hang',
        'tx unit hang',
        'NETDEV WATCHDOG',
        'transmit queue timed out',
        'transmit queue timeout',
        'TX timeout detected',
      ],
      zh: ['NETDEV WATCHDOG', 'Unit Hang'],
      ja: ['NETDEV WATCHDOG', 'Unit Hang'],
    },
    source:
      'linux drivers/net/ethernet/intel e1000e e1000_print_hw_hang ("Detected Hardware Unit Hang"), igb/igc/ixgbe clean_tx_irq ("Detected Tx Unit Hang"), net/sched/sch_generic.c dev_watchdog ("NETDEV WATCHDOG: ... transmit queue %u timed out"), bnxt/mlx5 ndo_tx_timeout ("TX timeout detected")',
    mechanism:
      "the node's NIC stopped transmitting and its driver resets it: the host stays up but passes no traffic while it lasts",
  },
  // Round 25: k3s/rke2's node password refused, in people's words (the terms of the agent's and server's messages).
  {
    fact: 'agent.node_password_rejected',
    specific: "the distribution's own node-password check, named by its term",
    says: {
      en: [
        'node password rejected',
        'rejected node password',
        'rejects the node password',
        'rejected the node password',
        'node password was rejected',
        'node-passwd entry',
        'node-password secret',
        'node password secret',
        '.node-password.k3s',
        '.node-password.rke2',
        'node password mismatch',
      ],
      zh: ['node password', 'node-password'],
      ja: ['node password', 'node-password'],
    },
    source:
      'k3s pkg/agent/config/config.go getNodeNamedCrt ("Node password rejected, duplicate hostname or contents of \'%s\' may not match server node-passwd entry") and pkg/nodepassword (the per-node secret <node>.node-password.k3s; rke2 the same with .rke2)',
    mechanism:
      "the server refuses the agent's node password (the per-node secret holds another machine's hash): the agent gets no kubelet certificate and the node is never admitted",
  },
  {
    fact: 'cni.teardown_failed',
    specific: "the plugin's DEL is one CNI call, named with its failure",
    thing: {
      en: [
        'network teardown',
        'CNI DEL',
        'CNI delete',
        'teardown of the network',
        'tearing down the network',
        'tear down the network',
      ],
      zh: ['删除网络', '网络清理', 'CNI 删除', 'CNI DEL'],
      ja: ['ネットワークの削除', 'CNI の削除', 'CNI DEL'],
    },
    state: {
      en: ['failing', 'failed', 'fails', 'errors', 'keeps failing'],
      zh: ['失败', '失敗', '报错'],
      ja: ['失敗', 'エラー'],
    },
    source:
      "the CNI specification's DEL (containernetworking/cni SPEC.md) called by the runtime from StopPodSandbox (containerd's CRI teardownPodNetwork, cri-o's network teardown): a DEL that fails keeps the sandbox, and the kubelet retries KillPodSandbox",
    mechanism:
      "the network plugin's DEL fails: pods stay Terminating and the kubelet retries their sandboxes' removal",
  },
  // Round 16: the kubelet's own threads waiting on the disk are the storage's delay, not a wedged container.
  {
    fact: 'io.saturated',
    specific: "the kubelet's own threads waiting in the kernel on I/O is a process state with one meaning",
    thing: { en: ['kubelet', 'Kubelet'], zh: ['kubelet'], ja: ['kubelet'] },
    state: {
      en: [
        'stuck on I/O',
        'stuck on IO',
        'stuck on disk',
        'blocked on I/O',
        'blocked on IO',
        'blocked on disk',
        'waiting on I/O',
        'waiting on IO',
        'waiting on disk',
        'waiting for I/O',
        'waiting for IO',
        'D state',
        'D-state',
        'uninterruptible',
      ],
      zh: ['D 状态', 'D状态', '卡在磁盘', '卡在 IO', '卡在IO', '等待 IO', '等待IO', '不可中断'],
      ja: ['D状態', 'D 状態', 'I/O 待ち', 'I/O待ち', 'IO待ち'],
    },
    span: 40,
    source:
      "ps(1) 'D uninterruptible sleep (usually IO)' and the kernel's hung-task detector (kernel/hung_task.c): the kubelet's threads waiting in the kernel on the disk are delayed by the storage, not by a container",
    mechanism:
      "the node's storage is saturated: the kubelet's own threads wait on I/O and its status falls behind",
  },
  // Round 16: the node's networking described gone entirely, public and private alike.
  {
    fact: 'network.disrupted',
    says: {
      en: [
        'lost all networking',
        'lost all network',
        'all networking was gone',
        'networking was gone entirely',
        'both public and private interfaces',
        'public and private networks',
      ],
      zh: ['网络全断', '網路全斷', '公网和内网都', '内外网都不通', '内网外网都不通'],
      ja: ['ネットワークが完全に落ち', 'ネットワークが完全に切断', 'パブリックもプライベートも'],
    },
    source:
      "the node's interfaces (ip-link(8), ip-route(8)): with no interface passing traffic, public or private, neither the API server nor a person reaches the node",
    mechanism: "the node's network is gone entirely: the kubelet cannot post status and no one can log in",
  },
  // Round 16: a single-binary distribution's combined process (k3s, rke2, k0s, microk8s' kubelite) embeds the
  // kubelet: that process restarted in a loop is the kubelet not running (node_unreachable), whatever it logged.
  {
    fact: 'kubelet.dead',
    thing: {
      en: ['k3s', 'k3s-agent', 'k3s-server', 'rke2-server', 'rke2-agent', 'kubelite', 'k0s', 'k0sworker'],
      zh: ['k3s', 'rke2', 'kubelite', 'k0s'],
      ja: ['k3s', 'rke2', 'kubelite', 'k0s'],
    },
    state: {
      en: [
        'crash loop',
        'crash-loop',
        'crashlooping',
        'restart loop',
        'restarting every',
        'keeps restarting',
        'kept restarting',
        'keeps crashing',
        'kept crashing',
        'start request repeated too quickly',
      ],
      zh: ['一直重启', '不断重启', '反复重启', '起不来', '启动失败'],
      ja: ['再起動を繰り返', '起動しな', '起動できな', 'クラッシュループ'],
    },
    // A pod or container crash-looping on such a cluster is that workload's, not the distribution's process.
    unless: ['CrashLoopBackOff', 'pod ', 'Pod ', 'pods', 'container', '容器', 'コンテナ', 'ポッド'],
    span: 50,
    source:
      "k3s's, rke2's and k0s's combined binaries and microk8s' kubelite run the kubelet in their own process (k3s pkg/daemons/agent, microk8s kubelite), and their systemd units restart it (Restart=always): a loop of that unit is the kubelet not running",
    mechanism:
      'the process that embeds the kubelet exits and is restarted in a loop: no kubelet posts the node status',
  },
  // Round 16b: one CRI call named with its failure, and the CNI configuration said not to parse.
  {
    fact: 'runtime.list_timeout',
    specific:
      "one CRI list call (ListContainers, ListPodSandbox) that does not return is the runtime's answer missing",
    thing: {
      en: [
        'ListContainers',
        'ListPodSandbox',
        'listing pod sandboxes',
        'listing the pod sandboxes',
        'listing containers',
      ],
      zh: ['ListContainers', 'ListPodSandbox'],
      ja: ['ListContainers', 'ListPodSandbox'],
    },
    state: {
      en: [...NOT_ANSWERING.en, 'DeadlineExceeded', 'deadline exceeded'],
      zh: [...(NOT_ANSWERING.zh ?? []), 'DeadlineExceeded', 'deadline exceeded'],
      ja: [...(NOT_ANSWERING.ja ?? []), 'DeadlineExceeded', 'deadline exceeded'],
    },
    // The list named among the calls that create, start and stop containers, all hanging: the runtime slowed under
    // some other load (churn, storage) as often as not answering at all; those sentences stay with their own rules.
    unless: ['StartContainer', 'StopContainer', 'CreateContainer', 'RunPodSandbox'],
    source:
      "the CRI's RuntimeService (k8s.io/cri-api api.proto ListContainers, ListPodSandbox), called by the kubelet's relist (pkg/kubelet/pleg/generic.go) with a deadline: a runtime that does not answer the list fails every relist",
    mechanism: "the runtime does not answer the kubelet's list calls: relist fails and PLEG goes unhealthy",
  },
  {
    fact: 'runtime.cri_version',
    specific:
      "gRPC's unknown service for the CRI's v1 API names one version mismatch between the kubelet and the runtime",
    thing: {
      en: ['RuntimeService', 'runtime.v1', 'CRI v1', 'v1 CRI', 'CRI API'],
      zh: ['RuntimeService', 'runtime.v1', 'CRI v1'],
      ja: ['RuntimeService', 'runtime.v1', 'CRI v1'],
    },
    state: {
      en: [
        'unknown service',
        'Unimplemented',
        'not implemented',
        'unimplemented',
        'not supported',
        "doesn't support",
        'does not support',
      ],
      zh: ['unknown service', '不支持', '未实现'],
      ja: ['unknown service', 'サポートされていな', '未実装'],
    },
    source:
      "the kubelet's CRI client from 1.26 speaks only the CRI's v1 API (pkg/kubelet/cri/remote, k8s.io/cri-api runtime.v1); a runtime without it answers gRPC's 'unknown service runtime.v1.RuntimeService'",
    mechanism:
      'the runtime does not speak the CRI version the kubelet asks for: every call fails and the runtime counts as down',
  },
  {
    fact: 'cni.config_invalid',
    specific: 'a CNI configuration file that does not parse names one file the runtime loads',
    thing: {
      en: ['CNI config', 'cni config', 'CNI configuration', 'conflist'],
      zh: ['cni 配置', 'CNI 配置', 'cni配置', 'CNI配置', 'conflist'],
      ja: ['CNI 設定', 'CNI設定', 'conflist'],
    },
    state: {
      en: [
        'invalid',
        'malformed',
        'failed to parse',
        'parse error',
        'syntax error',
        'not loaded',
        "wasn't loaded",
        'was ignored',
      ],
      zh: ['格式写错', '格式错误', '格式不对', '写错了', '没被加载', '没有被加载', '解析失败', '加载失败'],
      ja: ['不正', 'パースに失敗', '読み込まれていな', '読み込まれませ'],
    },
    source:
      "libcni's configuration loading (containernetworking/cni libcni/conf.go ConfListFromBytes, ConfFiles), used by containerd's and cri-o's network setup: a file that does not parse is skipped and the network stays not ready",
    mechanism: 'the runtime cannot load the CNI configuration: no pod network can be set up',
  },
  // Round 18: the words of the kubelet's resource model and of node status fields, read in people's sentences.
  // Pods with no limits (QoS class BestEffort, or memory limits unset): the scheduler counts requests only, so the
  // node holds more than it can give. A configuration, not an episode: weighed as pods.unbounded.
  {
    fact: 'pods.unbounded',
    says: {
      en: [
        'no resources set',
        'no resource limits',
        'no resource requests or limits',
        'no memory limits',
        'no memory limit',
        'no limits set',
        'no limits or requests',
        'no requests or limits',
        'without resource limits',
        'without memory limits',
        'without limits',
        'unset memory limits',
        'unset memory limit',
        'unset limits',
        'limits unset',
        'limits not set',
        'memory limits not set',
        'BestEffort QoS',
        'BestEffort pods',
        'BestEffort pod',
        'QoS class BestEffort',
        'best-effort pods',
      ],
      zh: [
        '没有设置内存限制',
        '未设置内存限制',
        '没有设置资源限制',
        '未设置资源限制',
        '没有内存限制',
        '沒有內存限制',
        'BestEffort 的 Pod',
        'BestEffort类型',
      ],
      ja: [
        'リソース制限なし',
        'リソース制限を設定していな',
        'メモリ制限なし',
        'limitsを設定していな',
        'BestEffortのPod',
      ],
    },
    // Round 22: the QoS class as an adjective before the pods, with words of the workload between ("8 best effort
    // Java pods").
    forms: [
      {
        pattern: '[Bb]est[- ][Ee]ffort (?:[A-Za-z][\\w-]* ){0,2}[Pp]ods',
        literals: ['best effort', 'best-effort'],
      },
    ],
    // A namespace's LimitRange or a policy that sets them is the opposite; a laptop's Docker is not a node.
    // "Best effort" is also an English phrase ("on a best-effort basis", "its best effort to spread pods").
    unless: [
      'LimitRange',
      'enforce',
      'admission',
      'best effort to',
      'best-effort basis',
      'best effort basis',
    ],
    source:
      "Kubernetes docs 'Pod Quality of Service Classes' (BestEffort: no container has a memory or CPU limit or request) and 'Resource Management for Pods and Containers' (a container with no memory limit may use all the memory available on the node; the scheduler places pods by their requests)",
    mechanism:
      "pods without limits are placed as if they cost nothing and may take all the memory and CPU of the node, the kubelet's and the runtime's share too",
  },
  // The node's CPU load or use said to be high: a vague state (CPU is high for many reasons), so unmarked.
  {
    fact: 'cpu.saturated',
    thing: {
      en: ['CPU load', 'CPU usage', 'CPU utilization', 'CPU utilisation', 'cpu load', 'cpu usage'],
      zh: ['CPU使用率', 'CPU 使用率', 'CPU占用', 'CPU 占用', 'CPU负载', 'CPU 负载', 'cpu使用率', 'cpu负载'],
      ja: ['CPU使用率', 'CPU負荷', 'CPU 負荷'],
    },
    state: {
      en: [
        'high',
        'very high',
        'spiking',
        'spiked',
        'keeps increasing',
        'kept increasing',
        'keeps growing',
        'kept growing',
        'through the roof',
        'skyrocketed',
      ],
      zh: ['很高', '过高', '偏高', '飙升', '居高不下', '持续升高', '一直升高'],
      ja: ['高い', '高騰', '上がり続け', '上昇し続け'],
    },
    span: 30,
    // One pod's, one container's or PID 1's CPU is theirs (systemd.ts and the grammar read systemd's); a service of
    // its own (the API server, etcd, a database) is that service's.
    unless: [
      "pod's",
      'its limit',
      'its container',
      'the container',
      'PID 1',
      'pid 1',
      'systemd',
      'apiserver',
      'API server',
      'etcd',
      'database',
      '容器内',
      'コンテナ内',
    ],
    source:
      "top(1) and uptime(1): the CPUs' use (%Cpu(s) us/sy) and the load average (proc(5) /proc/loadavg, the run queue); 'high CPU load', 'CPU使用率很高' say they are near full, not why",
    mechanism: 'the kubelet and the runtime get too little CPU to answer in time',
  },
  {
    fact: 'cpu.saturated',
    // The load average said to spike or climb to a number of runnable (and D-state) tasks.
    forms: [
      {
        pattern:
          '(?:[Ll]oad|[Ll]oad average|[Ll]oadavg)(?: (?:spikes?|spiked|spiking|shot up|jumped|went up|climbed|rose|was|is|hit|reached))(?: up)? (?:to )?(?:over |above |more than |past )?[0-9]{2,}',
        literals: ['load'],
      },
      {
        pattern:
          '(?:负载|負載|ロードアベレージ|load)(?:飙到|飙升到|飙升至|升到|达到|達到|高达|高達|が)(?:了)? ?[0-9]{2,}',
        literals: ['负载', '負載', 'ロードアベレージ', 'load'],
      },
    ],
    unless: ['load balancer', 'loadBalancer', 'LoadBalancer', 'load test', 'image load', 'docker load'],
    source:
      "proc(5) /proc/loadavg and uptime(1): the load average counts tasks running, runnable or in uninterruptible sleep; tens of them on a node's handful of CPUs is a node saturated",
    mechanism:
      'tasks queue for the CPUs (or the disk): the kubelet and the runtime wait their turn and miss deadlines',
  },
  // The kubelet writes the runtime's version into the node's status; "Unknown" is what it writes when the runtime
  // did not answer its Version call.
  {
    fact: 'runtime.down',
    specific:
      "the kubelet writes 'Unknown' as the runtime's version only when its Version call to the runtime fails",
    says: {
      en: [
        'docker://Unknown',
        'docker://unknown',
        'containerd://Unknown',
        'containerd://unknown',
        'cri-o://Unknown',
        'cri-o://unknown',
        'remote://Unknown',
      ],
    },
    thing: {
      en: [
        'docker version',
        'containerd version',
        'runtime version',
        'CONTAINER-RUNTIME',
        'container runtime version',
        'ContainerRuntimeVersion',
      ],
      zh: ['docker版本', 'docker 版本', '运行时版本', '運行時版本', 'CONTAINER-RUNTIME'],
      ja: ['ランタイムのバージョン', 'CONTAINER-RUNTIME'],
    },
    state: {
      en: ['unknown', 'Unknown'],
      zh: ['unknown', 'Unknown', '未知'],
      ja: ['unknown', 'Unknown', '不明'],
    },
    span: 40,
    thingFirst: true,
    // The writer not knowing the version is no value the kubelet wrote.
    unless: ['unknown to', 'Unknown to'],
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go VersionInfo (1.13+; kubelet_node_status.go setNodeStatusVersionInfo before): runtimeVersion := "Unknown" unless runtimeVersionFunc() returns without error, then ContainerRuntimeVersion = fmt.Sprintf("%s://%s", runtimeType, runtimeVersion), shown by kubectl get nodes -o wide',
    mechanism:
      "the runtime did not answer the kubelet's Version call when the node's status was last written: the kubelet cannot reach the runtime",
  },
  // Nodes that crash and reboot, said as a noun ("a recurring crash and reboot of all worker nodes").
  {
    fact: 'node.rebooting',
    says: {
      en: [
        'crash and reboot',
        'crashes and reboots',
        'crash-and-reboot',
        'crashing and rebooting',
        'crashed and rebooted',
        'reboot loop',
        'boot loop',
        'bootloop',
      ],
      zh: ['反复宕机重启', '不断宕机重启', '宕机重启循环'],
      ja: ['クラッシュと再起動を繰り返', '再起動ループ'],
    },
    // A program's restart loop is the program's, not the host's.
    unless: [
      'pod',
      'Pod',
      'container',
      'kubelet',
      'docker',
      'containerd',
      'process',
      'application',
      'daemon',
      'service',
      'agent',
      '容器',
      '进程',
      'コンテナ',
    ],
    source:
      "reboot(2) and the kernel's panic handling (kernel/panic.c: panic_timeout, the kernel.panic sysctl reboots the host after a panic): a host that crashes and comes back by itself, again and again",
    mechanism:
      'the host goes down with everything on it and comes back: each time the kubelet is gone until it starts again',
  },
  // The kubelet's main loop named by its function: it dispatches every pod update, PLEG event and housekeeping tick.
  {
    fact: 'kubelet.wedged',
    thing: {
      en: ['syncLoop', 'sync loop', 'syncLoopIteration', "kubelet's main loop"],
      zh: ['syncLoop', 'sync loop', 'syncLoopIteration'],
      ja: ['syncLoop', 'syncLoopIteration'],
    },
    state: {
      en: [
        'not running',
        'stopped running',
        'stopped',
        'stuck',
        'blocked',
        'hung',
        'hangs',
        'deadlocked',
        'deadlock',
        'never returned',
        'not progressing',
      ],
      zh: ['卡住', '卡死', '阻塞', '死锁', '死鎖', '不再运行', '停止了'],
      ja: ['止まって', '固ま', 'ブロック', 'デッドロック'],
    },
    span: 40,
    source:
      "kubernetes pkg/kubelet/kubelet.go (*Kubelet).syncLoop and syncLoopIteration: the kubelet's one loop that dispatches pod updates, PLEG events and housekeeping; while it does not turn, the kubelet's /healthz still answers (it checks syncLoop's last run only past a threshold)",
    mechanism:
      "the kubelet's main loop stopped turning: pods are not synced and their status not updated while the process itself still answers",
  },
  // A runtime daemon absent from the process list: it is not running (vague: it says nothing of why it exited).
  {
    fact: 'runtime.service_failed',
    forms: [
      {
        pattern:
          '[Nn]o (?:dockerd|containerd|crio|cri-o|docker daemon)(?: process(?:es)?)? (?:at all )?(?:in|left in|running in|showed up in|shows up in|showing in) (?:the )?(?:ps|top|pgrep|process list|process table)|(?:ps|pgrep|process list|process table) (?:shows?|showed|had|has|listed|lists) no (?:dockerd|containerd|crio|cri-o)',
        literals: ['no dockerd', 'no containerd', 'no crio', 'no cri-o', 'no docker daemon'],
      },
      {
        pattern:
          '(?:ps|top|pgrep)[^\\n。]{0,20}(?:没有|找不到|看不到) ?(?:dockerd|containerd|crio)(?: ?进程)?',
        literals: ['没有', '找不到', '看不到'],
      },
      {
        pattern: '(?:dockerd|containerd|crio)(?: ?の)?プロセスが(?:ない|なかった|存在しな|見当たらな|いな)',
        literals: ['プロセスが'],
      },
    ],
    source:
      'ps(1) and pgrep(1) list every process in the process table: a daemon that is not in it has exited (systemctl status would show it inactive or failed)',
    mechanism: 'the runtime daemon is not running: nothing answers the CRI socket',
  },
  // The node's kernel said to panic with the host going down or rebooting after it.
  {
    fact: 'node.rebooting',
    thing: {
      en: ['kernel panic', 'Kernel panic', 'kernel panicked', 'kernel panics', 'kernel crash'],
      zh: ['内核崩溃', '內核崩潰', '内核 panic', '内核panic'],
      ja: ['カーネルパニック'],
    },
    state: {
      en: ['rebooted', 'reboots', 'rebooting', 'restarted', 'went down', 'went NotReady', 'goes NotReady'],
      zh: ['重启', '重啟', '宕机', '宕機'],
      ja: ['再起動', 'ダウン'],
    },
    span: 60,
    // A crash made on purpose (sysrq's "c", a kdump test) is a test, not an incident.
    unless: ['sysrq', 'echo c', 'on purpose', 'deliberately', 'kdump test', 'test VM'],
    source:
      "the kernel's panic() (kernel/panic.c): the host stops, and with kernel.panic (panic_timeout) set it reboots itself after the given seconds; people say 'kernel panic' and that the node rebooted",
    mechanism:
      'the host goes down with everything on it and comes back: each time the kubelet is gone until it starts again',
  },
  // The node's open-file table by node_exporter's metric or a monitor's usage figure over 80 %.
  {
    fact: 'fd.near_limit',
    specific: 'a share of the open-file limit over 80 % is a measurement against the limit',
    forms: [
      {
        pattern: `(?:fd|FD|句柄|文件描述符|[Ff]ile descriptors?|[Dd]escriptors?|filefd|[Oo]pen files)${WITHIN_SENTENCE}{0,6}(?:利用率|使用率|usage|utili[sz]ation|使用量|占用)${WITHIN_SENTENCE}{0,30}${HIGH_PERCENT}`,
        literals: ['利用率', '使用率', 'usage', 'utilization', 'utilisation', '使用量', '占用'],
      },
    ],
    unless: ['the app', 'application', 'Java', 'inotify'],
    source:
      "proc(5) /proc/sys/fs/file-nr (allocated, free, maximum) and a process's RLIMIT_NOFILE; node_exporter's filefd collector (collector/filefd_linux.go node_filefd_allocated / node_filefd_maximum) and node-mixin's NodeFileDescriptorLimit alert (over 70 % warning, 90 % critical)",
    mechanism: 'open descriptors near the limit: the next opens and accepts fail with EMFILE/ENFILE',
  },
  {
    fact: 'fd.file_max',
    specific: 'the kernel-wide file table full (file-nr at file-max) is one limit reached',
    thing: {
      en: ['node_filefd_allocated', 'node_filefd_maximum', 'filefd', 'file-nr', 'fs.file-max', 'file-max'],
      zh: ['node_filefd_allocated', 'file-nr', 'file-max'],
      ja: ['node_filefd_allocated', 'file-nr', 'file-max'],
    },
    state: {
      en: [...EXHAUSTED.en, 'max being hit', 'max was hit', 'the max', 'the maximum', 'hit its max'],
      zh: [...(EXHAUSTED.zh ?? []), '上限'],
      ja: [...(EXHAUSTED.ja ?? []), '上限'],
    },
    // The limit raised by someone is a change, not the table full.
    unless: [
      'raise',
      'raised',
      'bump',
      'set to',
      'sysctl -w',
      'increased fs.file-max',
      'increased file-max',
      'increase fs.file-max',
      'increase file-max',
      'the app',
      'application',
    ],
    source:
      'proc(5) /proc/sys/fs/file-max and file-nr (allocated, free, maximum); the kernel logs "VFS: file-max limit %lu reached" (fs/file_table.c); node_exporter exports them as node_filefd_allocated and node_filefd_maximum (collector/filefd_linux.go)',
    mechanism:
      'the kernel-wide file table is full: every process on the node fails to open files and sockets (ENFILE)',
  },
  // Round 22: pods deleted in the API server that the node's kubelet leaves behind. A deletion reaches the containers
  // only through the kubelet (its pod config watch, HandlePodRemoves, the pod workers' kill, the status manager's
  // final delete): the deleted pods' containers still running, in any order of the sentence.
  {
    fact: 'kubelet.pods_not_killed',
    thing: {
      en: [
        'deleted pods',
        'deleted pod',
        'pods were deleted',
        'pod was deleted',
        'pods had been deleted',
        'deleting the pods',
        'deleting the pod',
        'after the deletion',
      ],
      zh: [
        '删除的pod',
        '删除的 pod',
        '删除的Pod',
        'pod删除后',
        'pod 删除后',
        'Pod删除后',
        'pod被删除',
        'Pod被删除',
        '删除pod后',
        '删除 pod 后',
      ],
      ja: [
        '削除したPod',
        '削除したpod',
        '削除されたPod',
        '削除されたpod',
        'Podを削除',
        'podを削除',
        'Pod を削除',
      ],
    },
    state: {
      en: [
        'containers still running',
        'containers are still running',
        'containers were still running',
        'containers kept running',
        'containers keep running',
        'containers left running',
        'containers were never killed',
        'containers are never killed',
        'containers were not killed',
        'containers are not killed',
      ],
      zh: [
        '容器还在运行',
        '容器仍在运行',
        '容器依然在运行',
        '容器仍然在运行',
        '容器一直在运行',
        '容器没有被杀掉',
        '容器没有被删除',
        '容器残留',
      ],
      ja: [
        'コンテナが残',
        'コンテナが動き続け',
        'コンテナが停止されない',
        'コンテナが削除されない',
        'コンテナが止まらない',
      ],
    },
    span: 60,
    source:
      "kubernetes pkg/kubelet/kubelet.go (*Kubelet).HandlePodRemoves and the pod workers' kill (pod_workers.go), pkg/kubelet/status/status_manager.go's final delete: only the node's kubelet stops a deleted pod's containers",
    mechanism:
      "the kubelet's sync of pod deletions stopped (its sync loop or pod workers blocked, its status manager's channel full): the deleted pods' containers keep running until it is restarted",
  },
  // Pods held Terminating with a restart of the kubelet in the same sentence as what clears them.
  {
    fact: 'kubelet.pods_not_killed',
    thing: { en: ['Terminating'], zh: ['Terminating', '删除中', '终止中', '終止中'], ja: ['Terminating'] },
    state: {
      en: [
        'until we restart the kubelet',
        'until I restart the kubelet',
        'until the kubelet is restarted',
        'until a kubelet restart',
        'only a kubelet restart',
        'restarting the kubelet clears',
        'restarting the kubelet cleared',
        'restarting the kubelet fixes',
        'restarting the kubelet fixed',
      ],
      zh: [
        '重启kubelet后',
        '重启 kubelet 后',
        '重启kubelet之后',
        '重启 kubelet 之后',
        '只有重启kubelet',
        '只能重启kubelet',
      ],
      ja: ['kubeletを再起動すると', 'kubelet を再起動すると', 'kubeletを再起動したら', 'kubeletの再起動で'],
    },
    span: 80,
    // A restart that did not clear them is not the kubelet's own state.
    unless: [
      "didn't help",
      'did not help',
      'no effect',
      'still Terminating',
      '没用',
      '无效',
      '还是',
      '効果がなかった',
      '変わらなかった',
    ],
    source:
      "kubernetes pkg/kubelet/pod_workers.go and kubelet_pods.go HandlePodCleanups: a deleted pod's termination is the kubelet's pod worker's, which a restart of the kubelet rebuilds from the runtime and the API server",
    mechanism:
      "the kubelet's pod worker for a deleted pod stopped short of finishing its termination; only a restart of the kubelet (the runtime left as it was) finishes it",
  },
];

/** Every fact a mention may record (for the tests). */
export const MENTION_FACTS: readonly FactId[] = [...new Set(MENTIONS.map((m) => m.fact))];

/** Literals of one side: the side whose literals are all distinctive, the longer shortest first. */
function sideLiterals(words: readonly (readonly string[])[]): string[] | undefined {
  const sides = words
    .filter((w) => w.length > 0)
    .map((w) => reduceLiterals(w.map((x) => x.trim())))
    .filter((side) => side.every(distinctive));
  const shortest = (side: readonly string[]) => Math.min(...side.map((l) => l.length));
  return sides.sort((a, b) => shortest(b) - shortest(a))[0];
}

/** A message or a count said never seen: "we never saw 'Failed to get properties: Connection timed out'". */
const neverSeen = (forms: readonly Form[] = []) =>
  forms.map(
    (form) => `${alternatives({ en: NEVER_SEEN, zh: [] })}${WITHIN_SENTENCE}{0,20}(?:${form.pattern})`,
  );

function compile(m: Mention): Signature {
  const orders: string[] = [];
  const literals: string[] = [];
  const says = m.says && all(m.says).length ? alternatives(terms(m.says)) : undefined;
  if (says && m.says) {
    orders.push(says);
    const own = reduceLiterals(all(m.says).map((x) => x.trim()));
    if (!own.every(distinctive))
      throw new Error(`mentions: ${m.fact} says words without distinctive literals`);
    literals.push(...own);
  }
  const thing = m.thing ? alternatives(terms(m.thing)) : undefined;
  if (thing && m.thing && m.state) {
    const state = alternatives(terms(m.state));
    const span = m.span ?? SENTENCE_SPAN;
    orders.push(`${thing}${WITHIN_SENTENCE}{0,${span}}${state}`);
    if (!m.thingFirst) orders.push(`${state}${WITHIN_SENTENCE}{0,${span}}${thing}`);
    const side = sideLiterals([all(m.thing), all(m.state)]);
    if (!side) throw new Error(`mentions: ${m.fact} has no distinctive literals`);
    literals.push(...side);
  }
  for (const form of m.forms ?? []) {
    orders.push(form.pattern);
    literals.push(...form.literals);
  }
  const named = [says, thing].filter((x): x is string => x !== undefined);
  const denials = named.flatMap((n) => [
    `${alternatives({ en: DENY_BEFORE.map((w) => w.trim()), zh: [] })} ?${n}`,
    // Denied from earlier in the sentence, or supposed: one alternation, so the mention's words appear once.
    `(?:${alternatives({ en: DENIED_EARLIER, zh: [] })}|${SUPPOSED})${WITHIN_SENTENCE}{0,60}${n}`,
    `${n}${WITHIN_SENTENCE}{0,60}${alternatives({ en: NOT_FOUND_LATER, zh: [] })}`,
    // Within the mention's clause: after a comma the state is another subject's ("…死锁问题，docker 一切正常").
    ...(m.fineIsTheState ? [] : [`${n}${WITHIN_CLAUSE}{0,40}${alternatives({ en: DENY_AFTER, zh: [] })}`]),
  ]);
  denials.push(...neverSeen(m.forms));
  // A state denied where it is said: "has not expired", "was never reached", "没有过期".
  if (m.state) {
    const state = alternatives(terms(m.state));
    denials.push(`${alternatives({ en: STATE_DENIED, zh: [] })} ?${state}`);
    denials.push(`${state}[^\\n。]{0,6}${alternatives({ en: JA_NOT_AFTER, zh: [] })}`);
  }
  // A question about the mention: its words (or, for a count, the whole form) before the sentence's question mark.
  // The words alone, not every order again: the compiled `unless` stays small (the log scan's memory).
  const asked = (named.length ? named : orders).map((o) => `(?:${o})${ASKED}`);
  // The line's: a subject that is not the node, a plan, a runbook, the rule's own words. The sentence's (Signature
  // .unlessSaid): a hedge, an advice, a repair, a question, a denial.
  const unless = alternatives({
    en: [...notMood(ADVICE), ...NOT_THE_NODE, ...notMood(PLANNING), ...notMood(m.unless ?? [])],
    zh: [],
  });
  const unlessSaid = alternatives(
    { en: [...MOOD.en, ...RESOLVED.en], zh: [...MOOD.zh, ...RESOLVED.zh, ...JA_RESOLVED] },
    [QUESTION, ...asked, ...denials],
  );
  return {
    fact: m.fact,
    pattern: orders.join('|'),
    literals: reduceLiterals(literals),
    unless,
    unlessSaid,
    observation: true,
    ...(m.specific ? { specific: m.specific } : {}),
    prose: true,
    source: `observation: ${m.source}`,
    mechanism: m.mechanism,
  };
}

/** The mentions as signatures, in the order of MENTIONS. */
export const MENTION_RULES: readonly Signature[] = MENTIONS.map(compile);
