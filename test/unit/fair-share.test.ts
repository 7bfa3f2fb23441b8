import assert from 'node:assert/strict';
import { fairShare } from '../../src/kernel/fairShare';

describe('fairShare (long loops give queries their turns)', () => {
  it('asks for no turn within the slice, one turn after it, and starts a new slice after the turn', async () => {
    let clock = 0;
    const giveWay = fairShare(8, () => clock);
    clock = 7;
    assert.equal(giveWay(), undefined);
    clock = 8;
    const turn = giveWay();
    assert.ok(turn instanceof Promise);
    await turn;
    assert.equal(giveWay(), undefined, 'the slice restarts after the turn');
  });

  it('lets a timer that is due run in the middle of a loop that awaits only resolved promises', async () => {
    let timerRan = false;
    let itemsBeforeTimer = -1;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const giveWay = fairShare(1);
    const started = performance.now();
    for (let item = 0; performance.now() - started < 50; item++) {
      await Promise.resolve();
      if (timerRan && itemsBeforeTimer < 0) itemsBeforeTimer = item;
      const turn = giveWay();
      if (turn) await turn;
    }
    assert.ok(timerRan && itemsBeforeTimer >= 0, 'the timer ran while the loop was still going');
  });
});
