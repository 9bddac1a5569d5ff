import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../shared/hash.ts';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';
import { canonicalJson } from '../../shared/schemas/canonical.ts';

/**
 * Bundles waiting to be posted, one file each, on the node (the agent's only write). Bounded in count and bytes:
 * when full, the oldest are dropped first. Each bundle is kept under its dedup key, the SHA-256 of its canonical
 * JSON, which is the key ingest gives it (`hashedKey('bundle', [bundle])`), so:
 * - the same bundle is never spooled twice;
 * - once ingest answered 202, its key is recorded as sent (a marker file, written before the bundle's file is
 *   removed), and a bundle whose key is recorded is never posted again, also after a restart;
 * - if the agent dies between the 202 and the marker, the one bundle it posts again carries the same dedup key,
 *   and the responder, which records the keys it processed, does not process it twice.
 */
export interface SpoolLimits {
  maxFiles: number;
  maxBytes: number;
  /** Sent markers kept (the most recent). */
  maxSent: number;
}

export const DEFAULT_SPOOL_LIMITS: SpoolLimits = { maxFiles: 20, maxBytes: 16 * 1024 * 1024, maxSent: 200 };

export interface Spooled {
  key: string;
  file: string;
}

/** The dedup key ingest derives for a bundle: `bundle:` + SHA-256 of `[bundle]` in canonical JSON. */
export function bundleKey(bundle: EvidenceBundle): string {
  return `bundle:${sha256Hex(canonicalJson([bundle]))}`;
}

const hexOf = (key: string) => key.slice('bundle:'.length);

export class Spool {
  readonly #pending: string;
  readonly #sent: string;
  readonly #limits: SpoolLimits;
  readonly #now: () => number;

  constructor(dir: string, limits: SpoolLimits = DEFAULT_SPOOL_LIMITS, now: () => number = Date.now) {
    this.#pending = join(dir, 'pending');
    this.#sent = join(dir, 'sent');
    this.#limits = limits;
    this.#now = now;
    mkdirSync(this.#pending, { recursive: true });
    mkdirSync(this.#sent, { recursive: true });
  }

  /** Pending bundles, oldest first (file names start with the time they were spooled). */
  pending(): Spooled[] {
    return readdirSync(this.#pending)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((file) => ({ file, key: `bundle:${file.slice(file.indexOf('-') + 1, -'.json'.length)}` }));
  }

  read(item: Spooled): EvidenceBundle {
    return JSON.parse(readFileSync(join(this.#pending, item.file), 'utf8')) as EvidenceBundle;
  }

  wasSent(key: string): boolean {
    try {
      statSync(join(this.#sent, hexOf(key)));
      return true;
    } catch {
      return false;
    }
  }

  /** Adds a bundle unless it is already pending or was sent; returns its key and the keys dropped to make room. */
  put(bundle: EvidenceBundle): { key: string; added: boolean; dropped: string[] } {
    const key = bundleKey(bundle);
    if (this.wasSent(key) || this.pending().some((p) => p.key === key))
      return { key, added: false, dropped: [] };
    const file = `${String(this.#now()).padStart(15, '0')}-${hexOf(key)}.json`;
    const temporary = join(this.#pending, `.${file}.tmp`);
    writeFileSync(temporary, JSON.stringify(bundle));
    renameSync(temporary, join(this.#pending, file));
    return { key, added: true, dropped: this.#trim() };
  }

  /** Records the key as sent, then removes the bundle: in this order, a crash between the two cannot resend it. */
  markSent(item: Spooled): void {
    writeFileSync(join(this.#sent, hexOf(item.key)), String(this.#now()));
    this.drop(item);
    const markers = readdirSync(this.#sent)
      .map((name) => ({ name, at: statSync(join(this.#sent, name)).mtimeMs }))
      .sort((a, b) => a.at - b.at);
    for (const old of markers.slice(0, Math.max(0, markers.length - this.#limits.maxSent)))
      rmSync(join(this.#sent, old.name), { force: true });
  }

  drop(item: Spooled): void {
    rmSync(join(this.#pending, item.file), { force: true });
  }

  /** Oldest first, until both bounds hold. */
  #trim(): string[] {
    const items = this.pending().map((p) => ({ ...p, bytes: statSync(join(this.#pending, p.file)).size }));
    let bytes = items.reduce((sum, i) => sum + i.bytes, 0);
    const dropped: string[] = [];
    while (items.length > 0 && (items.length > this.#limits.maxFiles || bytes > this.#limits.maxBytes)) {
      const oldest = items.shift();
      if (!oldest) break;
      this.drop(oldest);
      bytes -= oldest.bytes;
      dropped.push(oldest.key);
    }
    return dropped;
  }
}
