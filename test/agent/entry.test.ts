import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENTRY = join(import.meta.dirname, '..', '..', 'functions', 'agent', 'bin.ts');
const agent = (args: string[]) =>
  spawnSync(process.execPath, [ENTRY, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('dist/agent.js, the agent without the CLI', () => {
  it('says what is wrong with its options in one line and exits 2', () => {
    expect(agent([])).toMatchObject({ status: 2, stderr: expect.stringContaining('--post is required') });
    expect(agent(['--post', 'http://x', '--bogus', '1'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("Unknown option '--bogus'"),
    });
    expect(agent(['--post=http://127.0.0.1:9', '--token-file', '/nonexistent/token'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--token-file'),
    });
    expect(agent(['--post', 'http://127.0.0.1:9', '--interval', 'soon'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--interval: expected a number of seconds'),
    });
  });
});
