/**
 * No default admin key (issue 38): the service started without ADMIN_API_KEY refuses to start, naming the
 * setting, and with NODE_ENV=production a role key shorter than 16 characters is refused too. The real entry
 * point (src/main.ts) in a child process; Elasticsearch is never reached (an address nothing answers at), so a
 * service that did start would hang waiting for it instead of exiting.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../../src/kernel/config';

const root = join(__dirname, '..', '..');

/** Runs src/main.ts with exactly `env` (plus PATH); resolves with its exit code and stderr, or `timedOut` after 20 s. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', 'tsx/cjs', join(root, 'src', 'main.ts')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ELASTICSEARCH_URL: 'http://127.0.0.1:9',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let timedOut = false;
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}

describe('hostile: start-up without a safe admin key', function () {
  this.timeout(60_000);

  it('refuses to start without ADMIN_API_KEY, saying what to set', async () => {
    const run = await start({});
    assert.equal(run.timedOut, false, 'the service did not refuse: it went on to wait for Elasticsearch');
    assert.equal(run.code, 1);
    assert.match(run.stderr, /ADMIN_API_KEY is not set/);
    assert.match(run.stderr, /no default admin key/);
    // One line, not a stack trace.
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  it('refuses an empty ADMIN_API_KEY as not set', async () => {
    const run = await start({ ADMIN_API_KEY: '' });
    assert.equal(run.timedOut, false);
    assert.match(run.stderr, /ADMIN_API_KEY is not set/);
  });

  for (const name of ['ADMIN_API_KEY', 'MERCHANDISER_API_KEY', 'ANALYST_API_KEY']) {
    it(`with NODE_ENV=production, refuses a ${name} shorter than 16 characters without printing it`, async () => {
      const long = { ADMIN_API_KEY: 'a'.repeat(24), MERCHANDISER_API_KEY: 'm'.repeat(24), ANALYST_API_KEY: 'n'.repeat(24) };
      const run = await start({ NODE_ENV: 'production', ...long, [name]: 'short-key-15chr' });
      assert.equal(run.timedOut, false, 'the service did not refuse the short key');
      assert.equal(run.code, 1);
      assert.match(run.stderr, new RegExp(`${name} has a key shorter than 16 characters \\(15\\)`));
      assert.doesNotMatch(run.stderr, /short-key-15chr/);
    });
  }

  it('accepts 16 characters in production, and the development key outside it', () => {
    const keys = { ADMIN_API_KEY: 'a'.repeat(16), MERCHANDISER_API_KEY: 'm'.repeat(16), ANALYST_API_KEY: 'n'.repeat(16) };
    assert.equal(loadConfig({ NODE_ENV: 'production', ...keys }).production, true);
    assert.deepEqual(loadConfig({ ADMIN_API_KEY: 'dev-admin-key' }).adminApiKeys, ['dev-admin-key']);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', ADMIN_API_KEY: 'dev-admin-key' }), /ADMIN_API_KEY has a key shorter than 16/);
    // Several keys: each is checked.
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', ADMIN_API_KEY: `${'a'.repeat(16)},tiny` }),
      /ADMIN_API_KEY has a key shorter than 16 characters \(4\)/,
    );
  });
});
