/** A user's data rights: the account menu (notifications, download my data, delete my account), and the operator's tools. */
export { AccountMenu } from './components/account-menu.tsx';
export { DeleteAccountDialog } from './components/delete-account-dialog.tsx';
export { downloadArchive, useDeleteUser, useDownloadUserData } from './api/account.ts';
