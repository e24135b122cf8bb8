import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@agency/ui/testing';
import { AboutPage } from './about-page';

describe('AboutPage', () => {
  it('shows the hero with the four spec stats', () => {
    renderScreen(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Senior Expertise. Zero Bloat.');
    const stats = within(screen.getByTestId('about-stats'));
    const pairs = stats
      .getAllByRole('definition')
      .map((dd, i) => [dd.textContent, stats.getAllByRole('term')[i]!.textContent]);
    expect(pairs).toEqual([
      ['40+', 'Years Combined Experience'],
      ['150+', 'Successful Projects'],
      ['95%', 'Client Retention Rate'],
      ['$50M+', 'Revenue Generated'],
    ]);
  });

  it('has Our Story, the four values and the senior-expertise section', () => {
    renderScreen(<AboutPage />);
    expect(screen.getByText('Our Story')).toBeTruthy();
    for (const value of ['Results-Driven', 'Direct Access', 'Data-Informed', 'Efficient Execution']) {
      expect(screen.getByRole('heading', { name: value })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Senior People on Every Account' })).toBeTruthy();
  });

  it('ends with a call to action to /contact and /case-studies', () => {
    renderScreen(<AboutPage />);
    expect(screen.getByRole('heading', { name: 'Ready to Work With Senior Experts?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a Conversation' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'View Case Studies' }).getAttribute('href')).toBe(
      '/case-studies',
    );
  });
});
