import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { validationText } from "../../core/accounts/validation-text";
import type { Locale } from "../../core/locales/locales";

/** Typing is validated this long after the last keystroke, once the field was left (spec 9). */
export const validationDebounceMs = 300;

/**
 * Blur validation waits for a pointer press to finish: a message appearing under the
 * field would move the button being clicked ("Forgot your password?") away before the
 * click lands. Keyboard blurs validate at once.
 */
const afterPointer = (() => {
  let pressed = false;
  let queue: (() => void)[] = [];
  const flush = () => {
    pressed = false;
    const run = queue;
    queue = [];
    // After the click that follows pointerup.
    setTimeout(() => {
      for (const fn of run) fn();
    }, 0);
  };
  if (typeof document !== "undefined") {
    const options = { capture: true, passive: true };
    document.addEventListener("pointerdown", () => (pressed = true), options);
    document.addEventListener("pointerup", flush, options);
    document.addEventListener("pointercancel", flush, options);
    document.addEventListener("dragend", flush, options);
  }
  return (fn: () => void) => {
    if (pressed) queue.push(fn);
    else fn();
  };
})();

type Values<F extends string> = Record<F, string>;
type Errors<F extends string> = Partial<Record<F, string>>;

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange(event: React.ChangeEvent<HTMLInputElement>): void;
  onBlur(event: React.FocusEvent<HTMLInputElement>): void;
  ref(element: HTMLInputElement | null): (() => void) | undefined;
  "aria-invalid": boolean;
}

export interface ZodForm<F extends string> {
  fields: readonly F[];
  values: Values<F>;
  /** The message shown on a field: the client's rule, else what the server said. */
  error(field: F): string | undefined;
  errorId(field: F): string;
  field(field: F): FieldProps;
  /** On submit: validates every field; true when the form may be sent. */
  validate(): boolean;
  /** Server field errors (already translated) land on the same fields. */
  setServerErrors(fields: Record<string, string[]>): void;
  reset(): void;
}

/**
 * A form validated by one of the shared zod schemas (ENGINEERING.md): on blur, on input
 * debounced 300 ms after the field's first blur, on the native change event, and on
 * submit. The schema's messages are message keys, translated into the page's language.
 */
export function useZodForm<F extends string>(options: {
  fields: readonly F[];
  schema: () => z.ZodType;
  locale: Locale;
  /** Values the schema checks that are not fields of the form (e.g. the token of the path). */
  hidden?: Record<string, string>;
  /** The fields' first values (e.g. a profile's name), also what `reset()` goes back to. */
  initial?: Partial<Record<F, string>>;
}): ZodForm<F> {
  const { locale } = options;
  // A form's field list never changes: the first one is kept.
  const [fields] = useState(options.fields);
  const [empty] = useState(
    () => Object.fromEntries(fields.map((f) => [f, options.initial?.[f] ?? ""])) as Values<F>,
  );
  const baseId = useId();
  const [values, setValues] = useState<Values<F>>(empty);
  const [clientErrors, setClientErrors] = useState<Errors<F>>({});
  const [serverErrors, setServerErrorsState] = useState<Errors<F>>({});
  const [focusRequest, setFocusRequest] = useState<{ field: F } | null>(null);

  const latest = useRef({ values, schema: options.schema, locale });
  latest.current.schema = options.schema;
  latest.current.locale = locale;
  const hidden = useRef(options.hidden);
  hidden.current = options.hidden;
  const touched = useRef(new Set<F>());
  const timers = useRef(new Map<F, ReturnType<typeof setTimeout>>());
  const inputs = useRef(new Map<F, HTMLInputElement>());
  const refs = useRef(new Map<F, FieldProps["ref"]>());

  const messages = useCallback((): Errors<F> => {
    const { schema, values: current } = latest.current;
    const result = schema().safeParse({ ...hidden.current, ...current });
    const found: Errors<F> = {};
    if (result.success) return found;
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? "") as F;
      if (fields.includes(name) && found[name] === undefined) {
        found[name] = validationText(issue.message, latest.current.locale);
      }
    }
    return found;
  }, [fields]);

  /** Validates a field, and refreshes fields already touched (the confirmation follows the password). */
  const validateField = useCallback(
    (field: F) => {
      touched.current.add(field);
      const found = messages();
      setClientErrors((previous) => {
        const next = { ...previous };
        for (const name of touched.current) next[name] = found[name];
        return next;
      });
    },
    [messages],
  );

  const clearTimer = useCallback((field: F) => {
    const timer = timers.current.get(field);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(field);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (focusRequest) inputs.current.get(focusRequest.field)?.focus();
  }, [focusRequest]);

  const setValue = useCallback(
    (field: F, value: string) => {
      latest.current.values = { ...latest.current.values, [field]: value };
      setValues(latest.current.values);
      setServerErrorsState((previous) =>
        previous[field] === undefined ? previous : { ...previous, [field]: undefined },
      );
      if (touched.current.has(field)) {
        clearTimer(field);
        timers.current.set(
          field,
          setTimeout(() => {
            timers.current.delete(field);
            validateField(field);
          }, validationDebounceMs),
        );
      }
    },
    [clearTimer, validateField],
  );

  const refFor = useCallback(
    (field: F): FieldProps["ref"] => {
      let ref = refs.current.get(field);
      if (!ref) {
        ref = (element) => {
          if (!element) return undefined;
          inputs.current.set(field, element);
          // The DOM's change event (committed value, a picked date), not React's onChange.
          const onNativeChange = () => {
            clearTimer(field);
            afterPointer(() => {
              if (element.isConnected) validateField(field);
            });
          };
          element.addEventListener("change", onNativeChange);
          return () => {
            element.removeEventListener("change", onNativeChange);
            if (inputs.current.get(field) === element) inputs.current.delete(field);
          };
        };
        refs.current.set(field, ref);
      }
      return ref;
    },
    [clearTimer, validateField],
  );

  const error = (field: F) => clientErrors[field] ?? serverErrors[field];
  const errorId = (field: F) => `${baseId}-${field}-error`;

  return {
    fields,
    values,
    error,
    errorId,
    field: (field) => ({
      id: `${baseId}-${field}`,
      name: field,
      value: values[field],
      onChange: (event) => setValue(field, event.currentTarget.value),
      onBlur: (event) => {
        const element = event.currentTarget;
        clearTimer(field);
        // A click that changed the view (sign-up, forgot password) leaves nothing to say.
        afterPointer(() => {
          if (element.isConnected) validateField(field);
        });
      },
      ref: refFor(field),
      "aria-invalid": error(field) !== undefined,
    }),
    validate: () => {
      for (const field of fields) {
        clearTimer(field);
        touched.current.add(field);
      }
      const found = messages();
      setClientErrors(found);
      const first = fields.find((field) => found[field] !== undefined);
      if (first) setFocusRequest({ field: first });
      return first === undefined;
    },
    setServerErrors: (server) => {
      const next: Errors<F> = {};
      for (const field of fields) {
        const message = server[field]?.[0];
        if (message) next[field] = message;
      }
      setServerErrorsState(next);
      const first = fields.find((field) => next[field] !== undefined);
      if (first) setFocusRequest({ field: first });
    },
    reset: () => {
      for (const field of fields) clearTimer(field);
      touched.current.clear();
      latest.current.values = empty;
      setValues(empty);
      setClientErrors({});
      setServerErrorsState({});
    },
  };
}
