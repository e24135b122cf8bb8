import { describe, expect, it } from 'vitest';
import { sharedSingletons } from '@agency/ui/singletons';
import { SHARED_SINGLETONS } from './shared';

describe('the shared singletons', () => {
  it('every server build reports the same list the federation config shares (none left unchecked)', () => {
    expect(Object.keys(sharedSingletons).sort()).toEqual(Object.keys(SHARED_SINGLETONS).sort());
  });
});
