// When nginx can hand requests to a given api: the api says it can serve (GET /api/ready, or
// /api/health on a build without it), answered through nginx by that very api.

const READY_PATHS = ['/api/ready', '/api/health'];
const POLL_MS = 100;
const READY_TIMEOUT_MS = 30_000;

/** The api that answered, as nginx names it (the last one tried when it retried on another). */
export function servedBy(response: Response): string | undefined {
  return response.headers.get('x-upstream')?.split(',').at(-1)?.trim() || undefined;
}

async function answeredByItWhenReady(url: string, address: string): Promise<boolean> {
  for (const readyPath of READY_PATHS) {
    const response = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    if (response.status === 404) continue;
    return response.status === 200 && servedBy(response) === address;
  }
  return false;
}

/** Resolves once nginx at `url` has had a ready answer from the api at `address`. */
export async function waitUntilServedBy(url: string, address: string, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await answeredByItWhenReady(url, address)) return;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`nginx at ${url} got no ready answer from ${address} in ${timeoutMs} ms (${String(last)})`);
}
