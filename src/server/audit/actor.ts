import type { StaffRole } from '../../common/staff-rules';

/**
 * Who makes a back-office change (docs/decisions/013): a staff member from the back office or the bot's staff
 * buttons, or the operator's command line. Services take it, check nothing about roles (the route did), and
 * write it to the audit log and the order's timeline.
 */
export type StaffActor =
  | { kind: 'staff'; userId: number; email: string; role: StaffRole; via: 'admin' | 'bot' }
  | { kind: 'cli' };

export const CLI_ACTOR: StaffActor = { kind: 'cli' };

/** How an actor is named in the audit log and on an order's timeline. */
export const actorLabel = (actor: StaffActor): string => (actor.kind === 'cli' ? 'command line' : actor.email);

export const actorSource = (actor: StaffActor): 'admin' | 'bot' | 'cli' => (actor.kind === 'cli' ? 'cli' : actor.via);

export const actorUserId = (actor: StaffActor): number | null => (actor.kind === 'cli' ? null : actor.userId);
