/**
 * Every endpoint of the operator's dashboard, each once (see `routes.ts`). Only the server and the
 * dashboard's code import this module, so no chunk a user loads carries these paths or schemas.
 * Every route here is `auth: 'operator'`; the authorization test checks the server agrees.
 */
import { accountDeletedSchema, chatPageQuerySchema, chatPageSchema, operatorDeleteUserBodySchema } from './account.ts';
import { okSchema } from './auth.ts';
import {
  chatConversationsQuerySchema,
  chatConversationsSchema,
  chatReadBodySchema,
  chatReadReplySchema,
  chatUserParamsSchema,
  operatorQueueQuerySchema,
  operatorQueueSchema,
  presenceBodySchema,
  presenceSchema,
  sendChatReplySchema,
} from './chat.ts';
import {
  savedReplyBodySchema,
  savedReplyListSchema,
  savedReplyParamsSchema,
  savedReplySchema,
  savedReplyUseBodySchema,
  savedReplyUseParamsSchema,
  savedReplyUseSchema,
} from './saved-replies.ts';
import {
  sendGomeumBodySchema,
  translateBodySchema,
  translateForUserBodySchema,
  translationSchema,
} from './translation.ts';
import {
  gomeumAnswerBodySchema,
  moonIdParamsSchema,
  moonQuestionAnswerListSchema,
  moonQuestionSchema,
  moonUserAnswerListSchema,
  moonUserParamsSchema,
  newMoonQuestionBodySchema,
} from './moon.ts';
import {
  operatorAlertsDeviceBodySchema,
  operatorAlertsStateSchema,
  setOperatorAlertsBodySchema,
} from './operator-alerts.ts';
import { notificationBodySchema, sentNotificationListSchema, sentNotificationSchema } from './notifications.ts';
import { updatePopupLinksSchema } from './home.ts';
import {
  daysQuerySchema,
  gomeumTaskFieldsSchema,
  operatorGomeumTaskSchema,
  operatorUserTaskSchema,
  overviewSchema,
  operatorUserSchema,
  userListQuerySchema,
  userListSchema,
  userParamsSchema,
  userVisitsSchema,
} from './operator.ts';
import { proofParamsSchema } from './progress.ts';
import {
  proofReactionBodySchema,
  proofReactionParamsSchema,
  proofReactionReplySchema,
  waitingProofListSchema,
  waitingProofSchema,
} from './reactions.ts';
import type { RouteDef } from './route.ts';
import {
  gomeumLogFieldsSchema,
  gomeumLogSchema,
  operatorTaskEditSchema,
  operatorTaskParamsSchema,
  planetParamsSchema,
  userTaskSchema,
} from './tasks.ts';
import {
  updateBodySchema,
  updateIdParamsSchema,
  updatePreviewBodySchema,
  updatePreviewSchema,
  updateSchema,
} from './updates.ts';

// Users: the list, one user's visits, the overview, a user's data.

/** A page of users, newest first, or those whose email or guest id starts with `?query=`. */
export const users = {
  method: 'GET',
  path: '/api/operator/users',
  auth: 'operator',
  kind: 'json',
  query: userListQuerySchema,
  response: userListSchema,
} as const satisfies RouteDef;
/** One user as the list shows them, for a link to them (`?section=users&user=`); 404 when there is none. */
export const user = {
  method: 'GET',
  path: '/api/operator/users/:userId',
  auth: 'operator',
  kind: 'json',
  params: userParamsSchema,
  response: operatorUserSchema,
} as const satisfies RouteDef;
export const userVisits = {
  method: 'GET',
  path: '/api/operator/users/:userId/visits',
  auth: 'operator',
  kind: 'json',
  params: userParamsSchema,
  query: daysQuerySchema,
  response: userVisitsSchema,
} as const satisfies RouteDef;
export const overview = {
  method: 'GET',
  path: '/api/operator/overview',
  auth: 'operator',
  kind: 'json',
  query: daysQuerySchema,
  response: overviewSchema,
} as const satisfies RouteDef;
/** One user's data download (the same ZIP the user gets). */
export const exportUserData = {
  method: 'GET',
  path: '/api/operator/users/:userId/export',
  auth: 'operator',
  kind: 'download',
  params: userParamsSchema,
} as const satisfies RouteDef;
/** Deletes one user's account, as the user could. */
export const deleteUser = {
  method: 'DELETE',
  path: '/api/operator/users/:userId',
  auth: 'operator',
  kind: 'json',
  params: userParamsSchema,
  body: operatorDeleteUserBodySchema,
  response: accountDeletedSchema,
} as const satisfies RouteDef;

