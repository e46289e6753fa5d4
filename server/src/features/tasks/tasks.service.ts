import { PLANET_IDS } from '@gomeum/contracts';
import type {
  Cadence,
  PlanetStanding,
  PlanetId,
  ProofFields,
  TaskLog,
  TaskProgress,
  TaskScreen,
  ProofReaction,
  UserTask,
} from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseLocalized } from '../../lib/json.ts';
import { noOperatorAlerts, type OperatorAlertHooks } from '../../lib/operator-alert-hooks.ts';
import type { UsersService } from '../auth/index.ts';
import { fileUrl, type FilesService } from '../files/index.ts';
import type { GomeumTasksService } from './gomeum-tasks.service.ts';
import { isTimeZone, localDayNumber, streaksAt } from './streaks.ts';
import type {
  TaskLogRow,
  TaskLogWithReactionRow,
  TaskSummary,
  TasksRepository,
  UserTaskRow,
} from './tasks.repository.ts';

/** What confirming a task sets: its text, and how many proofs (how often) finish it. */
export interface TaskGoalInput {
  description: string;
  reward: string;
  goal: number;
  cadence: Cadence | null;
}

function toUserTask(row: UserTaskRow): UserTask {
  return {
    id: row.id,
    planet: row.planet as PlanetId,
    description: row.description,
    reward: row.reward,
    confirmed: row.confirmed === 1,
    proof: row.proof,
    status: row.status === 'completed' ? 'completed' : '',
    imageUrl: fileUrl(row.image_key),
    updatedAt: row.updated_at,
  };
}

function toTaskLog(row: TaskLogRow, reaction?: ProofReaction | null): TaskLog {
  const log: TaskLog = {
    id: row.id,
    planet: row.planet as PlanetId,
    date: row.date,
    title: row.title,
    content: row.content,
    imageUrl: fileUrl(row.image_key),
    createdAt: row.created_at,
  };
  // Set, not spread: V8 makes `{ ...{ reaction: null }, id, … }` about 50× slower than a plain
  // object (4 µs a proof, most of a page of logs' mapping; bench/read.mjs).
  if (reaction !== undefined) log.reaction = reaction;
  return log;
}

/** A proof as its user's log shows it: with Gomeum's reaction, or null while it has none. */
function toTaskLogWithReaction(row: TaskLogWithReactionRow): TaskLog {
  const reaction: ProofReaction | null =
    row.reaction_sender === null
      ? null
      : {
          logId: row.id,
          planet: row.planet as PlanetId,
          sender: row.reaction_sender,
          content: row.reaction_content ?? '',
          createdAt: row.reaction_created_at ?? row.created_at,
        };
  return toTaskLog(row, reaction);
}

/** What the tasks need of users (the auth feature's): whether one exists (the operator acts only on real users), their time zone. */
export type TaskUsers = Pick<UsersService, 'exists' | 'timeZone' | 'setTimeZone'>;

/** What the task screens need of Gomeum's reactions to proofs (the reactions service). */
export interface ProofReactions {
  /** A proof was stored (never fails). */
  proofSubmitted(logId: string, guestAddress?: string): void;
  /** A proof was deleted (never fails). */
  proofDeleted(logId: string): void;
}

/** The zone whose calendar day starts first (UTC+14): its today is no one's tomorrow. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';

/** A `YYYY-MM-DD` date (a calendar day, the contract checked) as days since 1970-01-01. */
function dayNumberOfDate(date: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: years below 100 stay themselves.
  at.setUTCFullYear(year, month - 1, day);
  return Math.round(at.getTime() / 86_400_000);
}

const noReactions: ProofReactions = {
  proofSubmitted: () => undefined,
  proofDeleted: () => undefined,
};

