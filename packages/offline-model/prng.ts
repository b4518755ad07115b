// Seeded randomness for phrasing variety only: the same (seed, prompt) must give the
// same answer, so every random choice flows from a hash of both.

/** FNV-1a, 32-bit: small, fast and good enough to spread seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny PRNG with a 32-bit state. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(private readonly key: string) {
    this.next = mulberry32(hashString(key));
  }

  /** An independent stream for one purpose, so adding a draw elsewhere changes nothing here. */
  fork(label: string): Rng {
    return new Rng(`${this.key}/${label}`);
  }

  float(): number {
    return this.next();
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}
