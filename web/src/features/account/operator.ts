/**
 * The operator's side of a user's account (download their data, delete them), for the dashboard
 * only: never re-exported by index.ts, so no chunk a user loads carries the operator's routes.
 */
export { UserDataActions } from './components/user-data-actions.tsx';
export { useDeleteUser, useDownloadUserData } from './api/operator-account.ts';
