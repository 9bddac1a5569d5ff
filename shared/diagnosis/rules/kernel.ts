import type { Signature } from './types.ts';

/** Messages the Linux kernel writes (dmesg / journald's kernel transport). */
export const KERNEL_RULES: readonly Signature[] = [
  { fact: 'fd.file_max', pattern: 'VFS: file-max limit [0-9]+ reached', from: ['kernel'] },
  {
    fact: 'kernel.hung_task_runtime',
    pattern: 'INFO: task (?:docker|containerd|runc|conmon|crio|kubelet)[^: ]*:[0-9]+ blocked for more than',
  },
  { fact: 'kernel.hung_task', pattern: 'INFO: task [^ ]+:[0-9]+ blocked for more than [0-9]+ seconds' },
  {
    fact: 'proc.zombie_shim',
    pattern:
      '(?:[Zz]ombie|defunct|state Z )[^\\n]{0,80}(?:containerd-shim|docker-containerd-shim)|(?:containerd-shim|docker-containerd-shim)[^\\n]{0,80}(?:[Zz]ombie|defunct)',
  },
  {
    fact: 'network.link_down',
    pattern: 'link status definitely down|NIC Link is Down|: Lost carrier|[Ll]ink is not ready',
  },
  { fact: 'network.link_up', pattern: 'link status definitely up|NIC Link is Up|: Gained carrier' },
  { fact: 'mem.cgroup_oom', pattern: 'Memory cgroup out of memory', from: ['kernel', 'unknown'] },
];
