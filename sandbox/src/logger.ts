import { installedSandboxHost, type SandboxLogger } from './host';

/**
 * Before the api hands a host (a unit test of the sandbox's pure parts, say), warnings and errors
 * still show, on the console.
 */
const consoleLogger: SandboxLogger = {
  debug: () => {},
  info: (fields, message) => console.info(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
  child: () => consoleLogger,
};

const current = () => installedSandboxHost()?.logger ?? consoleLogger;

/** The host's logger, looked up at each line: modules load before the api mounts a sandbox. */
export const logger: SandboxLogger = {
  debug: (...line) => current().debug(...line),
  info: (...line) => current().info(...line),
  warn: (...line) => current().warn(...line),
  error: (...line) => current().error(...line),
  child: (bindings) => current().child(bindings),
};
