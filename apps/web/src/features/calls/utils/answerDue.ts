/**
 * Milliseconds until a ringing call is answered by itself: `delayMs` after the offer, counted on the server's clock
 * (`offeredAtIso` is the server's offer time, `serverOffsetMs` the server's lead over the browser's clock), so a page
 * that opened late answers at once (0) rather than making the caller wait the whole delay again (issue 26 item 2).
 */
export function answerDueIn(
  offeredAtIso: string | null,
  delayMs: number,
  nowMs: number,
  serverOffsetMs: number,
): number {
  const offeredAt = offeredAtIso === null ? Number.NaN : Date.parse(offeredAtIso);
  // No offer time known: count from now, as the page always did.
  if (Number.isNaN(offeredAt)) return delayMs;
  return Math.max(0, offeredAt + delayMs - (nowMs + serverOffsetMs));
}
