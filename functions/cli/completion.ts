import type { Command, Option } from 'commander';

/** What a shell completes after an option: nothing (a flag), files, directories, kubeconfig contexts, a list. */
type ValueKind = 'none' | 'file' | 'dir' | 'context' | 'choice' | 'text';

interface OptionSpec {
  short?: string;
  long: string;
  description: string;
  value: ValueKind;
  choices: readonly string[];
  repeatable: boolean;
}

interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  /** Choices of the first positional argument (e.g. the shell of `completion`). */
  argumentChoices: readonly string[];
}

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const HELP: OptionSpec = {
  short: '-h',
  long: '--help',
  description: 'show help',
  value: 'none',
  choices: [],
  repeatable: false,
};

function valueKind(option: Option): ValueKind {
  if (!option.required && !option.optional) return 'none';
  if (option.argChoices) return 'choice';
  const placeholder = /<([a-z-]+)>/.exec(option.flags)?.[1];
  if (placeholder === 'file' || placeholder === 'dir' || placeholder === 'context') return placeholder;
  return 'text';
}

function optionSpec(option: Option): OptionSpec | undefined {
  if (option.hidden || !option.long) return undefined;
  return {
    short: option.short,
    long: option.long,
    description: option.description,
    value: valueKind(option),
    choices: option.argChoices ?? [],
    // Commander has no notion of an option given more than once; the help text says so in these words.
    repeatable: option.variadic || option.description.includes('(repeatable)'),
  };
}

/** The command tree as the completion scripts need it, read from the program so the two cannot drift. */
function commandSpecs(program: Command): CommandSpec[] {
  return program.commands.map((command) => ({
    name: command.name(),
    description: command.description(),
    options: [...command.options.map(optionSpec).filter((o) => o !== undefined), HELP],
    argumentChoices: command.registeredArguments[0]?.argChoices ?? [],
  }));
}

function flagsOf(option: OptionSpec): string[] {
  return option.short ? [option.short, option.long] : [option.long];
}

/** Single-quoted for any of the three shells (descriptions are ours, but quoted all the same). */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const CONTEXTS_COMMAND = 'kubectl config get-contexts -o name 2>/dev/null';

function bash(program: string, commands: readonly CommandSpec[]): string {
  const fn = `_${program.replaceAll('-', '_')}`;
  const valueCases = commands.flatMap((c) =>
    c.options
      .filter((o) => o.value !== 'none')
      .map((o) => {
        const pattern = flagsOf(o)
          .map((f) => `${c.name}:${f}`)
          .join('|');
        const reply = {
          file: 'compopt -o filenames; COMPREPLY=($(compgen -f -- "$cur"))',
          dir: 'compopt -o filenames; COMPREPLY=($(compgen -d -- "$cur"))',
          context: `COMPREPLY=($(compgen -W "$(${CONTEXTS_COMMAND})" -- "$cur"))`,
          choice: `COMPREPLY=($(compgen -W ${quote(o.choices.join(' '))} -- "$cur"))`,
          text: 'COMPREPLY=()',
          none: '',
        }[o.value];
        return `    ${pattern}) ${reply}; return ;;`;
      }),
  );
  const commandCases = commands.map((c) => {
    const words = [...c.options.flatMap(flagsOf), ...c.argumentChoices].join(' ');
    return `    ${c.name}) COMPREPLY=($(compgen -W ${quote(words)} -- "$cur")) ;;`;
  });
  return `# ${program} completion for bash. Load it with: source <(${program} completion bash)
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${commands.map((c) => c.name).join('|')}) cmd="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  case "$cmd:$prev" in
${valueCases.join('\n')}
  esac
  case "$cmd" in
    "") COMPREPLY=($(compgen -W ${quote([...commands.map((c) => c.name), '--help', '--version'].join(' '))} -- "$cur")) ;;
${commandCases.join('\n')}
  esac
}
complete -F ${fn} ${program}
`;
}

/** An _arguments spec: "(-o --output)"{-o,--output}"[description]:format:(text json yaml)". */
function zshOption(option: OptionSpec): string {
  const action = {
    none: '',
    file: ':file:_files',
    dir: ':directory:_files -/',
    context: `:context:{compadd -- \${(f)"$(${CONTEXTS_COMMAND})"}}`,
    choice: `:value:(${option.choices.join(' ')})`,
    text: ':value: ',
  }[option.value];
  const description = `[${option.description.replaceAll(/[[\]:\\]/g, (c) => `\\${c}`)}]${action}`;
  if (option.repeatable) return `'*${option.long}${description}'`;
  if (!option.short) return quote(`${option.long}${description}`);
  return `'(${option.short} ${option.long})'{${option.short},${option.long}}${quote(description)}`;
}

function zsh(program: string, commands: readonly CommandSpec[]): string {
  const fn = `_${program.replaceAll('-', '_')}`;
  const described = commands.map((c) => quote(`${c.name}:${c.description.replaceAll(':', '\\:')}`));
  const cases = commands.map((c) => {
    const positional = c.argumentChoices.length > 0 ? ` '1:shell:(${c.argumentChoices.join(' ')})'` : '';
    return `    ${c.name}) _arguments -s ${c.options.map(zshOption).join(' ')}${positional} ;;`;
  });
  return `#compdef ${program}
# ${program} completion for zsh. Load it with: source <(${program} completion zsh)
${fn}() {
  local -a commands
  commands=(${described.join(' ')})
  if (( CURRENT == 2 )); then
    _describe -t commands command commands
    return
  fi
  local command=\${words[2]}
  shift words
  (( CURRENT-- ))
  case $command in
${cases.join('\n')}
  esac
}
compdef ${fn} ${program}
`;
}

function fish(program: string, commands: readonly CommandSpec[]): string {
  const lines = [
    `# ${program} completion for fish. Load it with: ${program} completion fish | source`,
    `complete -c ${program} -f`,
    `complete -c ${program} -n __fish_use_subcommand -l version -d 'print the version'`,
    ...commands.map(
      (c) => `complete -c ${program} -n __fish_use_subcommand -a ${c.name} -d ${quote(c.description)}`,
    ),
  ];
  for (const c of commands) {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    for (const o of c.options) {
      const short = o.short ? ` -s ${o.short.slice(1)}` : '';
      const value = {
        none: '',
        file: ' -r -F',
        dir: ` -x -a '(__fish_complete_directories)'`,
        context: ` -x -a '(${CONTEXTS_COMMAND})'`,
        choice: ` -x -a ${quote(o.choices.join(' '))}`,
        text: ' -x',
      }[o.value];
      lines.push(
        `complete -c ${program} ${when}${short} -l ${o.long.slice(2)}${value} -d ${quote(o.description)}`,
      );
    }
    if (c.argumentChoices.length > 0)
      lines.push(`complete -c ${program} ${when} -a ${quote(c.argumentChoices.join(' '))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script for `shell`, generated from the program's own commands and options. */
export function completionScript(shell: Shell, program: Command): string {
  const commands = commandSpecs(program);
  const name = program.name();
  if (shell === 'bash') return bash(name, commands);
  if (shell === 'zsh') return zsh(name, commands);
  return fish(name, commands);
}
