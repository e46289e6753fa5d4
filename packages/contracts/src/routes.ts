/**
 * Every endpoint a user's app calls (and the server's own: health, metrics, the web app's files),
 * each once: method, path, who may call it, and the schema of each part. The server registers
 * routes only from here and the operator's table (`operator-routes.ts`); the web app calls them
 * through `lib/api-client.ts`. Operator routes live in their own module, so that no chunk a user
 * loads carries them.
 *
 * Each route is a module of its own (`routes/<name>.ts`), so a page's chunk holds only the routes
 * and schemas it calls; this module lists them all, by area, and is imported as a namespace:
 * `import * as routes from '@gomeum/contracts/routes'`.
 */
// Health, readiness, metrics, the build's version and the web app itself.
export { health } from './routes/health.ts';
export { ready } from './routes/ready.ts';
export { metrics } from './routes/metrics.ts';
export { version } from './routes/version.ts';
export { webHome } from './routes/webHome.ts';
export { webFiles } from './routes/webFiles.ts';

// Accounts: register, log in, a guest, log out, who am I, the language.
export { register } from './routes/register.ts';
export { login } from './routes/login.ts';
export { guest } from './routes/guest.ts';
export { logout } from './routes/logout.ts';
export { me } from './routes/me.ts';
export { setLocale } from './routes/setLocale.ts';

// A user's data: download it, delete the account; a guest's work kept.
export { exportOwnData } from './routes/exportOwnData.ts';
export { deleteAccount } from './routes/deleteAccount.ts';
export { guestMerge } from './routes/guestMerge.ts';
export { keepProgressAsk } from './routes/keepProgressAsk.ts';

// Page visits.
export { reportVisit } from './routes/reportVisit.ts';

// Uploaded images.
export { file } from './routes/file.ts';

// Planet tasks: the task screen, confirming, proofs, the user's and Gomeum's logs.
export { taskScreen } from './routes/taskScreen.ts';
export { confirmTask } from './routes/confirmTask.ts';
export { taskLogs } from './routes/taskLogs.ts';
export { submitProof } from './routes/submitProof.ts';
export { deleteProof } from './routes/deleteProof.ts';
export { gomeumLogs } from './routes/gomeumLogs.ts';

// Progress towards a task's goal, the galaxy, the time zone days are counted in.
export { taskProgress } from './routes/taskProgress.ts';
export { celebration } from './routes/celebration.ts';
export { galaxy } from './routes/galaxy.ts';
export { planetSeen } from './routes/planetSeen.ts';
export { setTimeZone } from './routes/setTimeZone.ts';

// A task's reminder.
export { reminder } from './routes/reminder.ts';
export { setReminder } from './routes/setReminder.ts';

// The moon's questions and the user's answers.
export { moonQuestions } from './routes/moonQuestions.ts';
export { answerMoonQuestion } from './routes/answerMoonQuestion.ts';

// The home page's popup (a signed link).
export { homePopup } from './routes/homePopup.ts';

// The updates diary and the broadcasts.
export { updates } from './routes/updates.ts';
export { diaryState } from './routes/diaryState.ts';
export { diarySeen } from './routes/diarySeen.ts';
export { update } from './routes/update.ts';
export { notifications } from './routes/notifications.ts';

// Web Push subscriptions.
export { pushKey } from './routes/pushKey.ts';
export { pushSubscribe } from './routes/pushSubscribe.ts';
export { pushUnsubscribe } from './routes/pushUnsubscribe.ts';

// The live channel and the chat.
export { live } from './routes/live.ts';
export { chatMessages } from './routes/chatMessages.ts';
export { sendChatMessage } from './routes/sendChatMessage.ts';
