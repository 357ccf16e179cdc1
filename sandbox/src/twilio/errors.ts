/**
 * Errors in Twilio's REST shape, `{ code, message, more_info, status }`, so the SDK throws a
 * RestException carrying Twilio's code, as it would against Twilio.
 */
export class TwilioSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TwilioSandboxError';
  }

  get body() {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

/** 20003: a missing or wrong Account SID or auth token. */
export const authenticationFailed = () => new TwilioSandboxError(401, 20003, 'Authenticate');

/** 20404: no such resource (or not this account's). */
export const resourceNotFound = (path: string) =>
  new TwilioSandboxError(404, 20404, `The requested resource ${path} was not found`);

/** A parameter Twilio would refuse; `code` is Twilio's for that parameter (21201 To missing, ...). */
export const invalidParameter = (code: number, message: string) => new TwilioSandboxError(400, code, message);
