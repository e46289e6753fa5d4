/** The updates diary: the top-left button with its dot and overlay, and `/update/{id}`. */
export { DiaryButton } from './components/diary-button.tsx';
export { UpdatePage } from './components/update-page.tsx';
export { updatesQuery } from './api/get-updates.ts';
