import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * After a form's fields are refused (by its own checks or the server), the first refused one (`aria-invalid`) takes
 * the focus, so a keyboard or screen-reader user lands on what to fix. Answers `refused()`, to call at each refusal.
 */
export function useFocusFirstRefused(formRef: RefObject<HTMLElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals, formRef]);
  return useCallback(() => setRefusals((n) => n + 1), []);
}
