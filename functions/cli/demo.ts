// Bundled into the build (a chunk loaded only by `demo`), so the installed package needs no data files.
import sample from '../../infra/samples/bundle-fd-exhaustion.json' with { type: 'json' };
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';
import { validateBundle } from './diagnose.ts';

/** The sample incident of infra/samples/, diagnosed offline. */
export function diagnoseSample(): Diagnosis {
  return diagnose(validateBundle(sample, 'the demo bundle'));
}
