import { Argument, Command, CommanderError, Option } from 'commander';
import pkg from '../../package.json' with { type: 'json' };
import type { RuntimeKind } from '../../shared/schemas/diagnosis.ts';
import { completionScript, SHELLS, type Shell } from './completion.ts';
import { EXIT, EXIT_CODES_HELP, UsageError } from './exit-codes.ts';
import { OUTPUT_FORMATS, type OutputFormat, outputFormat, render } from './output.ts';

// Only what parsing and --help need is imported above: each command loads its own modules when it runs
// (the engine and zod for diagnose, node:sqlite for dead-letters, the Kubernetes client for a live read),
// so `--help`, `--version` and a bundle diagnosis start in a fraction of the time the whole program takes.

const RUNTIMES = ['docker', 'containerd', 'crio'] as const satisfies readonly Exclude<
  RuntimeKind,
  'unknown'
>[];

interface OutputOptions {
  output?: OutputFormat;
  json?: boolean;
}

interface DiagnoseOptions extends OutputOptions {
  bundle?: string;
  log?: string[];
  node?: string;
  context?: string;
  kubeconfig?: string;
  runtime?: (typeof RUNTIMES)[number];
}

const DIAGNOSE_EXAMPLES = `
Examples:
  pleg-responder diagnose worker-7 --context prod           read the node live from the cluster
  pleg-responder diagnose --bundle incident.json            readable report
  pleg-responder diagnose --bundle - -o json < incident.json
  journalctl -u kubelet -u containerd -k --since -2h | pleg-responder diagnose --log - --node worker-7
  pleg-responder diagnose --log journal.txt --log kubelet.log --node worker-7

${EXIT_CODES_HELP}`;