// Tasks: a user's task, Gomeum's own task and logs, the proofs waiting for Gomeum.

export const userTask = {
  method: 'GET',
  path: '/api/operator/users/:userId/tasks/:planetId',
  auth: 'operator',
  kind: 'json',
  params: operatorTaskParamsSchema,
  response: operatorUserTaskSchema,
} as const satisfies RouteDef;
export const editUserTask = {
  method: 'PUT',
  path: '/api/operator/users/:userId/tasks/:planetId',
  auth: 'operator',
  kind: 'json',
  params: operatorTaskParamsSchema,
  body: operatorTaskEditSchema,
  response: userTaskSchema,
} as const satisfies RouteDef;
export const gomeumTask = {
  method: 'GET',
  path: '/api/operator/gomeum-tasks/:planetId',
  auth: 'operator',
  kind: 'json',
  params: planetParamsSchema,
  response: operatorGomeumTaskSchema,
} as const satisfies RouteDef;
/** Gomeum's task on a planet: the form's texts, and an optional image. */
export const updateGomeumTask = {
  method: 'PUT',
  path: '/api/operator/gomeum-tasks/:planetId',
  auth: 'operator',
  kind: 'upload',
  params: planetParamsSchema,
  form: gomeumTaskFieldsSchema,
  response: operatorGomeumTaskSchema,
} as const satisfies RouteDef;
/** A new Gomeum log: its text and images. */
export const addGomeumLog = {
  method: 'POST',
  path: '/api/operator/gomeum-logs/:planetId',
  auth: 'operator',
  kind: 'upload',
  params: planetParamsSchema,
  form: gomeumLogFieldsSchema,
  response: gomeumLogSchema,
} as const satisfies RouteDef;
export const editGomeumLog = {
  method: 'PUT',
  path: '/api/operator/gomeum-logs/:planetId/:logId',
  auth: 'operator',
  kind: 'json',
  params: proofParamsSchema,
  body: gomeumLogFieldsSchema,
  response: gomeumLogSchema,
} as const satisfies RouteDef;
export const deleteGomeumLog = {
  method: 'DELETE',
  path: '/api/operator/gomeum-logs/:planetId/:logId',
  auth: 'operator',
  kind: 'json',
  params: proofParamsSchema,
  response: okSchema,
} as const satisfies RouteDef;
export const waitingProofs = {
  method: 'GET',
  path: '/api/operator/proofs/waiting',
  auth: 'operator',
  kind: 'json',
  response: waitingProofListSchema,
} as const satisfies RouteDef;
/** One proof still waiting for Gomeum, by id (however far down the queue); 404 once reacted to or gone. */
export const waitingProof = {
  method: 'GET',
  path: '/api/operator/proofs/waiting/:logId',
  auth: 'operator',
  kind: 'json',
  params: proofReactionParamsSchema,
  response: waitingProofSchema,
} as const satisfies RouteDef;
export const replyToProof = {
  method: 'POST',
  path: '/api/operator/proofs/:logId/reaction',
  auth: 'operator',
  kind: 'json',
  params: proofReactionParamsSchema,
  body: proofReactionBodySchema,
  response: proofReactionReplySchema,
} as const satisfies RouteDef;

// The moon.

