import type { Signature } from './types.ts';

/**
 * The node-local paths to the API server: the programs a kubelet talks to instead of the server itself.
 *
 * - Node-local proxies and balancers: kubespray's nginx-proxy (nginx's stream module) or haproxy static pod on every
 *   node, listening on the loopback at the API server's port; the k3s/rke2 agent's client load balancer; MicroK8s'
 *   apiserver-proxy (microk8s-cluster-agent), which reads its list of control-plane endpoints from a file the cluster
 *   agent rewrites. When such a proxy has no upstream left (its list emptied, every server marked down or refusing),
 *   every request the kubelet sends ends on its own node: the node is cut off from a working control plane.
 * - Edge agents between the kubelet-like agent and the cloud: KubeEdge's edgehub (in edgecore) and cloudhub (in
 *   cloudcore), OpenYurt's yurthub. The edge node's heartbeat reaches the cloud only over that link.
 *
 * Lines are read wherever they are quoted (a proxy's container log, its journal, a paste): none of these programs is
 * a node daemon the engine knows by name, and their messages are their own.
 */
export const APISERVER_PATH_RULES: readonly Signature[] = [
  // Round 25 (r25-words): kubectl's own words when the API server's port refuses it: nothing listens there (the API
  // server, or the daemon that runs it, down or restarting). Not kubectl's default server, localhost:8080, which it
  // dials when it has no kubeconfig at all: that is the client's configuration, not the server.
  {
    fact: 'apiserver.down',
    pattern: 'The connection to the server [^ \\n]+ was refused - did you specify the right host or port',
    unless: 'The connection to the server (?:localhost|127\\.0\\.0\\.1):8080 was refused',
    literals: ['was refused - did you specify the right host'],
    source:
      'kubernetes staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go StandardErrorMessage ("The connection to the server %s was refused - did you specify the right host or port?" for a *url.Error whose cause is connection refused, the host from its URL; since kubectl 1.2, pkg/kubectl/cmd/util/helpers.go before the staging move)',
    mechanism:
      "nothing listens on the API server's address: the API server (or the daemon that runs it, or its load balancer's backend) is down or restarting, and every kubelet that posts there is refused too",
  },
  // MicroK8s' apiserver-proxy: LoadConfiguration refuses a provider file with no servers, and Run returns the error
  // (the command wraps it "proxy failed: %w"); the process exits and snapd restarts it into the same refusal.
  {
    fact: 'apiserver.proxy_failed',
    pattern:
      'empty list of control plane endpoints|apiserver proxy failed: |failed to load (?:traefik|provider) configuration',
    literals: [
      'empty list of control plane endpoints',
      'apiserver proxy failed: ',
      'failed to load traefik configuration',
      'failed to load provider configuration',
    ],
    unless: 'skipping update',
    source:
      'canonical/microk8s-cluster-agent pkg/proxy/internal/config.go LoadConfiguration ("empty list of control plane endpoints" when the traefik provider file lists no servers; "failed to load traefik configuration: %w", "failed to load provider configuration: %w"), pkg/proxy/apiserver.go (*APIServerProxy).Run ("failed to load configuration: %w") and startProxy ("apiserver proxy failed: %w"), cmd/apiserver-proxy.go ("proxy failed: %w"); since the proxy command (2022, #7), the cluster agent leaving the file empty fixed in #62 (2024)',
    mechanism:
      "the node-local API server proxy has no control-plane endpoint to forward to (its endpoint file emptied or unreadable) and exits: the kubelet's requests to the loopback address end on its own node",
  },
  // k3s/rke2 agents' client load balancer (pkg/agent/loadbalancer): the list of servers empty, or every server failed.
  {
    fact: 'apiserver.proxy_failed',
    pattern: 'No servers in load balancer proxy list|error dialing load balancer servers',
    literals: ['No servers in load balancer proxy list', 'error dialing load balancer servers'],
    source:
      'k3s-io/k3s pkg/agent/loadbalancer/servers.go nextServer (errors.New "No servers in load balancer proxy list") and loadbalancer.go dialContext ("all servers failed") / onDialError ("Incoming conn %v, error dialing load balancer servers: %v"), k3s v1.19-v1.29 and rke2 agents built on them',
    mechanism:
      "the k3s/rke2 agent's local load balancer, the kubelet's only path to the API server, has no server it can dial: its list is empty or every server failed",
  },
  // nginx's stream proxy (kubespray's nginx-proxy on 127.0.0.1:6443): every upstream marked down.
  {
    fact: 'apiserver.proxy_failed',
    pattern:
      'no live upstreams while connecting to upstream, (?:udp )?client: [^,]*, server: [^,]*:(?:6443|6444|8443|16443)',
    literals: ['no live upstreams'],
    source:
      'nginx src/stream/ngx_stream_proxy_module.c ngx_stream_proxy_connect ("no live upstreams" when the round robin has no peer left, NGX_BUSY), with the action "connecting to upstream" and ngx_stream_log_error\'s ", client: %V, server: %V"; the server is the API server\'s port the node-local proxy listens on (kubespray nginx-proxy loadbalancer_apiserver_port 6443)',
    mechanism:
      "the node-local API server proxy has marked every API server upstream down: the kubelet's connections to it are closed at once",
  },
  // The same proxy failing to reach an API server upstream (one attempt): that server down or unreachable.
  {
    fact: 'apiserver.down',
    pattern:
      '(?:upstream timed out \\(110: [^)]*\\)|connect\\(\\) (?:to [^ ]+ )?failed \\(11[13]: [^)]*\\)) while connecting to upstream, (?:udp )?client: [^,]*, server: [^,]*:(?:6443|6444|8443|16443)',
    literals: ['while connecting to upstream'],
    source:
      'nginx src/stream/ngx_stream_proxy_module.c ngx_stream_proxy_connect_handler ("upstream timed out", NGX_ETIMEDOUT) and ngx_stream_proxy_test_connect ("connect() failed", ECONNREFUSED 111 / EHOSTUNREACH 113), with ngx_stream_log_error\'s " while connecting to upstream, client: %V, server: %V" on the API server\'s port',
    mechanism:
      'the node-local API server proxy could not connect to an API server upstream (refused, unroutable or timed out): that server or the path to it is down',
  },
  // haproxy (kubespray's haproxy static pod, kubeadm HA guides): the API server backend with no server up.
  {
    fact: 'apiserver.proxy_failed',
    pattern:
      "(?:[Bb]ackend|[Pp]roxy) '?[A-Za-z0-9_.:-]*(?:[Kk]ube|[Aa]pi|API|[Mm]aster|[Cc]ontrol|k8s|K8S)[A-Za-z0-9_.:-]*'? has no server available",
    literals: ['has no server available'],
    source:
      'haproxy src/backend.c set_backend_down (ha_alert "%s \'%s\' has no server available!" and send_log LOG_EMERG "%s %s has no server available!", proxy_type_str: "backend", "proxy"), for a backend named as the API server\'s (kube_api_backend, kube-apiserver, k8s-masters)',
    mechanism:
      'the node-local or shared balancer in front of the API servers has no server left up in their backend: every kubelet request through it is refused',
  },
  // The holders of the API server's virtual address: keepalived's check of the API server (or its local balancer)
  // failing, which lowers the instance's priority and moves the address; kube-vip losing its leader Lease, which
  // drops the address on this node for another to take.
  {
    fact: 'apiserver.down',
    pattern:
      'VRRP_Script\\([A-Za-z0-9_.:-]*(?:[Aa]piserver|[Aa]pi|API|[Kk]ube|k8s|K8S|[Hh]aproxy|[Nn]ginx|[Mm]aster)[A-Za-z0-9_.:-]*\\) (?:failed|timed_out)|lost leadership, restarting kube-vip',
    literals: ['VRRP_Script(', 'lost leadership, restarting kube-vip'],
    source:
      'keepalived keepalived/vrrp/vrrp_scheduler.c vrrp_script_child_thread ("VRRP_Script(%s) %s" and "VRRP_Script(%s) %s (%s %d)" with script_exit_type "failed" or "timed_out", since 1.3.6 (2017); "exited with status" as the reason in 2.x), for a track script named as the API server\'s or its balancer\'s check (check_apiserver, chk_haproxy); kube-vip pkg/cluster/clusterLeaderElection.go OnStoppedLeading ("lost leadership, restarting kube-vip", logrus then slog)',
    mechanism:
      "the holder of the API server's virtual address finds the API server (or its balancer) on this host failing and gives the address up: kubelets whose connections went to it lose their path until they reconnect to the new holder",
  },
  // KubeEdge's edgehub (edgecore): its connection to cloudhub failed or broke.
  {
    fact: 'edge.cloud_link_lost',
    pattern:
      'connection failed: [^\\n]{0,400}, will reconnect after [0-9]|connection is broken, will reconnect after [0-9]|Init (?:websocket|quic) connection failed',
    literals: ['will reconnect after', 'Init websocket connection failed', 'Init quic connection failed'],
    source:
      'kubeedge edge/pkg/edgehub/edgehub.go (*EdgeHub).Start ("connection failed: %v, will reconnect after %s" when chClient.Init fails; "connection is broken, will reconnect after %s" after reconnectChan), clients/wsclient/websocket.go and quicclient/quicclient.go Init ("Init websocket connection failed %s", "Init quic connection failed %s"), v1.2 onwards',
    mechanism:
      "edgecore's hub cannot hold its connection to the cloud side (cloudhub): the edge node's Lease and status do not reach the control plane",
  },
  // KubeEdge's cloudhub (cloudcore): the node's channel or session gone.
  {
    fact: 'edge.cloud_link_lost',
    pattern:
      'rChannel for edge node [^ ]+ is removed|timeout to receive keepalive for node |edge node [^ ]+ for project [^ ]+ disConnected',
    literals: ['rChannel for edge node', 'timeout to receive keepalive for node', 'disConnected'],
    source:
      'kubeedge cloud/pkg/cloudhub/channelq/channelq.go (*ChannelMessageQueue).getRChannel / GetNodeQueue / GetNodeStore ("rChannel for edge node %s is removed", v1.0-v1.x, the node\'s queues dropped when its connection closed); cloud/pkg/cloudhub/session/node_session.go KeepAliveCheck ("timeout to receive keepalive for node %s") and handler/message_handler.go OnEdgeNodeDisconnect ("edge node %s for project %s disConnected"), later releases',
    mechanism:
      "cloudcore has no live connection from the edge node (its channel removed, its keepalive missed): nothing from the node's edge agent reaches the API server",
  },
  // OpenYurt's yurthub: the cloud's API servers failing its health checks.
  {
    fact: 'edge.cloud_link_lost',
    pattern:
      'remote server [^ ]+ becomes unhealthy|all remote servers are unhealthy|(?:could not|failed to) probe: [^\\n]{0,400}, remote server ',
    literals: ['becomes unhealthy', 'all remote servers are unhealthy', ', remote server '],
    source:
      'openyurtio/openyurt pkg/yurthub/healthchecker/cloudapiserver/prober.go (*prober).Probe ("could not probe: %v, remote server %s"; "failed to probe" in earlier releases) and markAsUnhealthy ("remote server %s becomes unhealthy from %v, healthy status lasts %v"), pkg/yurthub/gc/gc.go ("all remote servers are unhealthy, skip gc …")',
    mechanism:
      "yurthub, through which the edge node's kubelet reaches the API server, finds the cloud's API servers unhealthy: the node's Lease and status stay on the edge",
  },
  // People's words: the file a node-local proxy reads its control-plane endpoints from, found empty.
  {
    fact: 'apiserver.proxy_failed',
    pattern:
      '(?:traefik/provider\\.yaml|provider\\.yaml|load-balancer\\.json|nginx-proxy[^ ]* config(?:uration)?|haproxy\\.cfg)`?[^.\\n]{0,40}(?:is|was|became|got|turned|left|ends? up|ended up|are|were) (?:present but |there but |completely |totally )?(?:empty|blank|truncated|0 bytes|zero bytes)',
    literals: ['provider.yaml', 'load-balancer.json', 'nginx-proxy', 'haproxy.cfg'],
    observation: true,
    prose: true,
    unlessSaid: '(?:may |might |could be|could have|[Ii]f |[Ww]hether|[Mm]aybe|可能|如果)',
    specific:
      "the node-local proxy's endpoint list said empty: it has nothing to forward the kubelet's requests to",
    source:
      "observation: the file a node-local API server proxy reads its control-plane endpoints from (MicroK8s' args/traefik/provider.yaml, read by microk8s-cluster-agent pkg/proxy/internal/config.go LoadConfiguration; the k3s/rke2 agent's etc/<name>-load-balancer.json, k3s-io/k3s pkg/agent/loadbalancer; kubespray's nginx.conf or haproxy.cfg) described empty",
    mechanism:
      "the node-local proxy's list of control-plane endpoints is empty: it refuses to run or forwards nowhere, and the kubelet's requests end on its own node",
  },
  // People's words: the edge agent's link to the cloud side lost.
  {
    fact: 'edge.cloud_link_lost',
    pattern:
      "(?:edgecore|[Ee]dge[Hh]ub|edgehub|yurthub|yurt-hub|YurtHub)[^.\\n]{0,80}(?:lost (?:its |the )?connection|(?:is |was |got |gets )?disconnected|(?:can ?not|can't|could ?n[o']t|couldn't|unable to|fails? to|failed to) (?:connect|reach|talk)|(?:keeps? )?reconnecting)[^.\\n]{0,40}(?:cloud|cloudcore|cloudhub|CloudCore|CloudHub|API ?server|apiserver|master)|(?:cloudcore|CloudCore|cloudhub|CloudHub)[^.\\n]{0,60}(?:lost (?:its |the )?connection (?:to|with)|disconnected from|(?:drops?|dropped|removed?) (?:the |its )?(?:channel|connection|session)[^.\\n]{0,30}(?:for|to|of|with)) (?:the )?edge",
    literals: ['edgecore', 'edgehub', 'yurthub', 'yurt-hub', 'cloudcore', 'cloudhub'],
    observation: true,
    prose: true,
    unlessSaid: '(?:may |might |could be|could have|[Ii]f |[Ww]hether|[Mm]aybe|可能|如果)',
    source:
      "observation: KubeEdge's edgehub (in edgecore) and cloudhub (in cloudcore), OpenYurt's yurthub, described losing the edge node's connection to the cloud side (kubeedge edge/pkg/edgehub/edgehub.go Start's reconnect loop; openyurt pkg/yurthub/healthchecker)",
    mechanism:
      "the edge agent cannot reach the cloud side: the edge node's Lease and status stay on the edge and the node goes NotReady in the cloud's view",
  },
  // People's words: the node's clock set back or jumping.
  {
    fact: 'clock.set_back',
    pattern:
      "(?:[Cc]lock|[Ss]ystem time|[Dd]ate ?time|[Dd]ate and time|the time|[Nn]ode time|[Hh]ost time|time on (?:the |this |that |a )?(?:node|host|server|machine))[^.\\n]{0,80}(?:set|changed?|moved|turned|jump(?:ed|s|ing)?|went|goes|going|rolled|adjusted|reset|corrected)[^.\\n]{0,30}(?:back(?:wards?)?(?: by| [0-9]| in time|[ ,.;:)])|backwards?|to an earlier|to the past|into the past|an earlier time)|(?:[Ss]et(?:ting)?|[Cc]hang(?:e|ed|ing)|[Mm]ov(?:e|ed|ing)|[Rr]oll(?:ed|ing)?|[Tt]urn(?:ed|ing)?) (?:(?:the )?(?:node'?s? |host'?s? )?(?:clock|system time|date ?time)|the (?:time|date)) (?:back(?:wards?)?|to an earlier|to the past)|(?:[Ss]et|[Cc]hang(?:e|ed|ing)|[Mm]ov(?:e|ed|ing)|[Aa]djust(?:ed|ing)?|[Mm]odif(?:y|ied|ying))[^.\\n]{0,20}(?:clock|system time|date ?time|the time|the date)[^.\\n]{0,60}(?:to an earlier|to the past|into the past|an earlier (?:time|date))|(?:时间|时钟|時間|時鐘)[^。\\n]{0,20}(?:回拨|回撥|回退|倒退|往回调|往前调|调早|跳变)",
    literals: [
      'clock',
      'system time',
      'datetime',
      'date time',
      'date and time',
      'the time',
      'the date',
      'node time',
      'host time',
      'time on ',
      '时间',
      '时钟',
      '時間',
      '時鐘',
    ],
    observation: true,
    prose: true,
    unlessSaid:
      '(?:may |might |could be|could have|[Ii]f |[Ww]hether|[Ss]uspect|[Pp]erhaps|[Mm]aybe|[Pp]ossibl|可能|如果|是否|怀疑)',
    specific:
      'the wall clock moved back by a stated step: a cause a kubelet cannot recover from until the clock catches up',
    source:
      "observation: the node's wall clock set back or jumping into the past, as people say it (date -s, a time server's step). k8s.io/client-go util/flowcontrol/throttle.go tokenBucketRateLimiter.Accept, on juju/ratelimit's Bucket.Wait, computes the wait from the wall clock in the releases that vendored it (kubernetes #38602, #54130: the kubelet's status request sleeps for as long as the clock moved); kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go tryUpdateNodeHealth refreshes the probe time only when the Lease's renewTime (written from the node's clock) is later than the last seen (kubernetes #113081)",
    mechanism:
      "the node's clock went back: the kubelet's client waits out the jump before it sends its status, and the node controller ignores Lease renewals stamped earlier than the last, so the node stays NotReady for as long as the clock moved",
  },
  // Round 23: the same step in its other forms. A person's commands (date -s/--set, timedatectl set-time, hwclock
  // -s/--hctosys) with the direction said, the clock put minutes "behind", the verbs before their object ("we rolled
  // back the clock") and in every person; Japanese 時刻を戻す and 巻き戻す, Chinese 改了系统时间 with the direction.
  {
    fact: 'clock.set_back',
    pattern:
      "(?:date (?:-s|--set)|timedatectl set-time|hwclock (?:-s|--hctosys))[^.\\n]{0,120} (?:back(?:wards?)?[ ,.;:)]|behind |earlier|in the past)| (?:back(?:wards?)?|behind|earlier) [^.\\n]{0,80}(?:date (?:-s|--set)|timedatectl set-time|hwclock (?:-s|--hctosys))|(?:[Cc]lock|[Tt]ime|[Dd]ate)[^.\\n]{0,50} (?:[Ss]et|[Ss]ets|[Ss]etting|[Cc]hang(?:e|ed|es|ing)|[Mm]odif(?:y|ied|ies|ying)|[Mm]ov(?:e|ed|es|ing)|[Aa]djust(?:ed|s|ing)?)(?: [^.\\n]{0,40}?)? (?:[0-9]+ ?|an |a |one |two |three |several |a few |some |n )(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?) behind(?: of| the| UTC| NTP| real| actual| current| correct| true| wall| other|[,.;:)])|(?:[Ss]et|[Ss]ets|[Ss]etting|[Cc]hang(?:e|ed|es|ing)|[Mm]odif(?:y|ied|ies|ying)|[Mm]ov(?:e|ed|es|ing)|[Aa]djust(?:ed|s|ing)?) [^.\\n]{0,20}(?:clock|time|date)[^.\\n]{0,30}? (?:[0-9]+ ?|an |a |one |two |three |several |a few |some |n )(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?) behind(?: of| the| UTC| NTP| real| actual| current| correct| true| wall| other|[,.;:)])|(?:[Ss]ets|[Rr]olls?|[Rr]olled|[Rr]olling|[Tt]urns|[Ss]teps|[Ss]tepped|[Ww]inds|[Ww]ound) (?:the |its |our |their |this |that )?(?:node'?s? |host'?s? |server'?s? |system )?(?:clock|time|date) back|(?:[Ss]ets|[Ss]etting|[Rr]oll(?:s|ed|ing)?|[Tt]urn(?:s|ed|ing)?|[Mm]ov(?:es|ed|ing)|[Ww]ound|[Ww]ind(?:s|ing)?|[Ss]tep(?:s|ped|ping)?|[Ss]et) back (?:the |its |our |their |this |that )?(?:node'?s? |host'?s? |server'?s? |system )?(?:clock|time|date)|(?:時刻|時計|システム時刻|システム時間)(?:を|が)(?:[0-9０-９]+\\s*(?:分|時間|秒|日)(?:ほど|くらい|ぐらい)?\\s*)?(?:巻き戻|戻し|戻さ|戻っ|過去に)|(?:時刻|時計)を[^。\\n]{0,15}(?:前|過去)(?:の時刻)?に(?:戻|設定|変更)|(?:改了?|修改了?|调整了?|手动(?:修改|调整|设置)了?)[^。\\n]{0,8}(?:系统|节点|服务器|主机)?(?:时间|时钟)[^。\\n]{0,20}(?:往回|往前调|调早|调慢|改早|改到了?(?:之前|以前|过去))",
    literals: [
      'date -s',
      'date --set',
      'set-time',
      'hwclock',
      'behind',
      ' back',
      '時刻',
      '時計',
      '时间',
      '时钟',
    ],
    observation: true,
    prose: true,
    unlessSaid:
      '(?:may |might |could be|could have|[Ii]f |[Ww]hether|[Ss]uspect|[Pp]erhaps|[Mm]aybe|[Pp]ossibl|可能|如果|是否|怀疑|かもしれ|もし)',
    specific:
      'the wall clock moved back by hand, a command and its direction said: a cause a kubelet cannot recover from until the clock catches up',
    source:
      'observation: the commands that step the clock (coreutils date(1) -s/--set; systemd timedatectl(1) set-time, src/timedate/timedatectl.c verb_set_time; util-linux hwclock(8) --hctosys, which sets the system time from the hardware clock) said with the direction, and the clock put minutes behind; the mechanism as for the rule above (k8s.io/client-go util/flowcontrol/throttle.go on juju/ratelimit, kubernetes #54130; node_lifecycle_controller.go tryUpdateNodeHealth, kubernetes #113081)',
    mechanism:
      "the node's clock went back: the kubelet's client waits out the jump before it sends its status, and the node controller ignores Lease renewals stamped earlier than the last, so the node stays NotReady for as long as the clock moved",
  },
  // chronyd's own report of a clock behind its sources by minutes: "System clock wrong by %.6f seconds" (reference.c,
  // -offset: positive when the system clock is slow) and its initstepslew line "System's initial offset : %.6f
  // seconds slow of true". Minutes behind is a clock moved back (or never set) while the kubelet ran.
  {
    fact: 'clock.set_back',
    pattern:
      "System clock wrong by \\+?[1-9][0-9]{2,}\\.[0-9]+ seconds|System's initial offset : [1-9][0-9]{2,}\\.[0-9]+ seconds slow of true",
    literals: ['System clock wrong by', "System's initial offset"],
    source:
      'chrony reference.c maybe_log_offset: LOG(LOGS_WARN, "System clock wrong by %.6f seconds", -offset) (positive: the system clock slow); reference.c special_mode_sync (REF_ModeInitStepSlew): "System\'s initial offset : %.6f seconds %s of true (%s)" (chrony 1.x to 4.8)',
    mechanism:
      'chronyd finds the system clock minutes behind its sources: the clock was moved back (or never set) while the kubelet ran, and its Lease renewals and status are stamped in the past until the clock catches up',
  },

  // Round 26 (r26-watch): the datastore behind the API server cannot serve a watch. k3s and rke2 (and MicroK8s'
  // k8s-dqlite, a kine fork) serve the API server's etcd watches from SQL through kine: when kine cannot list the
  // rows after the watch's start revision, or its poll loop cannot read the latest changes, the watch gets no events
  // (or is cancelled as unhealthy), and every informer above it, the kubelet's pod source among them, waits on a
  // stream that stays silent. The node's Lease and status writes may still succeed: the node stays Ready while its
  // kubelet never hears of pods bound to it or deleted. The API server's side: its etcd3 watcher's "watch chan error"
  // (anything but compaction), and the watch cache that cannot catch up with the datastore ("Too large resource
  // version"). Any component: k3s logs kine's lines under its own identifier, the API server's static-pod log has none.
  {
    fact: 'datastore.watch_failed',
    pattern:
      '[Ff]ailed to list [^ \\n]{1,200} for revision [0-9]+|WATCH Failed to create watcher|Failed to list latest changes: |fail to get latest events: |Too large resource version: [0-9]+, current: [0-9]+',
    literals: [
      ' for revision ',
      'WATCH Failed to create watcher',
      'Failed to list latest changes: ',
      'fail to get latest events: ',
      'Too large resource version: ',
    ],
    source:
      'k3s-io/kine pkg/logstructured/logstructured.go (*LogStructured).Watch ("Failed to list %s for revision %d: %v" from v0.11, "failed to list %s for revision %d" before), pkg/logstructured/sqllog/sql.go poll ("Failed to list latest changes: %v"); canonical/k8s-dqlite pkg/limited/watch.go ("WATCH Failed to create watcher: %v", 2025-03 on) and pkg/backend/internal/backend/watcher.go ("fail to get latest events: %v"); kubernetes staging/src/k8s.io/apiserver/pkg/storage/etcd3/watcher.go logWatchChannelErr / startWatching ("watch chan error: %v", klog.Errorf; compaction only a warning from 1.2x), staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go waitUntilFreshAndBlock (errors.NewTimeoutError "Too large resource version: %v, current: %v", printed as "Timeout: Too large resource version")',
    mechanism:
      "the datastore behind the API server (kine over SQL in k3s/rke2, dqlite under MicroK8s, or etcd) cannot serve a watch: the API server's watches, and the kubelet's watch of its pods above them, get no events, so a node that still reports Ready never starts pods bound to it nor stops deleted ones",
  },
  {
    // The API server's etcd3 watcher closing a watch on an error from its datastore: compaction is the routine case
    // (next rule), anything else (unavailable, cancelled, unhealthy) leaves its watchers without events.
    fact: 'datastore.watch_failed',
    pattern: 'watch chan error: ',
    literals: ['watch chan error: '],
    unless: 'required revision has been compacted',
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/storage/etcd3/watcher.go startWatching / logWatchChannelErr ("watch chan error: %v", klog.Errorf for anything but compaction, which is klog.Warningf from 1.2x; glog before 1.10)',
    mechanism:
      "the API server's watch on its datastore ended on an error: until it is re-established, the watchers it serves (the kubelet's pod source among them) get no events",
  },
  {
    // The compaction form of the same channel: an old start revision compacted away. Routine every five minutes on a
    // healthy API server (its reflectors relist), it counts only as a lead beside the failures above.
    fact: 'datastore.watch_compacted',
    pattern:
      'watch chan error: etcdserver: mvcc: required revision has been compacted|WATCH CANCEL [^\\n]{0,120}reason=etcdserver: mvcc: required revision has been compacted',
    literals: ['required revision has been compacted'],
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/storage/etcd3/watcher.go logWatchChannelErr ("watch chan error: %v" with etcd-io/etcd api/v3rpc/rpctypes ErrGRPCCompacted "etcdserver: mvcc: required revision has been compacted"); k3s-io/kine pkg/server/watch.go Cancel (trace "WATCH CANCEL server=%d, id=%d, reason=%s, compactRev=%d")',
    mechanism:
      "a watch asked for revisions the datastore has compacted away: its client must relist; repeated, the watchers above it (the kubelet's pod source) keep falling behind the datastore",
  },
  {
    // SQLite's SQLITE_BUSY under kine: the datastore's requests fail while another writer holds the database.
    fact: 'datastore.locked',
    pattern:
      '(?:error (?:while range on|in (?:put|txn|compact)) |[Ff]ailed to (?:list|create|get|ping|delete)|Compact failed: |fail to get latest events: |Slow SQL)[^\\n]{0,300}database is locked',
    literals: ['database is locked'],
    source:
      'k3s-io/kine pkg/server/kv.go ("error while range on %s %s: %v", "error in put %s: %v", "error in txn %s: %v", "error in compact %s: %v"), pkg/logstructured (Failed to list ... for revision), pkg/logstructured/sqllog/sql.go ("Compact failed: %v"), over mattn/go-sqlite3 ErrBusy ("database is locked", sqlite3 SQLITE_BUSY after _busy_timeout); canonical/k8s-dqlite pkg/backend/dqlite/driver.go (retries on "database is locked")',
    mechanism:
      "the SQL datastore under the API server answers 'database is locked': its reads, writes and watches fail or stall while another writer holds it",
  },
];
