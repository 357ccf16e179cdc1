// The nginx configuration of a running stack: ops/nginx.conf with only its `# runtime:` lines
// (the api addresses and the public port) replaced, so the tests exercise the example as shipped.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLE_NGINX_CONF = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../ops/nginx.conf',
);

const UPSTREAM_MARK = '# runtime: upstream';
const LISTEN_MARK = '# runtime: listen';
const SERVER_ADDRESS = /(\bserver\s+)\S+/;
const LISTEN_ADDRESS = /(\blisten\s+)[^;\s]+/;

function replaceOnce(line: string, pattern: RegExp, value: string): string {
  if (!pattern.test(line)) throw new Error(`ops/nginx.conf: cannot read the marked line "${line.trim()}"`);
  return line.replace(pattern, `$1${value}`);
}

/**
 * The example's text with one `server` line per api address, modelled on its first marked upstream
 * line (its parameters kept), and its marked `listen` line on `listenPort`.
 */
export function renderNginxConfig(
  template: string,
  apiAddresses: readonly string[],
  listenPort: number,
): string {
  if (!apiAddresses.length) throw new Error('nginx needs at least one api');
  const lines = template.split('\n');
  // The file's own comments name the marks too: only directives count.
  const marked = (line: string, mark: string) => line.includes(mark) && !line.trim().startsWith('#');
  const upstream = lines.filter((line) => marked(line, UPSTREAM_MARK));
  const listen = lines.filter((line) => marked(line, LISTEN_MARK));
  if (!upstream.length || listen.length !== 1)
    throw new Error(`ops/nginx.conf must mark its upstream lines and exactly one listen line`);
  const model = lines.findIndex((line) => marked(line, UPSTREAM_MARK));
  const output: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (index === model)
      output.push(...apiAddresses.map((address) => replaceOnce(line, SERVER_ADDRESS, address)));
    else if (marked(line, UPSTREAM_MARK)) continue;
    else if (marked(line, LISTEN_MARK)) output.push(replaceOnce(line, LISTEN_ADDRESS, String(listenPort)));
    else output.push(line);
  }
  return output.join('\n');
}

/**
 * Makes `directory` nginx's prefix for the stack: the configuration's relative logs/ and temp/ (nginx
 * creates only the last level of a temp path), readable by nginx's workers, which run as nobody
 * when nginx is started by root.
 */
export function prepareNginxPrefix(directory: string): void {
  fs.chmodSync(directory, 0o755);
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(directory, sub), { recursive: true });
}

/** Writes the stack's configuration into `directory` and returns its path. */
export function writeNginxConfig(
  directory: string,
  apiAddresses: readonly string[],
  listenPort: number,
): string {
  const file = path.join(directory, 'nginx.conf');
  const template = fs.readFileSync(EXAMPLE_NGINX_CONF, 'utf8');
  fs.writeFileSync(file, renderNginxConfig(template, apiAddresses, listenPort));
  return file;
}

/**
 * nginx's command line for the stack's prefix: its error log from the first line it writes, and its
 * pid file inside the prefix. `globals` adds directives (`daemon off;` to keep it in the foreground).
 */
export const nginxArgs = (directory: string, config: string, globals = '') => [
  '-p',
  `${directory}/`,
  '-e',
  path.join(directory, 'logs/error.log'),
  '-c',
  config,
  '-g',
  `${globals}pid ${path.join(directory, 'nginx.pid')};`,
];
