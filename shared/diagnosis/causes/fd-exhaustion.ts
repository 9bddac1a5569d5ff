import { change, cordonAndDrain, read, uncordon } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { CauseModule } from './types.ts';

export const fdExhaustion: CauseModule = {
  id: 'fd_exhaustion',
  title: 'File descriptors or inotify exhausted',
  explains: ['runtime_down', 'node_unreachable'],
  support: [
    { fact: 'fd.emfile', weight: 3.5 },
    { fact: 'fd.inotify', weight: 3.5 },
    { fact: 'fd.file_max', weight: 3.5 },
    { fact: 'fd.near_limit', weight: 3 },
    { fact: 'fd.inotify_leak', weight: 2 },
    { fact: 'fd.limit_low', weight: 1 },
    // A count that only grows is a leak on its way to a limit (the daemon's or fs.file-max).
    { fact: 'fd.growing', weight: 2.5 },
    { fact: 'fd.known_defect', weight: 1.5 },
    // Round 24: a hedged suspicion of the limit, a lead below a plain statement (3.5), not dropped.
    { fact: 'fd.suspected', weight: 2.5 },
    { fact: 'fd.watch_error', weight: 1 },
    { fact: 'runtime.not_accepting', weight: 1 },
    // A per-process count with a node daemon on top, past what any healthy daemon holds: the leak's holder.
    { fact: 'fd.daemon_top_holder', weight: 2 },
  ],
  against: [{ fact: 'fd.within_limit', weight: 2 }, ...competingDefects('fd_exhaustion')],
  summary: ({ facts, tools }) =>
    facts.has('fd.inotify') || facts.has('fd.inotify_leak')
      ? 'inotify instances/watches are used up: the kubelet (cAdvisor) cannot watch cgroups or even start.'
      : `${tools.daemon} (or the kubelet) hit its open-file limit: new connections and files fail with EMFILE.`,
  chain: ({ facts, tools }) =>
    facts.has('fd.inotify') || facts.has('fd.inotify_leak')
      ? [
          'cAdvisor inside the kubelet watches every cgroup with inotify; each new container needs watches, and the kubelet needs an inotify instance to start.',
          facts.has('fd.inotify_leak')
            ? 'Leaked follower processes (journalctl -f / tail -f) each hold an inotify instance until fs.inotify.max_user_instances is reached.'
            : 'The per-user inotify limits (fs.inotify.max_user_instances / max_user_watches) are exhausted.',
          'Root cause: inotify limits too low for this node (or a leak filling them).',
        ]
      : [
          `The kubelet talks to ${tools.daemon} over a unix socket; each call needs a new descriptor in the daemon.`,
          `${tools.daemon} is at its LimitNOFILE: accept4() fails with EMFILE ("too many open files"), so CRI calls are refused and relist cannot finish.`,
          'Root cause: descriptor exhaustion (a leak or a limit too low for the container count), not the runtime logic itself.',
        ],
  commands: ({ tools, node, facts }) => {
    const inotify = facts.has('fd.inotify') || facts.has('fd.inotify_leak') || facts.has('fd.watch_error');
    const descriptors =
      !inotify || facts.has('fd.emfile') || facts.has('fd.near_limit') || facts.has('fd.file_max');
    return [
      ...(descriptors
        ? [
            read('node', `ls /proc/$(pidof ${tools.daemon})/fd | wc -l`, 'descriptors the daemon holds now'),
            read('node', `grep 'Max open files' /proc/$(pidof ${tools.daemon})/limits`, 'its limit'),
            read('node', 'cat /proc/sys/fs/file-nr', 'system-wide file handles: allocated, free, max'),
          ]
        : []),
      ...(inotify
        ? [
            read(
              'node',
              'sysctl fs.inotify.max_user_instances fs.inotify.max_user_watches',
              'inotify limits',
            ),
            read(
              'node',
              "find /proc/[0-9]*/fd -lname 'anon_inode:inotify' 2>/dev/null | cut -d/ -f3 | sort | uniq -c | sort -rn | head",
              'which processes hold inotify instances',
            ),
            change(
              'node',
              'sysctl -w fs.inotify.max_user_instances=8192 fs.inotify.max_user_watches=524288',
              'raise inotify limits now (persist in /etc/sysctl.d/); no restart needed',
            ),
          ]
        : []),
      ...(descriptors
        ? [
            ...cordonAndDrain(node),
            change(
              'node',
              `mkdir -p /etc/systemd/system/${tools.service}.service.d && printf '[Service]\\nLimitNOFILE=1048576\\n' > /etc/systemd/system/${tools.service}.service.d/nofile.conf && systemctl daemon-reload && systemctl restart ${tools.service}`,
              'raise the daemon descriptor limit and restart it; on an autoscaling group, managed node group or Karpenter pool put it in the launch template or AMI too, or a replacement node loses it',
            ),
            uncordon(node),
          ]
        : [change('node', 'systemctl restart kubelet', 'restart the kubelet once the limits are raised')]),
    ];
  },
  probes: [
    {
      what: 'descriptor use of the runtime against its limit',
      fills: ['commandOutputs', 'host'],
      how: ({ tools }) =>
        `ls /proc/$(pidof ${tools.daemon})/fd | wc -l; grep 'Max open files' /proc/$(pidof ${tools.daemon})/limits`,
    },
  ],
};
