import { useState } from "react";
import type { ApiResult } from "./api";
import { useApiErrorHandler } from "./ui-context";
import type { ZodForm } from "./use-zod-form";

/**
 * Sending a validated form to the API: nothing goes while a request runs or a rule fails;
 * the answer's field errors land on the form, other errors follow the shared handling
 * (spec section 8), with a retry that sends the same form again. `refused` sees a failed
 * answer first and returns true when it was the page's own to handle (a used reset link).
 */
export function useFormSubmit<F extends string, T>(
  form: ZodForm<F>,
  send: () => Promise<ApiResult<T>>,
  onSent: (data: T) => void | Promise<void>,
  refused?: (failure: Extract<ApiResult<T>, { ok: false }>) => boolean,
): { busy: boolean; submit(event?: React.FormEvent): Promise<void> } {
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await send();
    setBusy(false);
    if (result.ok) await onSent(result.data);
    else if (!refused?.(result)) handleApiError(result.error, { form, retry: () => void submit() });
  }
  return { busy, submit };
}
