#!/usr/bin/env node
// `npm run build:worker [-- --if-stale]`: the worker as plain JavaScript in worker/dist/, which is
// what runs it everywhere but `npm run dev` and the tests. Run through tsx, the worker carried tsx's
// loader: Node 20 runs module hooks on a thread of their own, a second V8 heap of some 45 MB, and
// every transpiled module's source map besides (docs/architecture.md, "The worker's build").
//
// Our packages are bundled; every other package stays an import, resolved as Node resolves it from
// the file that imports it: a package that one of ours keeps in its own node_modules (a version
// other than the one at the top) is imported by its path. Each module keeps its own import.meta.url,
// so paths worked out from it (the repository's root, a package's data files) are the same as when
// it runs from source. Code split where the source imports lazily (payments, script writing), so the
// worker still loads those and their SDKs only when a job needs them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WORKER_DIST = path.join(root, 'worker/dist');
const ENTRY = 'worker/src/main.ts';
/** The sources the bundle is built from: when one is newer than the bundle, it is built again. */
const SOURCES = ['worker/src', 'backend/src', 'shared-types/src', 'sandbox/src', 'package-lock.json'];

/** The newest modification time of a file, or of any file below a folder (0 when missing). */
export function newestMtime(file) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

export function workerBuildIsStale() {
  const built = path.join(WORKER_DIST, 'main.mjs');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Whether Node, resolving from `dir`, would find the package in a node_modules below the root's. */
function isNestedPackage(name, dir) {
  for (let at = dir; at !== path.dirname(at); at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (fs.existsSync(candidate)) return candidate !== path.join(root, 'node_modules', name);
  }
  return false;
}

const workerModules = {
  name: 'worker-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'nested' || args.path.startsWith('@ringcast/')) return undefined;
      if (args.path.startsWith('node:') || !isNestedPackage(packageName(args.path), args.resolveDir))
        return { external: true };
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'nested',
      });
      if (resolved.errors.length) return { errors: resolved.errors };
      // Every chunk is written beside the entry, so one path relative to it serves them all.
      return { external: true, path: `./${path.relative(WORKER_DIST, resolved.path)}` };
    });
    build.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

/**
 * Builds into memory, then writes each file beside its place and renames it in: a worker starting
 * meanwhile reads either the old build or the new one, never half a file. Chunks are named by their
 * content and written before the entry that imports them; chunks no build uses any more are removed
 * once they are an hour old (a worker started on the build before may still load them).
 */
export async function buildWorker() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: WORKER_DIST,
    outExtension: { '.js': '.mjs' },
    // Maps without the sources' text: Node keeps every map it reads (--enable-source-maps), and
    // with the text ours cost the worker 10 MB more.
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    plugins: [workerModules],
  });
  const isEntry = (file) => path.basename(file.path).startsWith('main.mjs');
  const files = [...result.outputFiles.filter((f) => !isEntry(f)), ...result.outputFiles.filter(isEntry)];
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const written = new Set(files.map((file) => file.path));
  for (const name of fs.readdirSync(WORKER_DIST)) {
    const file = path.join(WORKER_DIST, name);
    if (!written.has(file) && Date.now() - fs.statSync(file).mtimeMs > 60 * 60 * 1000) fs.rmSync(file);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !workerBuildIsStale()) process.exit(0);
  await buildWorker();
}
