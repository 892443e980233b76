-- One owner per table: the server process that holds a table (`owner`, a random id per process
-- start) and the lease it renews while it lives (`leaseUntil`). Restoring takes ownership with a
-- compare-and-set; every write checks it (mj_owns), so a process that lost a table cannot write
-- to its log any more (fencing).
ALTER TABLE "Match" ADD COLUMN "owner" TEXT;
ALTER TABLE "Match" ADD COLUMN "leaseUntil" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "Match_owner_idx" ON "Match"("owner");

-- True when `me` owns every match of `ids` (distinct); otherwise the statement fails, and with it the transaction.
CREATE OR REPLACE FUNCTION mj_owns(ids TEXT[], me TEXT) RETURNS BOOLEAN AS $$ BEGIN IF (SELECT count(*) FROM "Match" WHERE "id" = ANY(ids) AND "owner" = me) <> cardinality(ids) THEN RAISE EXCEPTION 'ledger/not_owner: a table of this write is held by another server process'; END IF; RETURN TRUE; END $$ LANGUAGE plpgsql STABLE;