export const setGomeumAnswer = {
  method: 'PUT',
  path: '/api/operator/moon/questions/:id/gomeum-answer',
  auth: 'operator',
  kind: 'json',
  params: moonIdParamsSchema,
  body: gomeumAnswerBodySchema,
  response: moonQuestionSchema,
} as const satisfies RouteDef;
export const moonUserAnswers = {
  method: 'GET',
  path: '/api/operator/moon/users/:userId/answers',
  auth: 'operator',
  kind: 'json',
  params: moonUserParamsSchema,
  response: moonUserAnswerListSchema,
} as const satisfies RouteDef;
export const moonQuestionAnswers = {
  method: 'GET',
  path: '/api/operator/moon/questions/:id/answers',
  auth: 'operator',
  kind: 'json',
  params: moonIdParamsSchema,
  response: moonQuestionAnswerListSchema,
} as const satisfies RouteDef;
export const addMoonQuestion = {
  method: 'POST',
  path: '/api/operator/moon/questions',
  auth: 'operator',
  kind: 'json',
  body: newMoonQuestionBodySchema,
  response: moonQuestionSchema,
} as const satisfies RouteDef;

// Updates (the diary) and broadcasts.

export const createUpdate = {
  method: 'POST',
  path: '/api/operator/updates',
  auth: 'operator',
  kind: 'json',
  body: updateBodySchema,
  response: updateSchema,
} as const satisfies RouteDef;
export const editUpdate = {
  method: 'PUT',
  path: '/api/operator/updates/:id',
  auth: 'operator',
  kind: 'json',
  params: updateIdParamsSchema,
  body: updateBodySchema,
  response: updateSchema,
} as const satisfies RouteDef;
/** An update's popup links to share, signed by the server: one per language it has a title in. */
export const updatePopupLinks = {
  method: 'GET',
  path: '/api/operator/updates/:id/popup-links',
  auth: 'operator',
  kind: 'json',
  params: updateIdParamsSchema,
  response: updatePopupLinksSchema,
} as const satisfies RouteDef;
export const deleteUpdate = {
  method: 'DELETE',
  path: '/api/operator/updates/:id',
  auth: 'operator',
  kind: 'json',
  params: updateIdParamsSchema,
  response: okSchema,
} as const satisfies RouteDef;
/** An update's image: one file, no fields. */
export const setUpdateImage = {
  method: 'PUT',
  path: '/api/operator/updates/:id/image',
  auth: 'operator',
  kind: 'upload',
  params: updateIdParamsSchema,
  response: updateSchema,
} as const satisfies RouteDef;
export const removeUpdateImage = {
  method: 'DELETE',
  path: '/api/operator/updates/:id/image',
  auth: 'operator',
  kind: 'json',
  params: updateIdParamsSchema,
  response: updateSchema,
} as const satisfies RouteDef;
/** One language's update HTML as it would be stored (sanitized), for the editor's preview; stores nothing. */
export const previewUpdate = {
  method: 'POST',
  path: '/api/operator/updates/preview',
  auth: 'operator',
  kind: 'json',
  body: updatePreviewBodySchema,
  response: updatePreviewSchema,
} as const satisfies RouteDef;
export const sentNotifications = {
  method: 'GET',
  path: '/api/operator/notifications',
  auth: 'operator',
  kind: 'json',
  response: sentNotificationListSchema,
} as const satisfies RouteDef;
export const broadcast = {
  method: 'POST',
  path: '/api/operator/notifications',
  auth: 'operator',
  kind: 'json',
  body: notificationBodySchema,
  response: sentNotificationSchema,
} as const satisfies RouteDef;

// The chat inbox and Gomeum's presence.

