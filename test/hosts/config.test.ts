import { expect, test } from 'vitest';
import hosts from '../../vitest.hosts.config.ts';
import unit from '../../vitest.config.ts';

// The two configs split the suite: npm test leaves test/hosts out, test:hosts runs only it.
test('test:hosts runs test/hosts only, npm test leaves it out', () => {
  expect(hosts.test?.include).toEqual(['test/hosts/**/*.test.ts']);
  expect(unit.test?.exclude).toContain('test/hosts/**');
});
