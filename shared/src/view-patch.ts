/**
 * View patches: a table view sent as its changes from the view the recipient last got.
 *
 * The server keeps each recipient's last view (it numbers views by it) and sends the next one as
 * a `patch` message: `{ type: 'patch', seq, base, patch }`, to be applied to the view numbered
 * `base`; the result is the view numbered `seq`. A recipient holding another view (or none) asks
 * for the full view (`sync`). Full views still go out in `welcome` (a join, a reconnect, a
 * `sync`) and in `view` (spectators one hand behind).
 *
 * The format knows no field of a view: it is a diff of two JSON values, so a field added to
 * `TableView` needs no code here. An object's patch (`ObjectPatch`) maps each changed field to
 * one change:
 *
 * | change | meaning |
 * |---|---|
 * | `[0, value]` | the field is now `value` (any JSON) |
 * | `[1]` | the field is gone |
 * | `[2, ObjectPatch]` | the field was and is an object: these of its fields changed |
 * | `[3, appended, { index: change }]` | the field was and is an array, now at least as long: the elements at these indexes (objects or arrays) changed, and `appended` follows |
 *
 * An array is patched in place (`3`) only when none of its old elements that changed is a
 * string, number, boolean or null; otherwise it is sent whole (a hand's tiles after a discard).
 * Discards, a hand's results and each seat's entry thus go as their appended tail or nested
 * changes.
 *
 * Hidden information: a patch is made from two views of the same recipient and carries only
 * values of the newer one, so it shows nothing that recipient's full view does not; which fields
 * it names and its size depend on those two views alone (the same pair always gives the same
 * patch, whatever the objects' identities).
 *
 * Equality is JSON's: a property set to `undefined` counts as absent.
 */

import type { TableView } from './table-types.js';

type Json = unknown;

/** The changes of one object's fields, by field name. */
export type ObjectPatch = { readonly [field: string]: Change };

/** One field's (or one array element's) change: see the table above. */
export type Change =
  | readonly [0, Json]
  | readonly [1]
  | readonly [2, ObjectPatch]
  | readonly [3, readonly Json[], { readonly [index: string]: Change }];

const SET = 0;
const DELETE = 1;
const FIELDS = 2;
const ARRAY = 3;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const NO_CHANGES: ObjectPatch = Object.freeze({});

/** The patch from `from` to `to` (two plain-data objects); empty when they are the same data. */
export function diffObjects(from: object, to: object): ObjectPatch {
  const a = from as Record<string, unknown>;
  const b = to as Record<string, unknown>;
  // Most objects compared are unchanged (a discard, a meld): nothing is allocated for them.
  let out: Record<string, Change> | null = null;
  for (const k in b) {
    const v = b[k];
    if (v === undefined) continue;
    const c = change(a[k], v);
    if (c === null) continue;
    out ??= {};
    out[k] = c;
  }
  for (const k in a) {
    if (a[k] === undefined || b[k] !== undefined) continue;
    out ??= {};
    out[k] = [DELETE];
  }
  return out ?? NO_CHANGES;
}

/** `to` (defined) against `from` (maybe undefined): null when the same data. */
function change(from: unknown, to: unknown): Change | null {
  if (from === to) return null;
  if (typeof from !== 'object' || typeof to !== 'object' || from === null || to === null) return [SET, to];
  if (Array.isArray(to)) {
    if (!Array.isArray(from)) return [SET, to];
    return arrayChange(from, to);
  }
  if (Array.isArray(from)) return [SET, to];
  const fields = diffObjects(from, to);
  return fields === NO_CHANGES ? null : [FIELDS, fields];
}

function arrayChange(from: readonly unknown[], to: readonly unknown[]): Change | null {
  if (to.length < from.length) return [SET, to];
  let elements: Record<string, Change> | null = null;
  for (let i = 0; i < from.length; i++) {
    const x = from[i];
    const y = to[i];
    if (x === y) continue;
    const primitive = typeof x !== 'object' || x === null || typeof y !== 'object' || y === null;
    if (primitive) return [SET, to];
    const c = change(x, y);
    if (c === null) continue;
    // An element's own replacement (an object become an array, say) is as good as sending the whole.
    if (c[0] === SET) return [SET, to];
    elements ??= {};
    elements[i] = c;
  }
  if (elements === null && to.length === from.length) return null;
  return [ARRAY, to.slice(from.length), elements ?? {}];
}

/**
 * `base` with `patch` applied: a new object; what the patch does not touch is shared with `base`
 * (neither is changed).
 */
export function applyObjectPatch<T extends object>(base: T, patch: ObjectPatch): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const k in patch) {
    const c = patch[k]!;
    if (c[0] === DELETE) delete out[k];
    else out[k] = applyChange(out[k], c);
  }
  return out as T;
}

function applyChange(value: unknown, c: Change): unknown {
  switch (c[0]) {
    case SET:
      return c[1];
    case DELETE:
      return undefined;
    case FIELDS:
      if (!isObject(value)) throw new Error('view patch: fields of a value that is not an object');
      return applyObjectPatch(value, c[1]);
    case ARRAY: {
      if (!Array.isArray(value)) throw new Error('view patch: elements of a value that is not an array');
      const out = [...value, ...c[1]];
      for (const i in c[2]) {
        const n = Number(i);
        if (!Number.isInteger(n) || n < 0 || n >= value.length) throw new Error('view patch: no such element');
        out[n] = applyChange(out[n], c[2][i]!);
      }
      return out;
    }
  }
}

/**
 * Changes of the parts several views share, by the old part: the server diffs the five views of
 * one event against the five of the one before, and those share their seats array (and whatever
 * else every viewer sees alike), so each shared part is diffed once, not once per view.
 */
export type SharedDiffs = Map<object, { readonly to: unknown; readonly change: Change | null }>;

/**
 * The patch from one view of a recipient to its next (`seq` included). With `shared` (one map
 * for the views of one event), a top-level part that is the very same pair of objects as in a
 * view diffed before reuses that diff: the result is the same either way.
 */
export function diffViews(from: TableView, to: TableView, shared?: SharedDiffs): ObjectPatch {
  if (shared === undefined) return diffObjects(from, to);
  const a = from as unknown as Record<string, unknown>;
  const b = to as unknown as Record<string, unknown>;
  let out: Record<string, Change> | null = null;
  for (const k in b) {
    const v = b[k];
    if (v === undefined) continue;
    const old = a[k];
    let c: Change | null;
    if (typeof old === 'object' && old !== null && old !== v) {
      const known = shared.get(old);
      if (known !== undefined && known.to === v) c = known.change;
      else {
        c = change(old, v);
        shared.set(old, { to: v, change: c });
      }
    } else c = change(old, v);
    if (c === null) continue;
    out ??= {};
    out[k] = c;
  }
  for (const k in a) {
    if (a[k] === undefined || b[k] !== undefined) continue;
    out ??= {};
    out[k] = [DELETE];
  }
  return out ?? NO_CHANGES;
}

/**
 * The view a `patch` message makes of `held` (the recipient's current view), or null when it was
 * made for another view (`base` is not `held.seq`): the recipient then asks for the full view.
 */
export function applyViewPatch(
  held: TableView | null,
  msg: { readonly seq: number; readonly base: number; readonly patch: ObjectPatch },
): TableView | null {
  if (held === null || held.seq !== msg.base) return null;
  const view = applyObjectPatch(held, msg.patch);
  return view.seq === msg.seq ? view : null;
}
