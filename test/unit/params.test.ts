import assert from 'node:assert/strict';
import { booleanParam, integer, list, optionalBoolean, pipeList, required, single } from '../../src/kernel/params';
import { statusOf } from '../../src/http/errors';

const fails400 = (fn: () => unknown, message: RegExp) => assert.throws(fn, (err: Error) => statusOf(err) === 400 && message.test(err.message));

describe('query parameters (kernel/params, one reader for every route)', () => {
  it('reads one value, refusing a repeated one', () => {
    assert.equal(single({ q: 'shoe' }, 'q'), 'shoe');
    assert.equal(single({}, 'q'), undefined);
    fails400(() => single({ q: ['a', 'b'] }, 'q'), /^Query parameter q is given more than once$/);
  });

  it('treats an empty or blank required value as missing', () => {
    assert.equal(required({ id: 'x' }, 'id'), 'x');
    for (const query of [{}, { id: '' }, { id: '  ' }]) fails400(() => required(query, 'id'), /^Query parameter id is required$/);
  });

  it('reads booleans in any case, with or without a fallback', () => {
    assert.equal(optionalBoolean({ notify: 'FALSE' }, 'notify'), false);
    assert.equal(optionalBoolean({ notify: '' }, 'notify'), undefined);
    assert.equal(booleanParam({}, 'force', false), false);
    assert.equal(booleanParam({ force: 'True' }, 'force', false), true);
    fails400(() => booleanParam({ force: 'yes' }, 'force', false), /must be true or false \(got "yes"\)/);
  });

  it('reads integers within bounds; the fallback may be undefined', () => {
    assert.equal(integer({ limit: ' 12 ' }, 'limit', 60, 0, 100), 12);
    assert.equal(integer({}, 'limit', undefined, 0, 100), undefined);
    fails400(() => integer({ limit: '1.5' }, 'limit', 60, 0, 100), /must be an integer/);
    fails400(() => integer({ limit: '101' }, 'limit', 60, 0, 100), /must be between 0 and 100 \(got 101\)/);
  });

  it('reads pipe lists (storefront) and pipe-, comma- or repeated lists (admin)', () => {
    assert.deepEqual(pipeList({ stores: 'S1| S2 ||' }, 'stores'), ['S1', 'S2']);
    assert.equal(pipeList({ stores: '' }, 'stores'), undefined);
    assert.deepEqual(list({ types: ['CONTENT', 'PRODUCT_GROUPS,TRANSLATIONS'] }, 'types'), ['CONTENT', 'PRODUCT_GROUPS', 'TRANSLATIONS']);
    assert.equal(list({}, 'types'), undefined);
  });
});
