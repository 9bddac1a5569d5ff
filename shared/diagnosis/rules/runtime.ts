import { NODE_DAEMONS } from '../components.ts';
import { RUNTIMES, type Signature } from './types.ts';

/** Messages container runtimes (dockerd, containerd, cri-o, their shims and runc) write. */
export const RUNTIME_RULES: readonly Signature[] = [
  {
    fact: 'runtime.unreachable',
    pattern:
      'Cannot connect to the Docker daemon|desc = Cannot connect to|dial unix [^ ]*(?:containerd|docker|dockershim|crio|cri-dockerd)\\.sock: connect: (?:connection refused|no such file or directory)|error reading server preface',
    from: [...NODE_DAEMONS],
  },
  {
    fact: 'runtime.op_timeout',
    pattern:
      '(?:StopPodSandbox|StopContainer|RemoveContainer|RemovePodSandbox|ContainerStatus|PodSandboxStatus|ExecSync|KillPod|KillContainer|CreateContainer|StartContainer|RunPodSandbox|Failed to stop sandbox)[^\\n]{0,200}(?:DeadlineExceeded|context deadline exceeded)|operation timeout: context deadline exceeded|level=error msg="[^"]{0,160}" error="[^"]{0,80}(?:context deadline exceeded|DeadlineExceeded)',
    from: ['kubelet', ...RUNTIMES],
  },
  {
    fact: 'runtime.service_failed',
    pattern:
      '(?:docker|containerd|crio|cri-o)\\.service: (?:Main process exited|Failed with result|Start request repeated too quickly|Scheduled restart job)',
    from: ['systemd', 'unknown'],
  },
  { fact: 'runtime.shim_reaped', pattern: 'msg="shim reaped"', from: ['dockerd', 'containerd'] },
  {
    fact: 'runtime.force_kill',
    pattern: 'failed to exit within [0-9]+ seconds of signal [0-9]+ - using the force',
    from: RUNTIMES,
  },
  {
    fact: 'runtime.device_busy',
    pattern:
      '(?:unlinkat|remove|unmount|rmdir|driver "[a-z0-9]+" failed to remove)[^\\n]{0,200}device or resource busy',
    from: [...NODE_DAEMONS],
  },
  {
    fact: 'fd.emfile',
    pattern: '[Tt]oo many open files|EMFILE',
    from: [...NODE_DAEMONS],
    strict: true,
    discountAs: 'fd.app_emfile',
  },
  {
    fact: 'fd.inotify',
    pattern:
      'inotify_init1?: too many open files|inotify resources exhausted|inotify_add_watch[^\\n]{0,200}no space left on device|fsnotify watcher: too many open files|failed to create inotify|inotify instance limit|inotify watch limit',
  },
];
