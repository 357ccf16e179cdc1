// npm run stack [-- --apis 2 --workers 2 --base-port 7400]
// Ringcast scaled out on this machine: nginx in front of the apis, the workers beside them, on the
// database and Redis of .env. Prints the URL; Ctrl-C stops it all.
import { parseArgs } from 'node:util';
import { startScaleStack } from './stack';

const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    'base-port': { type: 'string' },
  },
});

const stack = await startScaleStack({
  apis: Number(values.apis),
  workers: Number(values.workers),
  env: {},
  basePort: values['base-port'] === undefined ? undefined : Number(values['base-port']),
});
console.log(`Ringcast on ${stack.url}`);
for (const api of stack.apis) console.log(`  ${api.name}: port ${api.port}, pid ${api.pid()}`);
for (const worker of stack.workers) console.log(`  ${worker.name}: pid ${worker.pid()}`);
console.log('Ctrl-C stops it.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
