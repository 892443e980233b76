-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "rounds" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "seedHash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "spectatorsAllowed" BOOLEAN NOT NULL,
    "spectatorDelay" BOOLEAN NOT NULL,
    "fillWithBots" BOOLEAN NOT NULL,
    "hostNonce" TEXT NOT NULL,
    "rulesetVersion" TEXT NOT NULL,
    "logFormatVersion" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "startClock" BIGINT,
    "finalScores" JSONB,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT,
    "bot" BOOLEAN NOT NULL DEFAULT false,
    "nonce" TEXT,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("matchId","seat")
);

-- CreateTable
CREATE TABLE "Hand" (
    "matchId" TEXT NOT NULL,
    "handNumber" INTEGER NOT NULL,
    "dealer" INTEGER NOT NULL,
    "prevailingWind" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "winner" INTEGER,
    "discarder" INTEGER,
    "selfDrawn" BOOLEAN,
    "faan" INTEGER,
    "patterns" JSONB NOT NULL,
    "payments" JSONB NOT NULL,
    "deltas" JSONB NOT NULL,
    "result" JSONB NOT NULL,

    CONSTRAINT "Hand_pkey" PRIMARY KEY ("matchId","handNumber")
);

-- CreateTable
CREATE TABLE "Action" (
    "matchId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" BIGINT NOT NULL,
    "event" JSONB NOT NULL,

    CONSTRAINT "Action_pkey" PRIMARY KEY ("matchId","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "Match_code_key" ON "Match"("code");

-- CreateIndex
CREATE INDEX "Match_status_idx" ON "Match"("status");

-- CreateIndex
CREATE INDEX "Match_endedAt_idx" ON "Match"("endedAt");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hand" ADD CONSTRAINT "Hand_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

