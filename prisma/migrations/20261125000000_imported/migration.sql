-- Imported matches: a tenhou.net/6 log uploaded to be watched here. Such a match has no seed and
-- no action log of its own; `imported` keeps the checked file, from which its walls and moves are
-- rebuilt (server/src/logs/README.md). Null for every match played here.
ALTER TABLE "Match" ADD COLUMN "imported" JSONB;
