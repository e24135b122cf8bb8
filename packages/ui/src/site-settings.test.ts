import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@agency/contracts';
import {
  SITE_SETTINGS_URL,
  getSiteSettings,
  httpsUrlOrUndefined,
  siteSettingsQueryOptions,
  telHref,
} from './site-settings';
import { setApiTransport } from './api-client';
import { fakeApi, ok } from './testing.test-utils';

describe('site settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiTransport((url, init) => fetch(url, init)); // the fake API's transport is global
  });

  it('keeps valid fields and falls back field by field for missing or wrong ones', async () => {
    fakeApi({
      [SITE_SETTINGS_URL]: ok({
        siteName: ' Acme ',
        contactEmail: 42,
        contactPhone: '',
        socialLinks: { linkedin: '', x: 'https://x.com/acme' },
        leadRetentionMonths: -1,
      }),
    });
    const s = await getSiteSettings();
    expect(s.siteName).toBe('Acme');
    expect(s.contactEmail).toBe(DEFAULT_SITE_SETTINGS.contactEmail);
    expect(s.contactPhone).toBe('');
    expect(s.leadRetentionMonths).toBe(DEFAULT_SITE_SETTINGS.leadRetentionMonths);
    expect(s.socialLinks).toEqual({
      linkedin: '',
      x: 'https://x.com/acme',
      instagram: DEFAULT_SITE_SETTINGS.socialLinks.instagram,
      youtube: DEFAULT_SITE_SETTINGS.socialLinks.youtube,
    });
    fakeApi({ [SITE_SETTINGS_URL]: ok(null) });
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('accepts https links only', () => {
    expect(httpsUrlOrUndefined('https://example.com/a')).toBe('https://example.com/a');
    expect(httpsUrlOrUndefined(' https://example.com ')).toBe('https://example.com');
    expect(httpsUrlOrUndefined('http://example.com')).toBeUndefined();
    expect(httpsUrlOrUndefined('javascript:alert(1)')).toBeUndefined();
    expect(httpsUrlOrUndefined('')).toBeUndefined();
    expect(httpsUrlOrUndefined(undefined)).toBeUndefined();
  });

  it('builds tel: targets from digits and a leading + only', () => {
    expect(telHref('+1 (415) 555-0142')).toBe('+14155550142');
    expect(telHref('020 7946.0958')).toBe('02079460958');
    expect(telHref('1+2')).toBe('12');
    expect(telHref('')).toBe('');
  });

  it('fetches the public endpoint under one shared query key', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...DEFAULT_SITE_SETTINGS, siteName: 'Acme' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(siteSettingsQueryOptions.queryKey).toEqual(['site-settings']);
    await expect(getSiteSettings()).resolves.toMatchObject({ siteName: 'Acme' });
    expect(fetchMock).toHaveBeenCalledWith('/api/site-settings', { credentials: 'include' });
  });
});
