import type { Text } from "../../core/locales/message-text";
import * as m from "../../core/paraglide/messages";

export type ErrorModalTexts = { title: Text; subtitle: Text; caption: Text; button: Text };

/** The error modal's texts by key: an HTTP status, an API error code, or `default`. */
export const errorModalTexts: Readonly<Record<string, ErrorModalTexts>> = {
  "402": {
    title: m.errors_modal_402_title,
    subtitle: m.errors_modal_402_subtitle,
    caption: m.errors_modal_402_caption,
    button: m.errors_modal_402_button,
  },
  "403": {
    title: m.errors_modal_403_title,
    subtitle: m.errors_modal_403_subtitle,
    caption: m.errors_modal_403_caption,
    button: m.errors_modal_403_button,
  },
  "404": {
    title: m.errors_modal_404_title,
    subtitle: m.errors_modal_404_subtitle,
    caption: m.errors_modal_404_caption,
    button: m.errors_modal_404_button,
  },
  "410": {
    title: m.errors_modal_410_title,
    subtitle: m.errors_modal_410_subtitle,
    caption: m.errors_modal_410_caption,
    button: m.errors_modal_410_button,
  },
  "422": {
    title: m.errors_modal_422_title,
    subtitle: m.errors_modal_422_subtitle,
    caption: m.errors_modal_422_caption,
    button: m.errors_modal_422_button,
  },
  "500": {
    title: m.errors_modal_500_title,
    subtitle: m.errors_modal_500_subtitle,
    caption: m.errors_modal_500_caption,
    button: m.errors_modal_500_button,
  },
  "503": {
    title: m.errors_modal_503_title,
    subtitle: m.errors_modal_503_subtitle,
    caption: m.errors_modal_503_caption,
    button: m.errors_modal_503_button,
  },
  invalid_test: {
    title: m.errors_modal_invalid_test_title,
    subtitle: m.errors_modal_invalid_test_subtitle,
    caption: m.errors_modal_invalid_test_caption,
    button: m.errors_modal_invalid_test_button,
  },
  invalid_token: {
    title: m.errors_modal_invalid_token_title,
    subtitle: m.errors_modal_invalid_token_subtitle,
    caption: m.errors_modal_invalid_token_caption,
    button: m.errors_modal_invalid_token_button,
  },
  default: {
    title: m.errors_modal_default_title,
    subtitle: m.errors_modal_default_subtitle,
    caption: m.errors_modal_default_caption,
    button: m.errors_modal_default_button,
  },
};
