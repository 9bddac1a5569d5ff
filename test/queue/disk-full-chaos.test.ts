import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { hashedKey } from '../../shared/schemas/job.ts';
import { until } from '../e2e/harness.ts';
import { alertmanagerPayload } from '../support/payloads.ts';
import { post } from '../support/server.ts';
import { type ServerProcess, startServerProcess, waitForEmptyQueue } from '../support/server-process.ts';
import { canMountTmpfs, mountTmpfs, TMPFS_SKIP_REASON, type Tmpfs } from '../support/tmpfs.ts';

/*
 * The disk fills under load, the server restarts while it is still full, the disk grows back: every alert answered
 * 202 must end processed or dead-lettered (with its reason), whatever failed in between. The recipe of issue 24:
 * a 3 MiB tmpfs as DATA_DIR, single alerts with 4 KB annotations, 4 at a time, readiness probed all along.
 */

const ANNOTATION = 'x'.repeat(4096);

/** One alert of its own node, and the dedup key ingest derives for it. */
function singleAlert(i: number) {
  const alert = {
    status: 'firing' as const,
    labels: { alertname: 'KubeNodeNotReady', node: `node-${i}`, cluster: `c-${i % 20}`, severity: 'warning' },
    annotations: { summary: 'Node is not ready.', description: ANNOTATION },
    startsAt: '2026-11-21T03:00:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph',
    fingerprint: `chaos-${i}`,
  };
  return {
    body: alertmanagerPayload([alert]),
    key: hashedKey('alert', [alert.fingerprint, 'firing', alert.startsAt]),
  };
}

interface Load {
  accepted: string[];
  refused: number;
}

/**
 * Sends alerts `from`.. 4 at a time, until `count` were sent or (when `untilRefused`) that many were refused in a
 * row; /readyz is probed every 50 ms meanwhile, as a kubelet would, only faster.
 */
