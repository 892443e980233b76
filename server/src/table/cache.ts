/**
 * A small cache by object identity: a few slots, the oldest replaced first. The table's state is
 * never mutated (a change is a new object or array), so a value derived from an object stays
 * right as long as that object is the key. Unlike a WeakMap keyed by every state or array ever
 * seen, it gives the garbage collector nothing to track (WeakMap entries are ephemerons, which
 * cost every collection); a miss only recomputes.
 */
export class IdentityCache<K extends object, V> {
  private readonly keys: (K | null)[];
  private readonly values: (V | undefined)[];
  private next = 0;

  constructor(readonly size: number) {
    this.keys = new Array<K | null>(size).fill(null);
    this.values = new Array<V | undefined>(size).fill(undefined);
  }

  get(key: K): V | undefined {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.values[i];
    return undefined;
  }

  set(key: K, value: V): void {
    this.keys[this.next] = key;
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.keys.length;
  }

  /** The value for `key`, made (and remembered) on a miss. */
  memo(key: K, make: (key: K) => V): V {
    let v = this.get(key);
    if (v === undefined) {
      v = make(key);
      this.set(key, v);
    }
    return v;
  }
}
