import { operatorKey } from '../../../lib/operator-keys.ts';

/**
 * The updates diary's query keys: the updates (all under `all`), the diary's dot, the broadcasts;
 * and the editor's previews, by the HTML they show (outside `all`: saving an update refreshes
 * the diary, never a preview); the operator's list of every update and each one's popup links.
 */
export const updatesKeys = {
  all: ['updates'] as const,
  one: (id: string) => ['updates', id] as const,
  diaryState: (userId: string) => ['updates', 'diary-state', userId] as const,
  broadcasts: ['notifications'] as const,
  preview: (html: string) => ['update-preview', html] as const,
  /** The operator's editor list of every update (under the operator's views). */
  editor: operatorKey('updates'),
  /** An update's popup links (under the editor's list: a save reads them again). */
  popupLinks: (id: string) => operatorKey('updates', id, 'popup-links'),
};
