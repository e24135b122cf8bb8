import { describe, expect, it } from 'vitest';
import { remoteOfSource, versionFromEntry } from './error-reporting';

describe('client error reports', () => {
  it('take the version from the release folder of the entry, local for a local build', () => {
    expect(versionFromEntry('/releases/mf-content/1.4.0-ab12cd/remoteEntry.js')).toBe('1.4.0-ab12cd');
    expect(
      versionFromEntry('https://cdn.example.com/releases/mf-content/2.0.0-ffffff/remoteEntry.js?x=1'),
    ).toBe('2.0.0-ffffff');
    expect(versionFromEntry('/remotes/mf-content/remoteEntry.js')).toBe('local');
    expect(versionFromEntry(undefined)).toBe('local');
  });

  it('name the remote a stack or script URL points into, and no remote for the shell', () => {
    expect(
      remoteOfSource(
        'Error: x\n    at f (http://localhost:3000/releases/mf-contact/1.0.0-a/assets/a.js:1:2)',
      ),
    ).toBe('mf_contact');
    expect(remoteOfSource('http://localhost:3000/remotes/mf-marketing/assets/home.js')).toBe('mf_marketing');
    expect(remoteOfSource('http://localhost:3000/assets/index-abc.js')).toBeUndefined();
    expect(remoteOfSource(undefined)).toBeUndefined();
  });
});
