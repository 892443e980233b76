-- Players, circles and the league. A player is made on a first visit without a password: the
-- browser keeps a signed key naming one of the player's devices (PlayerDevice); forgetting a
-- device deletes its row and the key stops working. A transfer code (kept only as its SHA-256)
-- signs a second device in once, within minutes. A circle is a group of friends with an invite
-- (null when revoked). Seats carry the player who took them; matches the
-- circle they were opened for and the match they are a rematch of. SeatResult holds each seat's
-- figures of a finished match, derived from its action log (server/src/community/seat-results.ts)
-- and kept for the league and statistics pages; it can always be recomputed from the ledger.

CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "colour" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PlayerDevice" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlayerDevice_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "PlayerDevice_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "PlayerDevice_playerId_idx" ON "PlayerDevice"("playerId");

CREATE TABLE "TransferCode" (
    "codeHash" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    CONSTRAINT "TransferCode_pkey" PRIMARY KEY ("codeHash"),
    CONSTRAINT "TransferCode_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "Circle" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "invite" TEXT,
    "stakePerPoint" DOUBLE PRECISION,
    "currency" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Circle_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Circle_invite_key" ON "Circle"("invite");

CREATE TABLE "CircleMember" (
    "circleId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CircleMember_pkey" PRIMARY KEY ("circleId", "playerId"),
    CONSTRAINT "CircleMember_circleId_fkey" FOREIGN KEY ("circleId") REFERENCES "Circle"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CircleMember_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CircleMember_playerId_idx" ON "CircleMember"("playerId");

ALTER TABLE "Seat" ADD COLUMN "playerId" TEXT;
CREATE INDEX "Seat_playerId_idx" ON "Seat"("playerId");
ALTER TABLE "Match" ADD COLUMN "circleId" TEXT;
ALTER TABLE "Match" ADD COLUMN "rematchOf" TEXT;
CREATE INDEX "Match_circleId_idx" ON "Match"("circleId");
CREATE UNIQUE INDEX "Match_rematchOf_key" ON "Match"("rematchOf");

CREATE TABLE "SeatResult" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "playerId" TEXT,
    "circleId" TEXT,
    "family" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "endedAt" TIMESTAMP(3) NOT NULL,
    "place" INTEGER NOT NULL,
    "finalScore" INTEGER NOT NULL,
    "result" DOUBLE PRECISION NOT NULL,
    "hands" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "selfDraws" INTEGER NOT NULL,
    "dealIns" INTEGER NOT NULL,
    "riichi" INTEGER NOT NULL,
    "calls" INTEGER NOT NULL,
    "winValue" INTEGER NOT NULL,
    "dealInValue" INTEGER NOT NULL,
    "exhaustiveDraws" INTEGER NOT NULL,
    "readyAtDraw" INTEGER NOT NULL,
    "faanSum" INTEGER NOT NULL,
    "maxFaan" INTEGER NOT NULL,
    CONSTRAINT "SeatResult_pkey" PRIMARY KEY ("matchId", "seat"),
    CONSTRAINT "SeatResult_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "SeatResult_circleId_family_endedAt_idx" ON "SeatResult"("circleId", "family", "endedAt");
CREATE INDEX "SeatResult_playerId_family_endedAt_idx" ON "SeatResult"("playerId", "family", "endedAt");

-- The SeatResult rows summed per month, per circle (`scope` = the circle's id) and per player over
-- every match (`scope` = ''), players with a key only: a league or statistics page reads at most
-- one row per member and month, plus the rows of a season's partial months. Written in the same
-- statement as the SeatResult rows they sum, so they never disagree.
CREATE TABLE "LeagueMonth" (
    "scope" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "matches" INTEGER NOT NULL,
    "hands" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "selfDraws" INTEGER NOT NULL,
    "dealIns" INTEGER NOT NULL,
    "riichi" INTEGER NOT NULL,
    "calls" INTEGER NOT NULL,
    "winValue" BIGINT NOT NULL,
    "dealInValue" BIGINT NOT NULL,
    "exhaustiveDraws" INTEGER NOT NULL,
    "readyAtDraw" INTEGER NOT NULL,
    "faanSum" INTEGER NOT NULL,
    "maxFaan" INTEGER NOT NULL,
    "total" DOUBLE PRECISION NOT NULL,
    "placeSum" INTEGER NOT NULL,
    "p1" INTEGER NOT NULL,
    "p2" INTEGER NOT NULL,
    "p3" INTEGER NOT NULL,
    "p4" INTEGER NOT NULL,
    CONSTRAINT "LeagueMonth_pkey" PRIMARY KEY ("scope", "family", "playerId", "month")
);