async function load(
  server: ServerProcess,
  from: number,
  count: number,
  untilRefused?: number,
): Promise<Load> {
  const result: Load = { accepted: [], refused: 0 };
  let next = from;
  let refusedInARow = 0;
  let sending = true;
  const probing = (async () => {
    while (sending) {
      await fetch(`${server.url}/readyz`).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const worker = async () => {
    while (next < from + count && (untilRefused === undefined || refusedInARow < untilRefused)) {
      const { body, key } = singleAlert(next++);
      const res = await post(`${server.url}/v1/alertmanager`, body);
      await res.arrayBuffer();
      if (res.status === 202) {
        result.accepted.push(key);
        refusedInARow = 0;
      } else {
        expect(res.status).toBe(503);
        result.refused += 1;
        refusedInARow += 1;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  sending = false;
  await probing;
  return result;
}

/** The end each accepted job came to, read from the state database once the server has stopped. */
function endsOf(dataDir: string, keys: readonly string[]) {
  const db = new DatabaseSync(join(dataDir, 'state.db'), { readOnly: true });
  try {
    const processed = new Set(
      (db.prepare('SELECT dedup_key FROM processed').all() as Array<{ dedup_key: string }>).map(
        (r) => r.dedup_key,
      ),
    );
    const dead = new Map(
      (
        db.prepare('SELECT body, reason FROM dead_letters').all() as Array<{ body: string; reason: string }>
      ).map((r) => [(JSON.parse(r.body) as { dedupKey: string }).dedupKey, r.reason]),
    );
    return {
      processed: keys.filter((k) => processed.has(k)),
      deadLettered: keys.filter((k) => dead.has(k)).map((k) => ({ key: k, reason: dead.get(k) })),
      lost: keys.filter((k) => !processed.has(k) && !dead.has(k)),
    };
  } finally {
    db.close();
  }
}

/** JSON log lines of a server process whose message matches. */
const linesMatching = (server: ServerProcess, message: RegExp) =>
  server
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; repeats?: number })
    .filter((l) => message.test(l.msg));

/** Up (alive, answering), not ready (saying `why`), and refusing webhooks with 503 so that senders retry. */
async function expectUpButUnready(server: ServerProcess, why: RegExp): Promise<void> {
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const unready = await fetch(`${server.url}/readyz`);
  expect(unready.status).toBe(503);
  expect(JSON.stringify(await unready.json())).toMatch(why);
  expect((await post(`${server.url}/v1/alertmanager`, singleAlert(-1).body)).status).toBe(503);
}

let disk: Tmpfs | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  disk?.unmount();
});

describe.skipIf(!canMountTmpfs)(`a disk that fills under load (${TMPFS_SKIP_REASON})`, () => {
  it('every job answered 202 is processed or dead-lettered, across a restart on the full disk', async () => {
    disk = mountTmpfs('3m');
    const env = {
      DATA_DIR: disk.dir,
      LOG_FORMAT: 'json',
      // A job left claimed by a failure comes back after 5 s, not a minute.
      RESPOND_VISIBILITY_SECONDS: '5',
    };
    server = await startServerProcess(env);

    // 1. The disk fills under load: some alerts accepted, the rest refused with 503.
    const filling = await load(server, 0, 1500, 200);
    expect(filling.accepted.length).toBeGreaterThan(0);
    expect(filling.refused).toBeGreaterThanOrEqual(200);
    // A refusal a request is not a log line a request: once, then once a minute with a count.
    expect(linesMatching(server, /ENOSPC/).length).toBeLessThanOrEqual(2);

    // 2. Restart while the disk is still full (whatever the stop freed is taken again first).
    expect(await server.stop()).toBe(0);
    disk.fill();
    server = await startServerProcess(env);
    await expectUpButUnready(server, /cannot store jobs: ENOSPC: no space left on device/);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);

    // 3. Space returns: ready again by itself, and what comes now is taken.
    disk.resize('64m');
    await until(
      'ready once the disk has room',
      async () => (await fetch(`${server?.url}/readyz`)).ok,
      15_000,
    );
    const after = await load(server, 10_000, 100);
    expect(after.refused).toBe(0);

    // 4. Every accepted job to its end: the queue drains, then the state says where each one went.
    const accepted = [...filling.accepted, ...after.accepted];
    await waitForEmptyQueue(server.url, 60_000);
    expect(await server.stop()).toBe(0);
    const ends = endsOf(disk.dir, accepted);
    expect(ends.lost).toEqual([]);
    expect(ends.processed.length + ends.deadLettered.length).toBe(accepted.length);
    for (const d of ends.deadLettered) expect(d.reason).not.toBe('');
  }, 180_000);

  it('started after a clean stop on a disk that filled meanwhile: up and unready until there is room', async () => {
    disk = mountTmpfs('3m');
    const env = { DATA_DIR: disk.dir, LOG_FORMAT: 'json' };
    server = await startServerProcess(env);
    const first = singleAlert(0);
    expect((await post(`${server.url}/v1/alertmanager`, first.body)).status).toBe(202);
    // A clean stop with room: SQLite folds its WAL into the database and removes it and its shared-memory file.
    expect(await server.stop()).toBe(0);
    disk.fill();

    // No room even for SQLite's shared-memory file: the state cannot be opened, and the server waits for it.
    server = await startServerProcess(env);
    await expectUpButUnready(server, /state database unavailable: .* \(SQLITE_(IOERR|FULL)\)/);

    disk.unfill();
    await until(
      'ready once the disk has room',
      async () => (await fetch(`${server?.url}/readyz`)).ok,
      20_000,
    );
    const second = singleAlert(2);
    expect((await post(`${server.url}/v1/alertmanager`, second.body)).status).toBe(202);
    await waitForEmptyQueue(server.url, 30_000);
    // Said when it began and when it ended, not at every try in between.
    expect(linesMatching(server, /^waiting for room in DATA_DIR/).map((l) => l.msg)).toEqual([
      expect.stringMatching(/: state database unavailable: /),
      expect.stringMatching(/: recovered after \d+s$/),
    ]);
    expect(await server.stop()).toBe(0);
    expect(endsOf(disk.dir, [first.key, second.key]).processed).toEqual([first.key, second.key]);
  }, 60_000);
});
