/** The order messages name the value flags of several kinds in. */
import { describe, expect, it } from 'vitest';
import { flagOrder } from '../../../src/adapters/kind.ts';

describe('flagOrder', () => {
  it("gives each kind's choosing flag, then the flags one kind takes, kind by kind, then the shared ones", () => {
    expect(
      flagOrder([
        { name: 'a', flags: ['a'] },
        { name: 'h', flags: ['h', 'h-x', 'shared', 'h-y'] },
        { name: 'm', flags: ['m', 'shared', 'm-x'] },
      ]),
    ).toEqual(['a', 'h', 'm', 'h-x', 'h-y', 'm-x', 'shared']);
    expect(flagOrder([])).toEqual([]);
  });
});
