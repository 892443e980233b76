/**
 * Bad input is a value, not an exception: parsers and validators return a `Result`
 * whose error carries a stable string code (`'notation/bad_rank'`) and a human message.
 * Throwing is kept for programming errors.
 */
export interface Failure<C extends string = string> {
  readonly code: C;
  readonly message: string;
  /**
   * The parts of `message` that vary (a position, the characters at fault), for a page that says
   * it in its own words by the code's message id rather than by matching the English.
   */
  readonly values?: Readonly<Record<string, string | number>>;
}

export type Result<T, C extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Failure<C> };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const fail = <C extends string>(
  code: C,
  message: string,
  values?: Readonly<Record<string, string | number>>,
): { readonly ok: false; readonly error: Failure<C> } => ({
  ok: false,
  error: values === undefined ? { code, message } : { code, message, values },
});

/** Unwraps a result that the caller knows to be good (fixtures, tests); throws otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
