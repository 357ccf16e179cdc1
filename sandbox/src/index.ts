/**
 * @ringcast/sandbox: local emulators of the outside services (Stripe, Twilio, OpenAI, mail,
 * Cal.com), which the api mounts in-process for the providers that have no keys. It is the provider, not a part of
 * us: it imports only shared-types and what the api hands it (host.ts). This is all the api
 * mounts; tests and benchmarks reach a few insides through `@ringcast/sandbox/testing`.
 */
export type { SandboxHost, SandboxLogger } from './host';
export { createOpenaiSandbox } from './openai';
export { readSandboxMail, startMailSandbox, type MailSandbox } from './mail';
export { createStripeSandbox, type StripeSandboxHost } from './stripe';
export { createCalcomSandbox } from './calcom';
export {
  closeTwilioSandboxRedis,
  createTwilioSandbox,
  startTwilioSandboxPlayer,
  type TwilioSandboxHost,
  type TwilioSandboxPlayer,
} from './twilio';
