import { JOURNAL_LINE } from '../log-headers.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * A terminal session pasted as is: prompt lines (`$ cmd`, `# cmd`, `root@node:~# cmd`, `[root@node ~]# cmd`)
 * followed by what the command printed. For commands whose output means something only together with the
 * command (a `docker ps` that printed `^C`, `cat /proc/sys/fs/file-nr`, `ls /proc/PID/fd | wc -l`), the output
 * is kept as command output for the command extractors; other commands' output (journalctl, kubectl describe)
 * describes itself and is read like the rest of the paste.
 */
const PROMPT = /^(?:\[[^\]]{1,80}\] ?[#$]|[\w.-]+@[\w.-]+(?::[^\s#$]*)? ?[#$]|[#$]) +(\S.*)$/;
const WRAPPERS = /^(?:(?:sudo|time|env|timeout(?: +-\S+)* +\S+) +)*/;
/** Commands whose output the command extractors read with the command in hand. */
const KEEP_OUTPUT =
  /^(?:docker|crictl|ctr|nerdctl|podman|systemctl|busctl|dbus-send|gdbus|ps|top|uptime|free|nproc|lsof|ulimit|prlimit|sysctl|find|cat \/proc\/|grep [^|]*\/proc\/[^|]*\/limits|cat \/sys\/fs\/cgroup\/|ls (?:-\w+ )*\/proc\/|ls (?:-\w+ )*\/etc\/cni\/net\.d)/;
const PROSE = /\b(?:hangs?|hung|stuck|never|does ?n.t|not respond|timed out)\b|卡/;
const MAX_OUTPUT_LINES = 2000;
const MAX_OUTPUT_CHARS = 64 * 1024;

class ShellCommand implements Section {
  readonly format = 'shell-command';
  readonly #command: string;
  readonly #output: string[] = [];
  #chars = 0;

  constructor(command: string) {
    this.#command = command;
  }

  take(line: string): boolean {
    if (PROMPT.test(line) || JOURNAL_LINE.test(line)) return false;
    // Past the bound the rest is read like the rest of the paste.
    if (this.#output.length >= MAX_OUTPUT_LINES || this.#chars + line.length > MAX_OUTPUT_CHARS) return false;
    this.#chars += line.length + 1;
    this.#output.push(line);
    return true;
  }

  close(evidence: PasteEvidence): void {
    while (this.#output.at(-1)?.trim() === '') this.#output.pop();
    evidence.addCommandOutput(this.#command, this.#output.join('\n'));
  }
}

/** A prompt line whose output is read elsewhere: the line itself is consumed, nothing else. */
class PromptOnly implements Section {
  readonly format = 'shell-command';
  take(): boolean {
    return false;
  }
  close(): void {}
}

export const openShellCommand: Opener = (line) => {
  const c = line.charCodeAt(0);
  // `$`, `#`, `[`, or a user name: cheap first test before the prompt pattern.
  if (c !== 36 && c !== 35 && c !== 91 && !line.includes('@')) return undefined;
  const command = PROMPT.exec(line)?.[1]?.trim();
  if (!command) return undefined;
  const bare = command.replace(WRAPPERS, '');
  // `# docker ps hangs` is a note written like a root prompt, not a command.
  if (!/^[\w./-]+(?:\s|$)/.test(bare) || PROSE.test(bare)) return undefined;
  return KEEP_OUTPUT.test(bare) ? new ShellCommand(command) : new PromptOnly();
};

/**
 * crictl's own failure line, pasted without the command: logrus's fatal exit (`FATA[0002] …` on a terminal,
 * `level=fatal msg="…"` otherwise) wraps the CRI error with what it was doing (cri-tools cmd/crictl), which
 * names the command.
 */
const CRICTL_FATAL =
  /^(?:FATA\[\d+\] |time="[^"]*" level=fatal msg=")(listing containers|listing pod sandboxes|getting status of runtime|getting the status of the container)\b/;
const CRICTL_COMMANDS: Record<string, string> = {
  'listing containers': 'crictl ps',
  'listing pod sandboxes': 'crictl pods',
  'getting status of runtime': 'crictl info',
  'getting the status of the container': 'crictl inspect',
};

/** The one line is the command's output. */
class CrictlFailure implements Section {
  readonly format = 'shell-command';
  readonly #command: string;
  readonly #line: string;

  constructor(command: string, line: string) {
    this.#command = command;
    this.#line = line;
  }

  take(): boolean {
    return false;
  }

  close(evidence: PasteEvidence): void {
    evidence.addCommandOutput(this.#command, this.#line);
  }
}

export const openCrictlFailure: Opener = (line) => {
  if (!line.startsWith('FATA[') && !line.includes('level=fatal')) return undefined;
  const command = CRICTL_COMMANDS[CRICTL_FATAL.exec(line)?.[1] ?? ''];
  return command ? new CrictlFailure(command, line) : undefined;
};

/**
 * A container list pasted without its command: `docker ps` (CONTAINER ID, IMAGE, COMMAND, ...), `crictl ps`
 * (CONTAINER, IMAGE, CREATED, STATE, NAME, ATTEMPT, POD ID) or `crictl pods` (POD ID, CREATED, STATE, ...). The
 * header names the command; a list at all means the runtime answered it.
 */
const LIST_HEADERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^CONTAINER ID\s+IMAGE\s+COMMAND\s/, 'docker ps'],
  [/^CONTAINER\s+IMAGE\s+CREATED\s+STATE\s/, 'crictl ps'],
  [/^POD ID\s+CREATED\s+STATE\s+NAME\s/, 'crictl pods'],
];
const LIST_ROW = /^[0-9a-f]{12,64}\s/;
const MAX_LIST_ROWS = 500;

class ContainerList implements Section {
  readonly format = 'shell-command';
  readonly #command: string;
  readonly #lines: string[];

  constructor(command: string, header: string) {
    this.#command = command;
    this.#lines = [header];
  }

  take(line: string): boolean {
    if (!LIST_ROW.test(line)) return false;
    if (this.#lines.length <= MAX_LIST_ROWS) this.#lines.push(line.slice(0, 512));
    return true;
  }

  close(evidence: PasteEvidence): void {
    evidence.addCommandOutput(this.#command, this.#lines.join('\n'));
  }
}

export const openContainerList: Opener = (line) => {
  if (!line.startsWith('CONTAINER') && !line.startsWith('POD ID')) return undefined;
  const command = LIST_HEADERS.find(([header]) => header.test(line))?.[1];
  return command ? new ContainerList(command, line) : undefined;
};