/** A page of the conversations, most recent first. */
export const chats = {
  method: 'GET',
  path: '/api/operator/chats',
  auth: 'operator',
  kind: 'json',
  query: chatConversationsQuerySchema,
  response: chatConversationsSchema,
} as const satisfies RouteDef;
export const chatMessagesOf = {
  method: 'GET',
  path: '/api/operator/chats/:userId/messages',
  auth: 'operator',
  kind: 'json',
  params: chatUserParamsSchema,
  query: chatPageQuerySchema,
  response: chatPageSchema,
} as const satisfies RouteDef;
export const sendGomeumMessage = {
  method: 'POST',
  path: '/api/operator/chats/:userId/messages',
  auth: 'operator',
  kind: 'json',
  params: chatUserParamsSchema,
  /** `original`: the operator's words before they were translated into the user's language. */
  body: sendGomeumBodySchema,
  response: sendChatReplySchema,
} as const satisfies RouteDef;
export const markChatRead = {
  method: 'POST',
  path: '/api/operator/chats/:userId/read',
  auth: 'operator',
  kind: 'json',
  params: chatUserParamsSchema,
  body: chatReadBodySchema,
  response: chatReadReplySchema,
} as const satisfies RouteDef;
/** Everything waiting for Gomeum (conversations and proofs), oldest first, a page at a time. */
export const operatorQueue = {
  method: 'GET',
  path: '/api/operator/queue',
  auth: 'operator',
  kind: 'json',
  query: operatorQueueQuerySchema,
  response: operatorQueueSchema,
} as const satisfies RouteDef;
export const presence = {
  method: 'GET',
  path: '/api/operator/presence',
  auth: 'operator',
  kind: 'json',
  response: presenceSchema,
} as const satisfies RouteDef;
export const setPresence = {
  method: 'PUT',
  path: '/api/operator/presence',
  auth: 'operator',
  kind: 'json',
  body: presenceBodySchema,
  response: presenceSchema,
} as const satisfies RouteDef;

// The operator's alerts: a push when a user needs Gomeum and no dashboard is open, per device.

/** Whether this device (its push endpoint, in the body: kept out of addresses and logs) gets alerts. */
export const operatorAlerts = {
  method: 'POST',
  path: '/api/operator/alerts/state',
  auth: 'operator',
  kind: 'json',
  body: operatorAlertsDeviceBodySchema,
  response: operatorAlertsStateSchema,
} as const satisfies RouteDef;
/** Turns this device's alerts on or off. */
export const setOperatorAlerts = {
  method: 'PUT',
  path: '/api/operator/alerts',
  auth: 'operator',
  kind: 'json',
  body: setOperatorAlertsBodySchema,
  response: operatorAlertsStateSchema,
} as const satisfies RouteDef;

// Translation for the operator (an AI key configured; otherwise every answer is `no_ai`).

/** A text into a language: the operator's reading language (a user's words), or any of the three. */
export const translateText = {
  method: 'POST',
  path: '/api/operator/translate',
  auth: 'operator',
  kind: 'json',
  body: translateBodySchema,
  response: translationSchema,
} as const satisfies RouteDef;
/** The operator's words into the language of the user of a conversation (their interface language). */
export const translateForUser = {
  method: 'POST',
  path: '/api/operator/chats/:userId/translate',
  auth: 'operator',
  kind: 'json',
  params: chatUserParamsSchema,
  body: translateForUserBodySchema,
  response: translationSchema,
} as const satisfies RouteDef;

// Saved replies: short texts in three languages, inserted in the reply box by `/` and a few letters.

export const savedReplies = {
  method: 'GET',
  path: '/api/operator/saved-replies',
  auth: 'operator',
  kind: 'json',
  response: savedReplyListSchema,
} as const satisfies RouteDef;
export const addSavedReply = {
  method: 'POST',
  path: '/api/operator/saved-replies',
  auth: 'operator',
  kind: 'json',
  body: savedReplyBodySchema,
  response: savedReplySchema,
} as const satisfies RouteDef;
export const updateSavedReply = {
  method: 'PUT',
  path: '/api/operator/saved-replies/:id',
  auth: 'operator',
  kind: 'json',
  params: savedReplyParamsSchema,
  body: savedReplyBodySchema,
  response: savedReplySchema,
} as const satisfies RouteDef;
export const deleteSavedReply = {
  method: 'DELETE',
  path: '/api/operator/saved-replies/:id',
  auth: 'operator',
  kind: 'json',
  params: savedReplyParamsSchema,
  response: okSchema,
} as const satisfies RouteDef;
/** A saved reply filled in for one user (their name, their latest task's planet), in their language. */
export const useSavedReply = {
  method: 'POST',
  path: '/api/operator/chats/:userId/saved-replies/:id',
  auth: 'operator',
  kind: 'json',
  params: savedReplyUseParamsSchema,
  body: savedReplyUseBodySchema,
  response: savedReplyUseSchema,
} as const satisfies RouteDef;
