import type { Generated } from 'kysely';

/**
 * Row types of every table, as Kysely sees them. Timestamps are integer milliseconds; booleans are
 * 0/1 integers (SQLite has no boolean); localized text is a JSON string of `{ en, zh, ko }`.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  task_definitions: TaskDefinitionsTable;
  gomeum_tasks: GomeumTasksTable;
  user_tasks: UserTasksTable;
  task_logs: TaskLogsTable;
  gomeum_logs: GomeumLogsTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  user_meta: UserMetaTable;
  presence: PresenceTable;
  moon_questions: MoonQuestionsTable;
  moon_answers: MoonAnswersTable;
  updates: UpdatesTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  page_visits: PageVisitsTable;
  files: FilesTable;
  settings: SettingsTable;
  job_runs: JobRunsTable;
  planet_reads: PlanetReadsTable;
  proof_reactions: ProofReactionsTable;
  task_reminders: TaskRemindersTable;
  guest_merges: GuestMergesTable;
  operator_alerts: OperatorAlertsTable;
  chat_conversations: ChatConversationsTable;
  operator_counts: OperatorCountsTable;
  waiting_proofs: WaitingProofsTable;
  visit_days: VisitDaysTable;
  visit_pages: VisitPagesTable;
  visit_countries: VisitCountriesTable;
  translations: TranslationsTable;
  translation_claims: TranslationClaimsTable;
  saved_replies: SavedRepliesTable;
}

export interface UsersTable {
  id: string;
  email: string | null;
  password_hash: string | null;
  role: 'user' | 'operator';
  is_guest: number;
  guest_id: string | null;
  /** Hash of the long-lived browser cookie that brings a guest back to the same account. */
  guest_token_hash: string | null;
  locale: string;
  created_at: number;
  last_login_at: number | null;
  last_ip: string | null;
  /** IANA time zone the user's days and weeks are counted in; null: UTC. */
  time_zone: Generated<string | null>;
  /**
   * Changes (to a new random value) whenever any of the user's proofs or Gomeum's reactions to
   * them is written, moved or deleted: set by the database's triggers, never by the app.
   */
  logs_version: Generated<number>;
  /** The UTC day (ms / 86 400 000) of the user's newest visit: set by the database's triggers. */
  last_visit_day: Generated<number | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table cannot be replayed. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface TaskDefinitionsTable {
  planet: string;
  name: string;
  description: string;
  reward: string;
  updated_at: number;
}

export interface GomeumTasksTable {
  planet: string;
  description: string;
  reward: string;
  proof: string;
  image_key: string | null;
  updated_at: number;
}

export interface UserTasksTable {
  id: string;
  user_id: string;
  planet: string;
  description: string;
  reward: string;
  confirmed: number;
  proof: string;
  status: string;
  image_key: string | null;
  updated_at: number;
  /** Proofs that complete the task (1: the first proof does). */
  goal: Generated<number>;
  cadence: 'daily' | 'weekly' | null;
  /** When the user saw the goal's celebration; null until then. */
  celebrated_at: number | null;
}

export interface TaskLogsTable {
  id: string;
  user_id: string;
  planet: string;
  date: string;
  title: string;
  content: string;
  image_key: string | null;
  created_at: number;
}

export interface GomeumLogsTable {
  id: string;
  planet: string;
  content: string;
  /** JSON array of file keys. */
  images: string;
  created_at: number;
  /** JSON: the text in each language it was written in; null when only `content` was. */
  contents: string | null;
}

export interface ChatMessagesTable {
  /** Monotonic over every conversation: the database's own key and bookkeeping, never sent. */
  id: Generated<number>;
  user_id: string;
  /**
   * The message's number in its user's conversation (1, 2, 3…; unique per user): its id on the
   * wire, where clients resume from the last they saw. Numbered by the database when left out.
   */
  seq: Generated<number>;
  sender: 'user' | 'gomeum' | 'gomeum_ai';
  kind: 'message' | 'welcome' | 'announcement' | 'unavailable' | 'reaction';
  content: string;
  /** JSON with kind-specific extras (an announcement's planet, say). */
  meta: string | null;
  created_at: number;
  /** The sender's own id of the message (unique per user): a retried send finds the first one. */
  client_id: Generated<string | null>;
}

/** The operator's read mark in one user's conversation (shared by every operator: one Gomeum). */
export interface ChatReadsTable {
  user_id: string;
  /** Id of the newest message the operator has read. */
  read_id: number;
  /** Id of the newest message the user has seen with the chat open (0: none). */
  user_read_id: Generated<number>;
  updated_at: number;
}

export interface UserMetaTable {
  user_id: string;
  welcome_shown: number;
  last_seen_update: number;
  last_seen_diary: number;
  /** When a guest was asked, after a proof, whether to keep their progress; null: not yet. */
  keep_asked_at: Generated<number | null>;
  /** Time of the newest reaction to the user's proofs already posted into their chat. */
  last_seen_reaction: Generated<number>;
}