function outputOptions(command: Command): Command {
  return command
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .addOption(new Option('--json', 'same as -o json').conflicts('output'));
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function buildProgram(setStatus: (code: number) => void): Command {
  const program = new Command('pleg-responder')
    .description(
      'Finds why a Kubernetes node went NotReady (the cause below "PLEG is not healthy"), cites the lines ' +
        'that show it, and gives the commands that confirm and fix it.',
    )
    .version(pkg.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .exitOverride()
    .configureOutput({
      outputError: (message, write) => write(`pleg-responder: ${message.replace(/^error: /, '')}`),
    })
    .addHelpText(
      'after',
      `\nRun "pleg-responder <command> --help" for a command's options.\n\n${EXIT_CODES_HELP}`,
    );

  const diagnose = program
    .command('diagnose')
    .description('find the cause: live from the cluster, from an evidence bundle, or from raw logs')
    .argument('[node]', 'a node of the cluster in your kubeconfig, read live from the API server')
    .option('--bundle <file>', 'evidence bundle (JSON); "-" reads standard input')
    .option(
      '--log <file>',
      'raw log: journalctl output, kubelet.log, dmesg...; "-" reads standard input; streamed, any size (repeatable)',
      collect,
    )
    .option('--node <name>', 'node name to use in suggested commands (with --log)')
    .option('--context <context>', 'kubeconfig context (default: the current one)')
    .option('--kubeconfig <file>', 'kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)')
    .addOption(
      new Option(
        '--runtime <runtime>',
        'show commands for this runtime instead of the one the node reports',
      ).choices(RUNTIMES),
    )
    .addHelpText('after', DIAGNOSE_EXAMPLES)
    .action(async (node: string | undefined, options: DiagnoseOptions) => {
      const [{ runDiagnose }, { renderDiagnosisText }] = await Promise.all([
        import('./diagnose.ts'),
        import('../../shared/chat/text.ts'),
      ]);
      const diagnosis = await runDiagnose({
        node,
        bundle: options.bundle,
        logs: options.log,
        nodeName: options.node,
        context: options.context,
        kubeconfig: options.kubeconfig,
        runtime: options.runtime,
      });
      process.stdout.write(
        await render(diagnosis, outputFormat(options), () => renderDiagnosisText(diagnosis)),
      );
      setStatus(diagnosis.verdict === 'unknown' ? EXIT.noCause : EXIT.ok);
    });
  outputOptions(diagnose);

  const deadLetters = program
    .command('dead-letters')
    .description(
      'list the jobs the embedded server gave up on, with the reason (read-only, safe beside it); ' +
        '--redrive puts them back in the queue once the cause is fixed',
    )
    .option('--data-dir <dir>', "the embedded server's DATA_DIR (default: $DATA_DIR, else .data)")
    .option('--redrive', 'move every dead letter back into the queue as a fresh job (safe beside the server)')
    .action(async (options: OutputOptions & { dataDir?: string; redrive?: boolean }) => {
      const { deadLettersText, readDeadLettersIn, redriveIn } = await import('./dead-letters.ts');
      const dir = options.dataDir ?? process.env.DATA_DIR ?? '.data';
      if (options.redrive) {
        const moved = redriveIn(dir);
        process.stdout.write(`${moved} dead letter(s) put back in the queue in ${dir}\n`);
        return;
      }
      const letters = readDeadLettersIn(dir);
      process.stdout.write(await render(letters, outputFormat(options), () => deadLettersText(dir, letters)));
    });
  outputOptions(deadLetters);

  const incidents = program
    .command('incidents')
    .description('the evidence kept with incidents (bundles taken on nodes and their diagnoses)');
  const show = incidents
    .command('show')
    .description(
      "print the evidence kept for an incident: every bundle's summary, and the newest (or the one named) whole",
    )
    .argument('<id>', 'an evidence id (ev-…, as the thread names its file) or an incident key (cluster/node)')
    .option('--data-dir <dir>', "the server's DATA_DIR (default: $DATA_DIR, else .data); EVIDENCE_BUCKET: S3")
    .addHelpText(
      'after',
      `
Examples:
  pleg-responder incidents show prod-eu1/worker-7          what was kept for the node's incident
  pleg-responder incidents show ev-3f2a… -o json > kept.json   one record whole: the diagnosis and the bundle
  pleg-responder diagnose --bundle <(jq .bundle kept.json)  diagnose it again with this version's rules`,
    )
    .action(async (id: string, options: OutputOptions & { dataDir?: string }) => {
      const { incidentText, openArchive, showIncident } = await import('./incidents.ts');
      const archive = await openArchive(options.dataDir ?? process.env.DATA_DIR ?? '.data', process.env);
      const found = await showIncident(archive, id);
      process.stdout.write(await render(found, outputFormat(options), () => incidentText(found)));
    });
  outputOptions(show);

  program
    .command('serve')
    .description(
      'run the server: webhooks in, the durable queue and the responder (the embedded default; what `npm start` ' +
        'and the container image run), configured by environment variables',
    )
    .option('--port <port>', 'port to listen on (sets PORT; default 8787)')
    .option('--host <address>', 'address to listen on (sets HOST; default 127.0.0.1)')
    .option(
      '--data-dir <dir>',
      'where the queue, incidents and ingest token live (sets DATA_DIR; default .data)',
    )
    .addHelpText(
      'after',
      `
Every setting is an environment variable (the README's configuration table): ROLE, QUEUE, SLACK_BOT_TOKEN,
SLACK_CHANNEL, SLACK_APP_TOKEN, KUBE_IN_CLUSTER, KUBE_CONTEXTS, ... Stops on SIGTERM or Ctrl-C.`,
    )
    .action(async (options: { port?: string; host?: string; dataDir?: string }) => {
      // The options are the variables the server reads, so a setting means the same however it is given.
      if (options.port !== undefined) process.env.PORT = options.port;
      if (options.host !== undefined) process.env.HOST = options.host;
      if (options.dataDir !== undefined) process.env.DATA_DIR = options.dataDir;
      const { runServer } = await import('../node/server.ts');
      await runServer();
    });

  program
    .command('send-test')
    .description(
      'post a sample incident (an Alertmanager alert and a node bundle) to a running server, with its ingest token: ' +
        'the smoke test of a set-up',
    )
    .option('--url <url>', "the server's ingest (default: http://127.0.0.1:$PORT, else port 8787)")
    .option(
      '--token-file <file>',
      'file holding the ingest token (default: $INGEST_TOKEN, else DATA_DIR/ingest-token)',
    )
    .option(
      '--data-dir <dir>',
      "the server's DATA_DIR, where it keeps the token it made (default: $DATA_DIR, else .data)",
    )
    .addHelpText(
      'after',
      `
Examples:
  pleg-responder send-test                                   the embedded default on this machine
  INGEST_TOKEN=... pleg-responder send-test --url http://localhost:8787   through kubectl port-forward`,
    )
    .action(async (options: { url?: string; tokenFile?: string; dataDir?: string }) => {
      const { sendTest, sendTestDefaults } = await import('./send-test.ts');
      const defaults = sendTestDefaults({
        ...process.env,
        ...(options.dataDir === undefined ? {} : { DATA_DIR: options.dataDir }),
      });
      const lines = await sendTest({
        url: options.url ?? defaults.url,
        // A file named on the command line wins over the environment's token.
        token: options.tokenFile === undefined ? process.env.INGEST_TOKEN : undefined,
        tokenFile: options.tokenFile ?? defaults.tokenFile,
      });
      process.stdout.write(`${lines.join('\n')}\n`);
    });

  const demo = program
    .command('demo')
    .description('diagnose the sample incident (descriptors exhausted under dockerd), offline')
    .action(async (options: OutputOptions) => {
      const [{ diagnoseSample }, { renderDiagnosisText }] = await Promise.all([
        import('./demo.ts'),
        import('../../shared/chat/text.ts'),
      ]);
      const diagnosis = diagnoseSample();
      process.stdout.write(
        await render(diagnosis, outputFormat(options), () => renderDiagnosisText(diagnosis)),
      );
    });
  outputOptions(demo);

  program
    .command('collect')
    .description(
      'read this node (journal, descriptors, stuck processes, runtime and systemd answering, pressure) within a ' +
        'time budget, read-only, and print the evidence bundle as JSON, or post it to the ingest',
    )
    .option(
      '--post <url>',
      'post the bundle to the ingest (its base URL or /v1/bundles) instead of printing it',
    )
    .option(
      '--token-file <file>',
      'the ingest token for --post (default: $INGEST_TOKEN_BUNDLES, else $INGEST_TOKEN)',
    )
    .option(
      '--budget <seconds>',
      'time for the whole collection; what has not answered by then is reported',
      '20',
    )
    .option(
      '--probe-timeout <seconds>',
      "each probe's own timeout (a runtime call, a journalctl, the D-Bus ping)",
      '5',
    )
    .option('--since <time>', 'journal excerpts since (journalctl --since: -1h, "2026-11-21 03:00")', '-1h')
    .option('--lines <n>', 'the most recent lines of each journal excerpt', '1000')
    .option(
      '--max-bytes <n>',
      'the bundle stays under this many bytes of JSON (logs are cut first; ingest takes 1 MiB by default)',
      '524288',
    )
    .option(
      '--root <dir>',
      "the host's root (sockets, journal, kubelet config), e.g. /host in a pod",
      process.env.PLEG_HOST_ROOT ?? '/',
    )
    .option('--proc <dir>', "the host's /proc", process.env.PLEG_HOST_PROC ?? '/proc')
    .option(
      '--node <name>',
      "node name for the bundle (default: $NODE_NAME, the kubelet's --hostname-override, the host name)",
    )
    .option(
      '--cluster <name>',
      'cluster name for the bundle (default: $CLUSTER; the ingest uses DEFAULT_CLUSTER)',
    )
    .addHelpText(
      'after',
      `
Examples:
  sudo pleg-responder collect > bundle.json && pleg-responder diagnose --bundle bundle.json
  sudo pleg-responder collect --post https://pleg.example.com --token-file /etc/pleg/token
  kubectl debug node/worker-7 -it --profile=sysadmin --image=IMAGE -- pleg-responder collect --root /host

Read-only: it runs journalctl, busctl and systemctl read commands, reads /proc and asks the runtime's socket for
its version and lists. Run as root to read other users' descriptor tables.`,
    )
    .action(async (options: import('./collect.ts').CollectCommandOptions) => {
      const { runCollect } = await import('./collect.ts');
      process.stdout.write(await runCollect(options, process.env));
    });

  program
    .command('agent')
    .description(
      'watch this node (kubelet health, PLEG last seen in its metrics, the runtime answering) and, on signs of ' +
        'trouble, collect once, spool the bundle on the node and post it; backs off while the node stays sick',
    )
    .requiredOption('--post <url>', 'the ingest to post bundles to (its base URL or /v1/bundles)')
    .option('--token-file <file>', 'the ingest token (default: $INGEST_TOKEN_BUNDLES, else $INGEST_TOKEN)')
    .option(
      '--spool <dir>',
      'where bundles wait until posted (bounded: the oldest dropped first)',
      '/var/lib/pleg-responder/spool',
    )
    .option('--interval <seconds>', 'how often to look', '10')
    .option(
      '--healthz <url>',
      "the kubelet's health endpoint (empty: not watched)",
      'http://127.0.0.1:10248/healthz',
    )
    .option(
      '--metrics <url>',
      "the kubelet's metrics (nodes/metrics; empty: not watched)",
      'https://127.0.0.1:10250/metrics',
    )
    .option('--kubelet-token-file <file>', "bearer token for --metrics (the pod's ServiceAccount token)")
    .option(
      '--kubelet-ca-file <file>',
      "CA of the kubelet's serving certificate (needed unless --metrics is on 127.0.0.1)",
    )
    .option(
      '--pleg-threshold <seconds>',
      "PLEG last seen longer ago than this is a sign (the kubelet's is 180)",
      '180',
    )
    .option('--budget <seconds>', 'time for one collection', '20')
    .option('--root <dir>', "the host's root as mounted in the pod", process.env.PLEG_HOST_ROOT ?? '/')
    .option('--proc <dir>', "the host's /proc", process.env.PLEG_HOST_PROC ?? '/proc')
    .option('--node <name>', 'node name for the bundles (default: $NODE_NAME)')
    .option('--cluster <name>', 'cluster name for the bundles (default: $CLUSTER)')
    .action(async (options: import('./agent.ts').AgentCommandOptions) => {
      const { runAgent } = await import('./agent.ts');
      await runAgent(options, process.env);
    });

  program
    .command('completion')
    .description('print the shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      `
Load it in the current shell:
  bash:  source <(pleg-responder completion bash)
  zsh:   source <(pleg-responder completion zsh)
  fish:  pleg-responder completion fish | source
or save it where your shell loads completions (e.g. ~/.local/share/bash-completion/completions/pleg-responder).`,
    )
    .action((shell: Shell) => {
      process.stdout.write(completionScript(shell, program));
    });
  return program;
}

function reportError(error: unknown): number {
  // Commander has already printed its own usage errors (outputError above); help and --version exit 0.
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (error instanceof UsageError) {
    process.stderr.write(`pleg-responder: ${error.message}\n`);
    return EXIT.usage;
  }
  process.stderr.write(`pleg-responder: unexpected error: ${String(error)}\n`);
  return EXIT.internal;
}

/** Runs one command line and returns the exit status (see EXIT). */
export async function run(argv: readonly string[]): Promise<number> {
  // `pleg-responder ... | head` closes the pipe early: stop quietly, as other CLIs do, not with an EPIPE trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(EXIT.ok);
  });
  let status: number = EXIT.ok;
  const program = buildProgram((code) => {
    status = code;
  });
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.ok;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return status;
  } catch (error) {
    return reportError(error);
  }
}

if (import.meta.main) process.exitCode = await run(process.argv.slice(2));
