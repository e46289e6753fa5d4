/** A user's data rights: the account menu (notifications, download my data, delete my account), and the operator's tools. */
export { AccountMenu } from './components/account-menu.tsx';
export { DeleteAccountDialog } from './components/delete-account-dialog.lazy.ts';
export { downloadArchive } from './api/account.ts';
/** A guest's work: the top bar's "Keep your progress", the one-time ask, the merge offered after login. */
export { KeepProgressLink } from './components/keep-progress-link.tsx';
export { KeepProgressCard } from './components/keep-progress-card.tsx';
export { GuestMergeGate } from './components/guest-merge-gate.tsx';
export { useKeepProgressAsk } from './api/guest.ts';
