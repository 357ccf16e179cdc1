import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_NGINX_CONF,
  nginxArgs,
  prepareNginxPrefix,
  renderNginxConfig,
  writeNginxConfig,
} from '../../scripts/scale/nginxConfig';
import { NGINX_BINARY } from '../../scripts/scale/stack';

const template = fs.readFileSync(EXAMPLE_NGINX_CONF, 'utf8');
const isComment = (line: string) => line.trim().startsWith('#');
const directives = (text: string) => text.split('\n').filter((line) => !isComment(line));
const unmarkedLines = (text: string) =>
  text.split('\n').filter((line) => isComment(line) || !line.includes('# runtime:'));

describe('the stack’s nginx configuration', () => {
  it('is ops/nginx.conf with only its marked api and listen lines replaced', () => {
    const apis = ['127.0.0.1:7591', '127.0.0.1:7592', '127.0.0.1:7593'];
    const rendered = renderNginxConfig(template, apis, 7590);
    const servers = directives(rendered).filter((line) => /^\s*server\s+\d/.test(line));
    expect(servers.map((line) => line.trim().split(/\s+/)[1])).toEqual(apis);
    // Each keeps the example's parameters.
    expect(new Set(servers.map((line) => line.trim().split(/\s+/).slice(2).join(' '))).size).toBe(1);
    expect(directives(rendered).filter((line) => /^\s*listen\s/.test(line))).toEqual([
      '        listen 7590; # runtime: listen',
    ]);
    // Every other line, comments included, is the example's.
    expect(unmarkedLines(rendered)).toEqual(unmarkedLines(template));
  });

  it('is accepted by nginx', async () => {
    const directory = fs.mkdtempSync(path.join(tmpdir(), 'ringcast-nginx-test-'));
    try {
      prepareNginxPrefix(directory);
      const config = writeNginxConfig(directory, ['127.0.0.1:7591', '127.0.0.1:7592'], 7590);
      const { stderr } = await promisify(execFile)(NGINX_BINARY, ['-t', ...nginxArgs(directory, config)]);
      expect(stderr).toContain('syntax is ok');
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
