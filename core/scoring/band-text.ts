import type { Text } from "../locales/message-text";
import * as m from "../paraglide/messages";
import type { Band } from "./scoring";

/** Each score band's name (result page, home chart, certificate). */
export const bandName: Readonly<Record<Band, Text>> = {
  giftedness: m.result_band_giftedness,
  superior: m.result_band_superior,
  above_average: m.result_band_above_average,
  average: m.result_band_average,
  dullness: m.result_band_dullness,
  slow: m.result_band_slow,
  very_below_average: m.result_band_very_below_average,
};

/** What each band means, in a sentence (result page). */
export const bandText: Readonly<Record<Band, Text>> = {
  giftedness: m.result_band_text_giftedness,
  superior: m.result_band_text_superior,
  above_average: m.result_band_text_above_average,
  average: m.result_band_text_average,
  dullness: m.result_band_text_dullness,
  slow: m.result_band_text_slow,
  very_below_average: m.result_band_text_very_below_average,
};
