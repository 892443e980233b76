/**
 * `npm run bench` entry for the client budgets (bundle size, time to a drawn table, frame
 * times): see client/scripts/budgets.ts. Prints figures and what it could not measure; never fails.
 */
import { runBudgets } from '../scripts/budgets.js';

await runBudgets();
process.exit(0);
