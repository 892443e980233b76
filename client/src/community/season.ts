/**
 * The league's season as the page asks for it: the days of its two date fields, in order. The
 * server refuses a season whose first day is after its last (400): two days picked the wrong way
 * round are taken as the season between them, and the fields show them so.
 */
export interface SeasonDays {
  /** YYYY-MM-DD, or '' for no bound. */
  readonly from: string;
  readonly to: string;
}

export function orderedSeason(from: string, to: string): SeasonDays {
  // Days as YYYY-MM-DD compare as text.
  return from !== '' && to !== '' && from > to ? { from: to, to: from } : { from, to };
}
