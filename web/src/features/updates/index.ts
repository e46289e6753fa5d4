/** The updates diary: the top-left button with its dot and overlay (its page is in pages.ts). */
export { DiaryButton } from './components/diary-button.tsx';
export { updatesQuery } from './api/get-updates.ts';
