-- Riichi liability now pays the whole hand by default (option `paoWholeHand`, as Tenhou does).
-- Matches played before it were played with the liable yakuman only: they keep that rule, written
-- into their options, so that their replays and figures stay what the table did. (Imported
-- matches are Tenhou's files: the new default is theirs.)
UPDATE "Match"
SET "options" = "options" || '{"paoWholeHand": false}'::jsonb
WHERE "ruleset" LIKE 'riichi%'
  AND "imported" IS NULL
  AND jsonb_typeof("options") = 'object'
  AND NOT ("options" ? 'paoWholeHand');
