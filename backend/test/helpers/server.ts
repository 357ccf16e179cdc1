import { startServer, type RunningServer } from '../../src/server';

/** The api in this test process, on a free port. */
export async function startTestApi(): Promise<RunningServer & { baseUrl: string }> {
  const server = await startServer(0);
  return { ...server, baseUrl: `http://127.0.0.1:${server.port}` };
}
