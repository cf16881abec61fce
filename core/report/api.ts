import type { IssuedCoupon } from "../payments/checkout";
import type { RefundOffer } from "../payments/refund";
import type { RenderedReport } from "./shape";

/**
 * `GET /api/tests/{id}/report` for an approved purchase: the report in the request's
 * language and the two share coupons the governing payment issued (the buyer's first).
 */
export interface ReportBody {
  attemptId: string;
  status: "ready";
  report: RenderedReport;
  coupons: IssuedCoupon[];
  /** While the purchase may be withdrawn from (7 days, issue 30.6); null after. */
  refund?: RefundOffer | null;
}

/**
 * `GET /api/tests/{id}/review` for an approved purchase (issue 29.2): the buyer's own items,
 * each with their answer, the key and the worked explanation in the request's language.
 * Attempts on the shared banks (v1, v2) have no review: their items are everyone's.
 */
export type ReviewBody =
  | {
      attemptId: string;
      available: true;
      items: {
        code: string;
        category: string;
        title: string;
        image: { url: string; width: number; height: number; alt: string };
        options: {
          letter: string;
          image: { url: string; width: number; height: number; alt: string };
        }[];
        chosen: string | null;
        key: string;
        explanation: string;
      }[];
    }
  | { attemptId: string; available: false; reason: "sharedBank" };
