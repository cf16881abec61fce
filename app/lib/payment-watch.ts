/**
 * When the pending page asks about its payment again
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): after 2 s, then 1.5 times
 * longer after each unchanged answer, up to every 30 s; never while the tab is hidden; at
 * once, from 2 s again, when it is shown. Without React or the DOM, so its timing is tested
 * with fake timers (payment-watch.test.ts); `usePaymentWatch` wires it to the page.
 */

export const watchFirstMs = 2_000;
export const watchLastMs = 30_000;
const watchGrowth = 1.5;

export interface WatchPorts {
  /** Asks once; true when the payment changed (the watch then stops). */
  ask(signal: AbortSignal): Promise<boolean>;
  isHidden(): boolean;
}

export interface PaymentWatch {
  /** The tab was hidden or shown again. */
  visibilityChanged(): void;
  stop(): void;
}

export function watchPayment(ports: WatchPorts): PaymentWatch {
  let delay = watchFirstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | null = null;
  let done = false;

  const schedule = () => {
    if (done || ports.isHidden() || timer !== undefined || asking) return;
    timer = setTimeout(ask, delay);
  };
  async function ask() {
    timer = undefined;
    asking = new AbortController();
    const changed = await ports.ask(asking.signal).catch(() => false);
    asking = null;
    if (done) return;
    if (changed) {
      done = true;
      return;
    }
    delay = Math.min(watchLastMs, Math.round(delay * watchGrowth));
    schedule();
  }
  schedule();
  return {
    visibilityChanged() {
      if (ports.isHidden()) {
        clearTimeout(timer);
        timer = undefined;
        return;
      }
      // Back on the tab: the buyer may have just paid in their bank's app.
      if (timer === undefined && !asking && !done) {
        delay = watchFirstMs;
        void ask();
      }
    },
    stop() {
      done = true;
      clearTimeout(timer);
      asking?.abort();
    },
  };
}
