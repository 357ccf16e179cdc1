import type { User as UserDto } from '@ringcast/shared-types';
import type { CurrentUser } from '../lib/userCache';
import { decryptSecret, maskSecret } from '../lib/secretBox';

function maskedToken(sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return maskSecret(decryptSecret(sealed));
  } catch {
    return maskSecret('');
  }
}

/**
 * The request's user snapshot is frozen and shared by every request until the row changes, so its
 * presentation (which decrypts the Twilio token to mask it) is worked out once per snapshot.
 */
const presentedSnapshots = new WeakMap<CurrentUser, UserDto>();

/** Accepts a User row or the request's CurrentUser snapshot. */
export function presentUser(user: CurrentUser): UserDto {
  if (!Object.isFrozen(user)) return present(user);
  let presented = presentedSnapshots.get(user);
  if (!presented) {
    presented = Object.freeze(present(user));
    presentedSnapshots.set(user, presented);
  }
  return presented;
}

function present(user: CurrentUser): UserDto {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl ?? null,
    companyName: user.companyName ?? null,
    phoneNumber: user.phoneNumber ?? null,
    twilioAccountSid: user.twilioAccountSid ?? null,
    twilioAuthToken: maskedToken(user.twilioAuthTokenEncrypted ?? null),
    twilioPhoneNumber: user.twilioPhoneNumber ?? null,
    stripeCustomerId: user.stripeCustomerId ?? null,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

const jsonOfSnapshots = new WeakMap<UserDto, string>();

/** The user as an answer's JSON body; a snapshot's is serialized once, like its presentation. */
export function presentUserJson(user: CurrentUser): string {
  const presented = presentUser(user);
  if (!Object.isFrozen(presented)) return JSON.stringify(presented);
  let json = jsonOfSnapshots.get(presented);
  if (json === undefined) {
    json = JSON.stringify(presented);
    jsonOfSnapshots.set(presented, json);
  }
  return json;
}
