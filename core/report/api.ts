import type { IssuedCoupon } from "../payments/checkout";
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
}
