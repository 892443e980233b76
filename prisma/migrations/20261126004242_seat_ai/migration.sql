-- Outside AI seats: the name, in the server's list of mjai commands, of the AI that plays a seat
-- (server/src/mjai/README.md). Null for every human seat and for the built-in bot.
ALTER TABLE "Seat" ADD COLUMN "ai" TEXT;
