import type { LocalizedText } from '@gomeum/contracts';
import { localizedTextSchema } from '@gomeum/contracts';

/** Reads a localized-text column; a damaged value reads as empty rather than failing the page. */
export function parseLocalized(value: string | null | undefined): LocalizedText {
  if (!value) return {};
  try {
    const parsed = localizedTextSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Writes a localized-text column. */
export function stringifyLocalized(text: LocalizedText): string {
  return JSON.stringify(text);
}
