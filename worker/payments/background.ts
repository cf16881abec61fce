/** Work a request or an event leaves running after its answer (`ctx.waitUntil`). */
export interface Background {
  waitUntil(promise: Promise<unknown>): void;
}
