import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type Catalogue,
  CatalogueSchema,
  type Manifest,
  ManifestSchema,
  type VerdictFile,
  VerdictFileSchema,
} from '../../shared/diagnosis/catalogue.ts';

/** Where the catalogue lives: generated catalogues, their manifest, the verdicts and the mining sources. */
export const CATALOGUE_DIR = join(import.meta.dirname, '..', '..', 'rules', 'catalogue');

const Why = z.object({ glob: z.string(), why: z.string().min(4) }).strict();

/** One source tree to mine: a repository mirror at a ref, or an unpacked release directory. */
export const SourceInputSchema = z
  .object({
    repository: z.string(),
    /** A tag or commit in the repository's mirror. */
    ref: z.string().optional(),
    /** An unpacked tree under the mirrors directory, for sources that come as a release archive. */
    dir: z.string().optional(),
    release: z.string(),
    /** Prepended to paths so the files of a split-out repository sit where the main tree has them. */
    prefix: z.string().optional(),
    note: z.string().optional(),
  })
  .strict()
  .refine((i) => (i.ref === undefined) !== (i.dir === undefined), 'ref or dir, one of them');
export type SourceInput = z.infer<typeof SourceInputSchema>;

export const ProgramSourcesSchema = z
  .object({
    program: z.string().regex(/^[a-z][a-z0-9-]*$/),
    title: z.string(),
    /** How messages are written: Go or C calls, node-problem-detector's config, the EKS agent's reasons. */
    kind: z.enum(['source', 'npd', 'eks']),
    /** Go programs that log through klog: `logger.Info/Error` are logr's structured calls. */
    logr: z.boolean().optional(),
    /** fmt.Sprintf builds messages too (grpc-go prints a status as "rpc error: code = %s desc = %s"). */
    sprintf: z.boolean().optional(),
    include: z.array(Why).min(1),
    exclude: z.array(Why),
    inputs: z.array(SourceInputSchema).min(1),
  })
  .strict();
export type ProgramSources = z.infer<typeof ProgramSourcesSchema>;

export const SourcesSchema = z.object({ programs: z.array(ProgramSourcesSchema) }).strict();

export const SOURCES_PATH = join(CATALOGUE_DIR, 'sources.json');
export const MANIFEST_PATH = join(CATALOGUE_DIR, 'manifest.json');

export const cataloguePath = (program: string) => join(CATALOGUE_DIR, `${program}.generated.json`);
export const verdictsPath = (program: string) => join(CATALOGUE_DIR, `${program}.verdicts.json`);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export const readSources = () => SourcesSchema.parse(readJson(SOURCES_PATH));
export const readManifest = (): Manifest => ManifestSchema.parse(readJson(MANIFEST_PATH));
export const readCatalogue = (program: string): Catalogue =>
  CatalogueSchema.parse(readJson(cataloguePath(program)));
export const readVerdicts = (program: string): VerdictFile =>
  VerdictFileSchema.parse(readJson(verdictsPath(program)));

/** Writes a JSON file with one array element per line: small diffs on re-mining, and easy to grep. */
export function renderJson(value: Record<string, unknown>): string {
  const lines = Object.entries(value).map(([key, v]) => {
    if (Array.isArray(v) && v.length > 0 && typeof v[0] === 'object')
      return `  ${JSON.stringify(key)}: [\n${v.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]`;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = Object.entries(v).map(([k, x]) => `    ${JSON.stringify(k)}: ${JSON.stringify(x)}`);
      return inner.length
        ? `  ${JSON.stringify(key)}: {\n${inner.join(',\n')}\n  }`
        : `  ${JSON.stringify(key)}: {}`;
    }
    return `  ${JSON.stringify(key)}: ${JSON.stringify(v)}`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}
