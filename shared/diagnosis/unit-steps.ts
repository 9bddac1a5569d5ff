/**
 * The steps of a systemd unit's start that can fail before, or instead of, the program it runs, as systemd names
 * them: the exit statuses of src/basic/exit-status.h (200 and up, `status=203/EXEC`), which its child writes when a
 * set-up step fails ("Failed at step EXEC spawning /usr/bin/kubelet: No such file or directory", from
 * src/core/execute.c exec_child in releases before v255 and src/core/exec-invoke.c after), and the unit's own
 * commands around ExecStart= (ExecCondition=, ExecStartPre=, ExecStartPost=), whose failure stops the start.
 */
const STEP_MEANINGS: Readonly<Record<string, string>> = {
  EXEC: 'the binary is missing or cannot be executed',
  CHDIR: 'its WorkingDirectory= does not exist',
  NAMESPACE:
    'setting up its mount namespace failed (a path in ReadWritePaths=, PrivateTmp= or the like is missing)',
  USER: 'its User= does not exist',
  GROUP: 'its Group= does not exist',
  CGROUP: 'placing the process in its cgroup failed',
  LIMITS: 'a resource limit (Limit*=) could not be set',
  MEMORY: 'memory ran out while setting it up',
  OOM_ADJUST: 'its OOMScoreAdjust= could not be set',
  STDOUT: 'its standard output could not be connected',
  STDERR: 'its standard error could not be connected',
  CAPABILITIES: 'its capabilities could not be set',
  SECCOMP: 'its system call filter could not be installed',
  APPARMOR: 'its AppArmor profile could not be applied',
  SELINUX_CONTEXT: 'its SELinux context could not be set',
  RUNTIME_DIRECTORY: 'its RuntimeDirectory= could not be created',
  STATE_DIRECTORY: 'its StateDirectory= could not be created',
  CHOWN: 'a directory could not be given to its user',
  PAM: 'its PAM session could not be opened',
  NETWORK: 'its network namespace could not be set up',
  CREDENTIALS: 'its credentials could not be set up',
};

/** A unit's own commands: which of them ran, by the key systemctl prints on its Process lines. */
const COMMAND_ROLES: Readonly<Record<string, string>> = {
  ExecCondition: 'start condition',
  ExecStartPre: 'pre-start step',
  ExecStart: 'main command',
  ExecStartPost: 'post-start step',
};

/** What systemd's named step means, when the step is one of its own (`EXEC`, `NAMESPACE`...). */
export function stepMeaning(step: string): string | undefined {
  return STEP_MEANINGS[step];
}

/** A step of systemd's own that failed, from `status=203/EXEC` or `Failed at step EXEC spawning …`. */
const SYSTEMD_STEP = /status=2[0-4][0-9]\/([A-Z_]+)|Failed at step ([A-Z_]+) spawning (\S+?):? /;
/** A unit's command line as systemctl status prints it, with how it ended. */
const PROCESS_LINE = /Process: \d+ (Exec\w+)=(.*?) \(code=(exited|killed|dumped), status=([^)]*)\)/;
const CONTROL_EXIT = /Control process exited, code=(exited|killed|dumped),? status=(\S+)/;

const ended = (code: string | undefined, status: string) =>
  `${code === 'exited' ? 'exited with status' : 'was killed by signal'} ${status}`;

/** A Process line of systemctl status whose command failed; null when the line is a Process line that did not. */
function processStep(line: string): string | null | undefined {
  const process = PROCESS_LINE.exec(line);
  if (!process) return undefined;
  const [, key = '', command = '', code, status = ''] = process;
  if (/^0(?:\/SUCCESS)?$/.test(status)) return null;
  const own = /^2[0-4][0-9]\/([A-Z_]+)/.exec(status)?.[1];
  if (own)
    return `systemd's step ${own} for ${key}=${command}: ${stepMeaning(own) ?? 'a set-up step failed'}`;
  // The main command exiting is the program's own failure, not a step around it.
  if (key === 'ExecStart') return null;
  const hint = commandHint(command, status);
  return `${COMMAND_ROLES[key] ?? 'command'} ${key}=${command.trim()} ${ended(code, status)}${hint ? ` (${hint})` : ''}`;
}

/** What a failing step's exit status says, for the commands units run before the kubelet most often. */
function commandHint(command: string, status: string): string | undefined {
  // procps' sysctl returns -1 (255) when it cannot open the key's file under /proc/sys (sysctl.c WriteSetting).
  if (/\bsysctl\b/.test(command) && /^255\b/.test(status))
    return "sysctl could not open the key's /proc/sys file: the kernel module that provides it is not loaded";
  // kmod's modprobe exits 1 when the module is not found for the running kernel or fails to load.
  if (/\bmodprobe\b/.test(command) && /^1\b/.test(status))
    return 'modprobe found no such module for the running kernel, or it failed to load';
  return undefined;
}

/** A journal line of systemd's about a step: its own set-up step, a control command, a dependency, a condition. */
function journalStep(line: string): string | undefined {
  const step = SYSTEMD_STEP.exec(line);
  if (step) {
    const name = step[1] ?? step[2] ?? '';
    const what = step[3] ? ` spawning ${step[3]}` : '';
    return `systemd's step ${name}${what}: ${stepMeaning(name) ?? 'a set-up step failed'}`;
  }
  const control = CONTROL_EXIT.exec(line);
  if (control && !/^0(?:\/|$)/.test(control[2] ?? ''))
    return `a pre-start or other control command of the unit ${ended(control[1], control[2] ?? '')}`;
  if (/Dependency failed for |failed with result 'dependency'/.test(line))
    return 'a unit it requires failed to start (dependency)';
  if (/Condition check resulted in /.test(line)) return 'a start condition of the unit was not met (skipped)';
  return undefined;
}

/**
 * The failing step a line names, in words (`pre-start step ExecStartPre=/sbin/sysctl -w … exited with status
 * 255`, `systemd's step EXEC spawning /usr/bin/kubelet: the binary is missing or cannot be executed`), or undefined.
 */
export function failedStepOf(line: string): string | undefined {
  const process = processStep(line);
  return process === null ? undefined : (process ?? journalStep(line));
}
