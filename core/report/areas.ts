import type { QuestionCategory } from "../items/questions";
import { type MessageRef, ref } from "./messages";

/** An area's name as a title or at the start of a sentence ("Spatial reasoning"). */
export const areaTitle: Readonly<Record<QuestionCategory, MessageRef>> = {
  SM: ref("sell_area_sm"),
  RA: ref("sell_area_ra"),
  RE: ref("sell_area_re"),
  RL: ref("sell_area_rl"),
};

/** An area's name inside a sentence ("spatial reasoning"). */
export const areaWord: Readonly<Record<QuestionCategory, MessageRef>> = {
  SM: ref("premium_area_sm"),
  RA: ref("premium_area_ra"),
  RE: ref("premium_area_re"),
  RL: ref("premium_area_rl"),
};
