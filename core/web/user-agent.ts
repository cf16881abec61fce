import { isbot } from "isbot";

/**
 * Whether a User-Agent is a crawler's (isbot's pattern), remembered for the agents seen
 * last: the test is a long regular expression, run twice for each page (the home page's
 * language redirect and the renderer's streaming choice), and most requests come from a
 * few browsers' agents.
 */
const remembered = new Map<string, boolean>();
const maxRemembered = 64;

export function isBotAgent(userAgent: string | null): boolean {
  if (!userAgent) return isbot(userAgent);
  let bot = remembered.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (remembered.size >= maxRemembered) remembered.clear();
    remembered.set(userAgent, bot);
  }
  return bot;
}
