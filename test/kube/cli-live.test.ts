import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DiagnosisSchema } from '../../shared/schemas/diagnosis.ts';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';

const MAIN = join(import.meta.dirname, '..', '..', 'functions', 'cli', 'main.ts');
let kube: KubeFake;
let kubeconfig = '';
beforeAll(async () => {
  kube = await startKubeFake({ scenario: plegScenario({ now: new Date() }) });
  kubeconfig = kube.writeKubeconfig();
});
afterAll(async () => kube.close());

/** The CLI as its own process, run asynchronously: the fake API server lives in this process. */
async function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { ...process.env, KUBECONFIG: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('diagnoses a live node from a kubeconfig', async () => {
  const r = await cli(['diagnose', 'node-a', '--kubeconfig', kubeconfig, '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const d = DiagnosisSchema.parse(JSON.parse(r.stdout));
  expect(d.verdict).toBe('fd_exhaustion');
  expect(d.node).toBe('node-a');
});

it('says clearly when the node, the name or the kubeconfig is wrong', async () => {
  expect((await cli(['diagnose', 'no-such-node', '--kubeconfig', kubeconfig])).stderr).toMatch(
    /not found|no-such-node/,
  );
  const bad = await cli(['diagnose', 'Bad_Name', '--kubeconfig', kubeconfig]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/not a valid node name/);
  const missing = await cli(['diagnose', 'node-a', '--kubeconfig', '/nonexistent/kubeconfig']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/does not exist/);
});
