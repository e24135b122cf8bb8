import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CLIENT_ERRORS_PATH } from '@agency/contracts/client-error-values';
import { configureRemoteLoader, RemoteModule } from './remote-module';

/** The reports the page sent to the API (POST /api/client-errors), as parsed bodies. */
function captureReports() {
  const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () =>
    fetch.mock.calls
      .filter(([url]) => url === CLIENT_ERRORS_PATH)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe('RemoteModule', () => {
  it('a remote whose code does not arrive shows the failure texts, reports a load error, and Retry loads it', async () => {
    const reports = captureReports();
    let calls = 0;
    configureRemoteLoader(<T,>() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('entry unreachable'))
        : Promise.resolve({ default: () => <p>Case studies list</p> } as T);
    });
    render(<RemoteModule remote="mf_content" module="./CaseStudies" />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This section is temporarily unavailable.');
    expect(alert.textContent).toContain(
      'The rest of the site still works. Try again in a moment, or use the navigation above.',
    );
    expect(reports()).toEqual([expect.objectContaining({ remote: 'mf_content', kind: 'load', route: '/' })]);
    expect(String(reports()[0]?.message)).toContain('entry unreachable');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Case studies list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a remote that throws while rendering shows the compact failure and reports a render error', async () => {
    const reports = captureReports();
    const Broken = () => {
      throw new Error('cannot read the hero');
    };
    configureRemoteLoader(<T,>() => Promise.resolve({ default: Broken } as T));
    render(<RemoteModule remote="mf_marketing" module="./Hero" compact />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This section is temporarily unavailable.');
    expect(alert.textContent).not.toContain('The rest of the site still works.');
    expect(reports()).toEqual([
      expect.objectContaining({ remote: 'mf_marketing', kind: 'render', message: 'cannot read the hero' }),
    ]);
  });
});
