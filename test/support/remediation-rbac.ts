import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { RbacRule } from './kube-fake.ts';

const ROOT = join(import.meta.dirname, '..', '..', 'infra', 'kubernetes');

/** The ClusterRoles' rules of a manifest file under infra/kubernetes. */
function clusterRoleRules(file: string): RbacRule[] {
  return parseAllDocuments(readFileSync(join(ROOT, file), 'utf8'))
    .map((d) => d.toJS() as { kind?: string; rules?: RbacRule[] })
    .filter((d) => d.kind === 'ClusterRole')
    .flatMap((d) => d.rules ?? []);
}

/** What the responder's ServiceAccount holds with the remediation component: the base's read-only rules and its own. */
export async function rules(): Promise<RbacRule[]> {
  return [
    ...clusterRoleRules('base/clusterrole.yaml'),
    ...clusterRoleRules('components/remediation/remediation.yaml'),
  ];
}
