-- Hong Kong points may be fractions (a 0-faan self-draw pays each seat half a point; a divisor
-- of 3): a finished match's figures are stored as they are, not refused by whole-number columns.
ALTER TABLE "SeatResult" ALTER COLUMN "finalScore" TYPE DOUBLE PRECISION,
  ALTER COLUMN "winValue" TYPE DOUBLE PRECISION,
  ALTER COLUMN "dealInValue" TYPE DOUBLE PRECISION;
ALTER TABLE "LeagueMonth" ALTER COLUMN "winValue" TYPE DOUBLE PRECISION,
  ALTER COLUMN "dealInValue" TYPE DOUBLE PRECISION;
