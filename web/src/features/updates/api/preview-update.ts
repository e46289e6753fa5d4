import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { updatesKeys } from './keys.ts';

/** How long the operator pauses typing before the preview is asked for. */
export const PREVIEW_DELAY_MS = 300;

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The server's sanitized version of one language's update HTML, asked for once typing pauses and
 * cached by the text. While a newer text waits or loads, the last preview stays (`updating`).
 */
export function useUpdatePreview(html: string, enabled: boolean) {
  const settled = useSettled(html, PREVIEW_DELAY_MS);
  const query = useQuery({
    queryKey: updatesKeys.preview(settled),
    queryFn: async () => (await api(operatorRoutes.previewUpdate, { body: { html: settled } })).html,
    enabled: enabled && settled.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const blank = html.trim() === '';
  return {
    /** The sanitized HTML to show, or null before the first answer (or when the source is blank). */
    html: blank ? null : (query.data ?? null),
    updating: !blank && (settled !== html || query.isFetching),
    failed: !blank && settled === html && query.isError,
    blank,
  };
}