/**
 * Users' planet tasks: the task screen's data, confirming a task once, proofs and the user's log,
 * progress and streaks, the galaxy's standings, and the operator's edits of a user's task.
 */
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    /** Gomeum's side of each planet: its task on the screen, its newest logs for the galaxy's dots. */
    private readonly gomeum: Pick<GomeumTasksService, 'task' | 'latestPerPlanet'>,
    private readonly users: TaskUsers,
    private readonly files: FilesService,
    private readonly now: () => number,
    /** Gomeum's reactions: shown under each proof, started when one is stored. */
    private readonly reactions: ProofReactions = noReactions,
    /** The operator's alerts: told of each proof stored. */
    private readonly alerts: Pick<OperatorAlertHooks, 'proofSent'> = noOperatorAlerts,
  ) {}

  /**
   * 429 `upload.error_busy` now when the user's earlier photos are still being processed: a proof
   * carrying another is refused before its body is read (it would be refused once read).
   */
  refuseIfImagesBusy(userId: string): void {
    this.files.refuseIfImagesBusy(userId);
  }

  /** Everything the task screen of `planet` shows to `userId`. */
  async getScreen(userId: string, planet: PlanetId): Promise<TaskScreen> {
    const [definition, gomeumTask, userTask] = await Promise.all([
      this.tasks.getDefinition(planet),
      this.gomeum.task(planet),
      this.tasks.getUserTask(userId, planet),
    ]);
    return {
      planet,
      definition: definition
        ? {
            name: parseLocalized(definition.name),
            description: parseLocalized(definition.description),
            reward: parseLocalized(definition.reward),
          }
        : null,
      gomeumTask,
      userTask: userTask ? toUserTask(userTask) : null,
    };
  }

  /**
   * Sets the user's description and reward and confirms them, once: afterwards the user can no
   * longer change them (409 `task.error_already_confirmed`); the operator still can.
   */
  async confirm(userId: string, planet: PlanetId, body: TaskGoalInput): Promise<UserTask> {
    const now = this.now();
    const existing = await this.tasks.getUserTask(userId, planet);
    if (!existing) {
      const inserted = await this.tasks.insertUserTask({
        id: newId(),
        user_id: userId,
        planet,
        description: body.description,
        reward: body.reward,
        confirmed: 1,
        proof: '',
        status: '',
        image_key: null,
        updated_at: now,
        goal: body.goal,
        cadence: body.cadence,
        celebrated_at: null,
      });
      if (!inserted) throw new AppError('task.error_already_confirmed');
    } else if (
      !(await this.tasks.confirmUserTask(
        existing.id,
        { description: body.description, reward: body.reward, goal: body.goal, cadence: body.cadence },
        now,
      ))
    ) {
      throw new AppError('task.error_already_confirmed');
    }
    const row = await this.tasks.getUserTask(userId, planet);
    if (!row) throw new AppError('errors.server');
    return toUserTask(row);
  }

  /**
   * Adds a proof to the user's log; the task keeps the latest proof's text and image and becomes
   * completed when its log holds as many proofs as the goal asks (one by default), not before.
   * The image (with the address it came from: its turn in the image queue is shared per address)
   * is stored first; if saving the entry then fails, the image is removed again, so a failed
   * submission leaves nothing half-saved.
   */
  async submitProof(
    userId: string,
    planet: PlanetId,
    fields: ProofFields,
    image: { bytes: Buffer; address: string } | null,
    guestAddress?: string,
  ): Promise<{ log: TaskLog; userTask: UserTask }> {
    const task = await this.tasks.getUserTask(userId, planet);
    if (!task?.confirmed) throw new AppError('task.error_not_confirmed');
    // A proof is of a day that has come: today at the latest, in the user's time zone (unknown:
    // the zone whose today comes first, so no one's today is refused).
    const zone = (await this.users.timeZone(userId)) ?? EARLIEST_ZONE;
    if (dayNumberOfDate(fields.date) > localDayNumber(this.now(), zone)) throw new AppError('task.error_date');
    const file = image
      ? await this.files.putImage(image.bytes, {
          folder: 'proofs',
          ownerId: userId,
          private: true,
          address: image.address,
        })
      : null;
    const now = this.now();
    const log: TaskLogRow = {
      id: newId(),
      user_id: userId,
      planet,
      date: fields.date,
      title: fields.title,
      content: fields.content,
      image_key: file?.key ?? null,
      created_at: now,
    };
    try {
      await this.tasks.transaction(async (repo) => {
        await repo.insertLog(log);
        const count = await repo.countLogs(userId, planet);
        await repo.updateUserTask(task.id, {
          status: count >= task.goal ? 'completed' : task.status,
          proof: fields.content,
          ...(file ? { image_key: file.key } : {}),
          updated_at: now,
        });
      });
    } catch (error) {
      // The entry's own error is what the caller hears; removing its file is best effort.
      if (file) await this.files.remove(file.key).catch(() => undefined);
      throw error;
    }
    this.reactions.proofSubmitted(log.id, guestAddress);
    this.alerts.proofSent({ userId, logId: log.id, title: fields.title, content: fields.content });
    const updated = await this.tasks.getUserTask(userId, planet);
    if (!updated) throw new AppError('errors.server');
    return { log: toTaskLog(log, null), userTask: toUserTask(updated) };
  }

  /** Where the user stands on a planet's task: proofs against the goal, streaks in their time zone. */
  async getProgress(userId: string, planet: PlanetId): Promise<TaskProgress | null> {
    const task = await this.tasks.getUserTask(userId, planet);
    if (!task?.confirmed) return null;
    const [times, zone] = await Promise.all([this.tasks.listLogTimes(userId, planet), this.users.timeZone(userId)]);
    const streaks = streaksAt(times, this.now(), zone ?? 'UTC', task.cadence ?? 'daily');
    const completed = task.status === 'completed';
    return {
      goal: task.goal,
      cadence: task.cadence,
      count: times.length,
      currentStreak: streaks.current,
      bestStreak: streaks.best,
      completed,
      reward: task.reward,
      celebrate: completed && task.celebrated_at === null,
    };
  }

  /** The user has seen the goal's celebration: it does not play again. */
  async markCelebrated(userId: string, planet: PlanetId): Promise<TaskProgress | null> {
    const task = await this.tasks.getUserTask(userId, planet);
    if (!task || task.status !== 'completed') throw new AppError('task.error_not_confirmed');
    await this.tasks.markCelebrated(task.id, this.now());
    return this.getProgress(userId, planet);
  }

  /** Every planet's standing for the galaxy map: no task, in progress (with progress), completed; Gomeum's marks. */
  async getGalaxy(userId: string): Promise<PlanetStanding[]> {
    const [standings, latest, reactions, reads] = await Promise.all([
      this.tasks.listStandings(userId),
      this.gomeum.latestPerPlanet(),
      this.tasks.latestReactionPerPlanet(userId),
      this.tasks.planetReads(userId),
    ]);
    return PLANET_IDS.map((planet) => {
      const standing = standings.find((s) => s.planet === planet);
      const task = standing?.task;
      const state = !task?.confirmed ? 'none' : task.status === 'completed' ? 'completed' : 'in_progress';
      return {
        planet,
        state,
        count: standing?.count ?? 0,
        goal: task?.goal ?? 1,
        gomeumNew: (latest.get(planet) ?? 0) > (reads.get(planet) ?? 0),
        reactionNew: (reactions.get(planet) ?? 0) > (reads.get(planet) ?? 0),
      };
    });
  }

  /** The user looked at a planet's task screen: Gomeum's dot there goes out. */
  async markPlanetSeen(userId: string, planet: PlanetId): Promise<void> {
    await this.tasks.markPlanetSeen(userId, planet, this.now());
  }

  /** Records the user's IANA time zone (400 for one this server does not know). */
  async setTimeZone(userId: string, timeZone: string): Promise<void> {
    if (!isTimeZone(timeZone)) throw new AppError('progress.error_time_zone');
    await this.users.setTimeZone(userId, timeZone);
  }

  /**
   * The user deletes one of their own proofs and its image. The task follows: the latest remaining
   * proof becomes its proof, and below the goal it is no longer completed (and may celebrate again).
   */
  async deleteProof(
    userId: string,
    planet: PlanetId,
    logId: string,
  ): Promise<{ userTask: UserTask; progress: TaskProgress | null }> {
    const log = await this.tasks.getLog(userId, planet, logId);
    if (!log) throw new AppError('errors.not_found');
    await this.tasks.transaction(async (repo) => {
      if (!(await repo.deleteLog(log.id))) throw new AppError('errors.not_found');
      const task = await repo.getUserTask(userId, planet);
      if (!task) return;
      const [latest] = await repo.listLogs(userId, planet, 1);
      const count = await repo.countLogs(userId, planet);
      const below = count < task.goal;
      await repo.updateUserTask(task.id, {
        proof: latest?.content ?? '',
        image_key: latest?.image_key ?? null,
        ...(below ? { status: '', celebrated_at: null } : {}),
        updated_at: this.now(),
      });
    });
    // Its reaction went with it (the database cascades); the operators' queue changes.
    this.reactions.proofDeleted(logId);
    // The entry is gone; its file goes too (a failure here leaves an orphan file, never a broken entry).
    if (log.image_key) await this.files.remove(log.image_key).catch(() => undefined);
    const task = await this.tasks.getUserTask(userId, planet);
    if (!task) throw new AppError('errors.not_found');
    return { userTask: toUserTask(task), progress: await this.getProgress(userId, planet) };
  }

  /** The user's log on a planet, newest first. */
  async listLogs(userId: string, planet: PlanetId, limit: number): Promise<TaskLog[]> {
    return (await this.tasks.listLogs(userId, planet, limit)).map(toTaskLogWithReaction);
  }

  /** A user's planet tasks in short, planet by planet (what the chat's AI is told about them). */
  summaries(userId: string): Promise<TaskSummary[]> {
    return this.tasks.listSummaries(userId);
  }

  /** The operator edits any user's task, confirmed or not; a task that does not exist yet is made. */
  async operatorEdit(
    userId: string,
    planet: PlanetId,
    edit: { description?: string | undefined; reward?: string | undefined; proof?: string | undefined },
  ): Promise<UserTask> {
    if (!(await this.users.exists(userId))) throw new AppError('errors.not_found');
    const now = this.now();
    const changes = {
      ...(edit.description === undefined ? {} : { description: edit.description }),
      ...(edit.reward === undefined ? {} : { reward: edit.reward }),
      ...(edit.proof === undefined ? {} : { proof: edit.proof }),
      updated_at: now,
    };
    const existing = await this.tasks.getUserTask(userId, planet);
    if (existing) {
      await this.tasks.updateUserTask(existing.id, changes);
    } else {
      await this.tasks.insertUserTask({
        id: newId(),
        user_id: userId,
        planet,
        description: edit.description ?? '',
        reward: edit.reward ?? '',
        confirmed: 0,
        proof: edit.proof ?? '',
        status: '',
        image_key: null,
        updated_at: now,
        goal: 1,
        cadence: null,
        celebrated_at: null,
      });
    }
    const row = await this.tasks.getUserTask(userId, planet);
    if (!row) throw new AppError('errors.server');
    return toUserTask(row);
  }

  /** A user's task and whole log on a planet, for the operator. */
  async operatorView(userId: string, planet: PlanetId): Promise<{ userTask: UserTask | null; logs: TaskLog[] }> {
    if (!(await this.users.exists(userId))) throw new AppError('errors.not_found');
    const [task, logs] = await Promise.all([
      this.tasks.getUserTask(userId, planet),
      this.tasks.listLogs(userId, planet, 200),
    ]);
    return { userTask: task ? toUserTask(task) : null, logs: logs.map(toTaskLogWithReaction) };
  }
}
