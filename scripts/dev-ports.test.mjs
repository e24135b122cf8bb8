import { describe, expect, it } from 'vitest';
import { devPorts } from './dev-ports.mjs';

describe('npm run dev ports', () => {
  it('without PORT: the documented defaults', () => {
    expect(devPorts(undefined)).toEqual({ shell: 5173, api: 3000, remotes: [5101, 5102, 5103, 5104] });
  });
  it('PORT is the shell (the address to open); the API and the remotes take the five after it', () => {
    expect(devPorts('6100')).toEqual({ shell: 6100, api: 6101, remotes: [6102, 6103, 6104, 6105] });
  });
  it('refuses a PORT that is not a port with room for the five after it', () => {
    for (const bad of ['x', '0', '65531', '80.5']) expect(() => devPorts(bad)).toThrow(/PORT must be/);
  });
});