export interface PresenceTable {
  key: string;
  online: number;
  updated_at: number;
}

export interface MoonQuestionsTable {
  id: string;
  number: number;
  question: string;
  gomeum_answer: string;
  updated_at: number;
}

export interface MoonAnswersTable {
  user_id: string;
  question_id: string;
  answer: string;
  created_at: number;
}

export interface UpdatesTable {
  id: string;
  title: string;
  content: string;
  image_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface NotificationsTable {
  id: string;
  title: string;
  message: string;
  /** JSON: each language's title and message; null when only `title` and `message` were written. */
  languages: string | null;
  sender: string;
  created_at: number;
  /** Push deliveries accepted; null while delivery is still under way. */
  push_delivered: number | null;
  /** Push deliveries refused or gone; null while delivery is still under way. */
  push_failed: number | null;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  created_at: number;
  /** 1: the operator's alerts go to this device (its switch in the dashboard); 0: they do not. */
  operator_alerts: Generated<number>;
}

export interface PageVisitsTable {
  id: Generated<number>;
  user_id: string;
  page: string;
  ip: string | null;
  city: string | null;
  country: string | null;
  at: number;
}

export interface FilesTable {
  key: string;
  owner_id: string | null;
  content_type: string;
  size: number;
  private: number;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** When a periodic job last ran, and on which instance. */
export interface JobRunsTable {
  name: string;
  last_run_at: number;
  run_by: string | null;
}

/** When a user last looked at a planet's task screen (the galaxy's "Gomeum wrote" dot). */
export interface PlanetReadsTable {
  user_id: string;
  planet: string;
  seen_at: number;
}

/** Gomeum's one reaction to one proof (the proof's id is the key). */
export interface ProofReactionsTable {
  log_id: string;
  user_id: string;
  sender: 'gomeum' | 'gomeum_ai';
  content: string;
  created_at: number;
}

/** A task's reminder: days (bit 0 = Monday), local minute and zone; the next instant it is due. */
export interface TaskRemindersTable {
  user_id: string;
  planet: string;
  enabled: number;
  days: number;
  minute: number;
  time_zone: string;
  /** Next instant the reminder is due; null while it is off. */
  next_fire_at: number | null;
  last_fired_at: number | null;
  updated_at: number;
}

/**
 * A guest's work that one session may bring into its account: the browser was that guest when it
 * logged in. Single use, short-lived; gone with the session or the guest.
 */
export interface GuestMergesTable {
  session_id: string;
  guest_user_id: string;
  created_at: number;
  expires_at: number;
}

/** When the operator was last alerted of a user's conversation (`chat`) or proofs (`proof`). */
export interface OperatorAlertsTable {
  user_id: string;
  topic: 'chat' | 'proof';
  sent_at: number;
}

/**
 * One user's conversation with Gomeum as the operator's inbox and queue read it, kept by the
 * database's triggers in the statement that writes a message or moves a read mark (migration
 * 20261201100000_chat_conversations); the app only reads it.
 */
export interface ChatConversationsTable {
  user_id: string;
  /** The newest message that is not a notice (the inbox's order and preview). */
  last_id: number;
  message_count: number;
  /** The user's messages above the operator's read mark. */
  unread_count: number;
  /** Gomeum's newest answer (0: none). */
  answered_id: number;
  /** Since when the conversation waits for Gomeum (the user's first message after the answer); null: it does not. */
  waiting_since: number | null;
  /** The user's newest message while it waits (the queue's preview). */
  waiting_id: number | null;
  /** Counts the row's changes: of two readings, the higher is the later. */
  version: Generated<number>;
}

/** Counts the overview shows, in slots summed on reading (migration 20261201110000_operator_counts). */
export interface OperatorCountsTable {
  name: 'users' | 'guests' | 'unread_conversations';
  slot: string;
  value: number;
}

/** Proofs without a reaction, by when they were sent: kept by the database's triggers. */
export interface WaitingProofsTable {
  log_id: string;
  created_at: number;
}

/** Visits and active users per UTC day: kept by the database's triggers. */
export interface VisitDaysTable {
  day: number;
  visits: number;
  active_users: number;
}

/** Visits per UTC day and path (its query left out). */
export interface VisitPagesTable {
  day: number;
  page: string;
  visits: number;
}

/** Visits per UTC day and country (unknown ones left out). */
export interface VisitCountriesTable {
  day: number;
  country: string;
  visits: number;
}

/** A text's translation into one language, by the SHA-256 (hex) of the text (see the migration). */
export interface TranslationsTable {
  source_hash: string;
  target: string;
  text: string;
  created_at: number;
}

/** A text and language some instance is asking the AI to translate right now. */
export interface TranslationClaimsTable {
  source_hash: string;
  target: string;
  claimed_at: number;
}

/** One of the operator's saved replies: its shortcut and its words per language (JSON). */
export interface SavedRepliesTable {
  id: string;
  shortcut: string;
  texts: string;
  updated_at: number;
}
