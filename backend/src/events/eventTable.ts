import { createHash } from 'node:crypto';
import type { EventName, EventPayload } from '@ringcast/shared-types';

/** Every tab of one user. */
export const userRoom = (userId: number) => `user:${userId}`;
/** Every admin's tab. */
export const ADMINS_ROOM = 'admins';

/**
 * Every socket opened with one session, so that signing out closes exactly those. Named by a hash
 * of the session id: room names travel through Redis, the id itself never does.
 */
export const sessionRoom = (sessionId: string) =>
  `session:${createHash('sha256').update(sessionId).digest('base64url').slice(0, 22)}`;

/** Between api processes (never to a browser): check every socket's session again. */
export const SESSION_RECHECK_EVENT = 'sessions:recheck';

/** Between processes (never to a browser): pushes, each api process delivering them to its own sockets. */
export const PUSHES_EVENT = 'pushes';

/** The rooms a signed-in socket joins. */
export const roomsOfUser = (user: { id: number; isAdmin: boolean }) =>
  user.isAdmin ? [userRoom(user.id), ADMINS_ROOM] : [userRoom(user.id)];

/** Who hears an event: the tabs of the user it belongs to (publish's `userId`), every admin tab. */
type Audience = 'owner' | 'admins';

/**
 * How a high-rate event is coalesced, one step between the change and the screens (coalescer.ts):
 * at most one push per entity every `windowMs`, carrying its latest state.
 * - `payload`: each publish carries its payload, one per entity (`key`); the first of an entity goes
 *   at once, the latest of the rest at the window's end. `version`: when the payload's state was
 *   written, so an older one never replaces a newer one.
 * - `reread`: publishes of statistics only name the entity that moved (publishers' `moved`); at the
 *   window's end every entity named in it is read again, all in one read after the commits, and
 *   pushed once. A change a person made (`changed`) is read and pushed at once, never held.
 */
export type Coalesce<E extends EventName> =
  | {
      by: 'payload';
      windowMs: number;
      key: (payload: EventPayload<E>) => number;
      version?: (payload: EventPayload<E>) => number;
    }
  | { by: 'reread'; windowMs: number };

interface EventRoute<E extends EventName> {
  audience: readonly Audience[];
  coalesce?: Coalesce<E>;
}

/** Every event the server pushes, who hears it, and whether it is coalesced. The only place rooms are chosen. */
export const EVENT_TABLE = {
  'campaign:updated': {
    audience: ['owner', 'admins'],
    // Counters and the dialing state move with every call: re-read with its dialing state.
    coalesce: { by: 'reread', windowMs: 250 },
  },
  'campaign:deleted': { audience: ['owner', 'admins'] },
  'prospectList:updated': { audience: ['owner', 'admins'] },
  'prospectList:deleted': { audience: ['owner', 'admins'] },
  'ticket:updated': { audience: ['owner', 'admins'] },
  // Admins get campaign statistics, not every call.
  'call:updated': {
    audience: ['owner'],
    coalesce: {
      by: 'payload',
      windowMs: 250,
      key: (call) => call.id,
      version: (call) => Date.parse(call.updatedAt),
    },
  },
  // Every turn is news, so none is merged away; admins read any call's conversation as it happens.
  'call:transcript': { audience: ['owner', 'admins'] },
  'appointment:updated': { audience: ['owner', 'admins'] },
  'callback:updated': { audience: ['owner'] },
  'payment:recorded': { audience: ['admins'] },
  'billing:updated': { audience: ['owner', 'admins'] },
  'contactMessage:received': { audience: ['admins'] },
  'user:updated': { audience: ['admins'] },
  'sandboxMail:received': { audience: ['admins'] },
} as const satisfies { [E in EventName]: EventRoute<E> };

export const routeOf = <E extends EventName>(event: E) => EVENT_TABLE[event] as EventRoute<E>;

/** Events whose statistics pushes are re-read (`coalesce.by: 'reread'`). */
export type RereadEvent = {
  [E in EventName]: (typeof EVENT_TABLE)[E] extends { coalesce: { by: 'reread' } } ? E : never;
}[EventName];

/** Events the owner's tabs hear: publishing one needs the owner's userId. */
export type OwnerEvent = {
  [E in EventName]: 'owner' extends (typeof EVENT_TABLE)[E]['audience'][number] ? E : never;
}[EventName];

export function roomsOf(event: EventName, userId: number | undefined): string[] {
  return routeOf(event).audience.map((audience) => {
    if (audience === 'admins') return ADMINS_ROOM;
    if (userId === undefined) throw new Error(`${event} goes to its owner: publish it with a userId`);
    return userRoom(userId);
  });
}
