import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', '..', 'functions', 'node', 'server.ts');
const INGEST_TOKEN = 'ingest-secret-Zq81x7Lw03';
const SLACK_BOT_TOKEN = 'xoxb-bot-secret-4471-Hh2k9';
const SLACK_SIGNING_SECRET = 'signing-secret-8c1e55aa90f3';
const SECRETS = [INGEST_TOKEN, SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET];

const dir = mkdtempSync(join(tmpdir(), 'pleg-logs-'));
let child: ChildProcess;
let url = '';
let stderr = '';
let stdout = '';

const lines = () =>
  stderr
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out; stderr so far:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  // stderr is a pipe, not a terminal: the server must write JSON lines.
  child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dir,
      INGEST_TOKEN,
      SLACK_BOT_TOKEN,
      SLACK_SIGNING_SECRET,
      SLACK_CHANNEL: 'C0123456',
      // Nothing leaves the machine: Slack is an address where nothing listens.
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  await waitFor(() => /listening on (http:\/\/[\d.:]+)/.test(stderr));
  url = /listening on (http:\/\/[\d.:]+)/.exec(stderr)?.[1] ?? '';
});

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the Node server logs', () => {
  it('JSON lines with time and level, an access line per refused request, and no secret anywhere', async () => {
    // Refused for three reasons: a wrong token (the body carries the real one), a bad body, a bad Slack signature.
    const wrongToken = await fetch(`${url}/v1/alertmanager`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token-000000', 'x-request-id': 'req-from-proxy-1' },
      body: JSON.stringify({ leaked: INGEST_TOKEN, bot: SLACK_BOT_TOKEN }),
    });
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.headers.get('x-request-id')).toBe('req-from-proxy-1');
    const badBody = await fetch(`${url}/v1/alertmanager?token=${SLACK_SIGNING_SECRET}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
      body: `{"alerts": "${SLACK_SIGNING_SECRET}"`,
    });
    expect(badBody.status).toBe(400);
    const badSignature = await fetch(`${url}/v1/slack/commands`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-slack-signature': `v0=${'0'.repeat(64)}`,
      },
      body: `token=${SLACK_BOT_TOKEN}&text=diagnose`,
    });
    expect(badSignature.status).toBe(401);
    const ok = await fetch(`${url}/healthz`);
    expect(ok.status).toBe(200);

    await waitFor(() => lines().filter((l) => l.msg === 'request refused').length >= 3);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;

    for (const line of stderr.trimEnd().split('\n')) {
      const record = JSON.parse(line);
      expect(typeof record.time, line).toBe('string');
      expect(Number.isNaN(Date.parse(record.time)), line).toBe(false);
      expect(['debug', 'info', 'warn', 'error'], line).toContain(record.level);
      expect(typeof record.component, line).toBe('string');
    }
    const refused = lines().filter((l) => l.msg === 'request refused');
    expect(refused).toEqual([
      expect.objectContaining({
        level: 'warn',
        component: 'ingest',
        method: 'POST',
        path: '/v1/alertmanager',
        status: 401,
        reason: 'unauthorised',
        requestId: 'req-from-proxy-1',
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({ path: '/v1/alertmanager', status: 400, requestId: expect.any(String) }),
      expect.objectContaining({ path: '/v1/slack/commands', status: 401 }),
    ]);
    expect(badBody.headers.get('x-request-id')).toBe(refused[1]?.requestId);
    // The accepted probe is a debug line (LOG_LEVEL=debug), like every request that is not refused.
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: 'debug', path: '/healthz', status: 200 }),
    );
    for (const secret of SECRETS) {
      expect(stderr).not.toContain(secret);
      expect(stdout).not.toContain(secret);
    }
    expect(stderr).not.toMatch(/authorization|bearer/i);
  });
});
