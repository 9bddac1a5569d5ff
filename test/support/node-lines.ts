import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';

/**
 * Lines as a node writes them (journald's short format, klog's header), and the two questions rule tests ask of a
 * bundle: which facts it yields, and which cause ranks first.
 */
export type Bundle = Parameters<typeof extractFacts>[0];

export const ids = (bundle: Bundle) => extractFacts(bundle).ids();
export const top = (bundle: Bundle) => diagnose(bundle).causes[0];
export const journal = (tag: string, message: string) => `Nov 02 13:41:43 worker-1 ${tag}: ${message}`;
export const klog = (severity: string, file: string, text: string) =>
  journal('kubelet[1893]', `${severity}1102 13:41:43.111882    1893 ${file}] ${text}`);
