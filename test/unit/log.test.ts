/** The pino logger behind src/kernel/log.ts: line shape, levels, reserved keys, request ids. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/kernel/log';
import { runWithRequest } from '../../src/kernel/requestContext';

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, stream };
}

describe('log (pino)', () => {
  it('writes one JSON line with level, ISO time, msg and the fields', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).info('listening', { url: 'http://x', n: 2 });
    assert.equal(lines.length, 1);
    const [line] = lines;
    assert.equal(line.level, 'info');
    assert.equal(line.msg, 'listening');
    assert.ok(!Number.isNaN(Date.parse(String(line.time))));
    assert.equal(line.url, 'http://x');
    assert.equal(line.n, 2);
  });

  it('a field named level, time, msg or requestId never overwrites the line own (renamed with _)', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).info('analysis', { level: 'plugin', time: 3, msg: 'other', requestId: 'forged' });
    assert.equal(lines[0].level, 'info');
    assert.equal(lines[0].msg, 'analysis');
    assert.ok(!Number.isNaN(Date.parse(String(lines[0].time))));
    assert.equal(lines[0].requestId, undefined);
    assert.deepEqual([lines[0]._level, lines[0]._time, lines[0]._msg, lines[0]._requestId], ['plugin', 3, 'other', 'forged']);
  });

  it('honours the level: debug hidden at info, only errors at error', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    assert.deepEqual(
      lines.map((l) => l.level),
      ['info', 'warn', 'error'],
    );
    const quiet = capture();
    const errorsOnly = createLogger('error', quiet.stream);
    errorsOnly.info('i');
    errorsOnly.warn('w');
    errorsOnly.error('e');
    assert.deepEqual(
      quiet.lines.map((l) => l.msg),
      ['e'],
    );
  });

  it('writes an Error err as its message and stack', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).warn('failed', { err: new Error('boom') });
    assert.equal(lines[0].err, 'boom');
    assert.match(String(lines[0].stack), /Error: boom/);
  });

  it('adds the request id to every line written while serving a request', async () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    await runWithRequest({ requestId: 'req-1' }, async () => {
      log.info('a');
      await new Promise((r) => setTimeout(r, 1));
      log.info('b');
    });
    log.info('c');
    assert.deepEqual(
      lines.map((l) => l.requestId),
      ['req-1', 'req-1', undefined],
    );
  });
});
