/** A user's data rights: the account menu (download my data, delete my account), and the operator's tools. */
export { AccountMenu } from './components/account-menu.tsx';
export { DeleteAccountDialog } from './components/delete-account-dialog.tsx';
export { downloadArchive } from './api/account.ts';
