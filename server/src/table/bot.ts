/** The bots live in the rules core (`shared/src/bot.ts`): the replay analysis asks them too. */
export { BOT_LEVELS, type BotLevel, chooseBotAction } from '@mahjong/shared';
