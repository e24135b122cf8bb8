import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Switch } from './form-controls';

function Published() {
  const [on, setOn] = useState(false);
  return <Switch checked={on} onChange={setOn} label="Published" onText="Published" offText="Draft" />;
}

describe('Switch', () => {
  it('is a switch named by its label that a click, Space and Enter turn on and off, with its state text', async () => {
    render(<Published />);
    const toggle = screen.getByRole('switch', { name: 'Published' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Draft')).toBeTruthy();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByText('Published')).toHaveLength(2); // the label and the state
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    // Clicking the visible label works too, as for any labelled control.
    await userEvent.click(screen.getByText('Published', { selector: 'label' }));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
