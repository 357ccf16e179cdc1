import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { config } from '../src/config';
import { logger } from '../src/logger';
import { useTestApi } from './helpers/server';

// A built web app of our own with one large asset, big enough that a browser can leave mid-file.
// Registered before the api's hooks, so the api starts serving it and stops before it goes.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ringcast-dist-'));
const ASSET_BYTES = 32 * 1024 * 1024;
const builtDist = config.frontendDist;

beforeAll(() => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ringcast</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'big.js'), Buffer.alloc(ASSET_BYTES, 'a'));
  config.frontendDist = dist;
});

afterAll(() => {
  config.frontendDist = builtDist;
  fs.rmSync(dist, { recursive: true, force: true });
});

const api = useTestApi();

/** Starts downloading the asset and hangs up as soon as the first bytes arrive. */
function leaveMidFile(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${api.baseUrl}/assets/big.js`, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
  });
}

describe('the web app files', () => {
  it('a browser leaving mid-file is a debug line, not a stack trace on stderr', async () => {
    const printed = vi.spyOn(console, 'error');
    const logged = vi.spyOn(logger, 'error');
    const debug = vi.spyOn(logger, 'debug');
    try {
      await leaveMidFile();
      await vi.waitFor(() =>
        expect(debug).toHaveBeenCalledWith(
          // Usually a premature close; a reset when the socket breaks first.
          {
            code: expect.stringMatching(/^(ERR_STREAM_PREMATURE_CLOSE|ECONNRESET|EPIPE)$/),
            path: '/assets/big.js',
          },
          'client closed the response early',
        ),
      );
      expect(printed).not.toHaveBeenCalled();
      expect(logged).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      logged.mockRestore();
      debug.mockRestore();
    }
  });

  it('still serves the whole file to a browser that stays', async () => {
    const res = await fetch(`${api.baseUrl}/assets/big.js`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(ASSET_BYTES);
  });
});
