/**
 * Keys seen recently, each held for a time: a Slack request that arrives again (a retry, a replayed signature, a
 * redelivered Socket Mode envelope) is recognised while its key is held. Bounded: past `max` keys the oldest go.
 */
export class RecentKeys {
  readonly #expiry = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #max: number;

  constructor(ttlMs: number, max: number) {
    this.#ttlMs = ttlMs;
    this.#max = max;
  }

  /** True when the key was not seen within the TTL; it is then held until released or expired. */
  claim(key: string, nowMs: number): boolean {
    for (const [k, expires] of this.#expiry) {
      if (expires > nowMs && this.#expiry.size < this.#max) break;
      this.#expiry.delete(k);
    }
    const expires = this.#expiry.get(key);
    if (expires !== undefined && expires > nowMs) return false;
    this.#expiry.delete(key);
    this.#expiry.set(key, nowMs + this.#ttlMs);
    return true;
  }

  release(key: string): void {
    this.#expiry.delete(key);
  }
}
