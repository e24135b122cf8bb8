import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@agency/ui/tooltip';
import { renderScreen } from '@agency/ui/testing';
import { markdownHtml } from '@agency/ui/rich-text';
import { MarkdownEditor } from './markdown-editor';

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <TooltipProvider>
      <span id="body-label">Body</span>
      <MarkdownEditor
        id="body"
        labelledBy="body-label"
        value={value}
        onChange={setValue}
        renderHtml={markdownHtml}
      />
    </TooltipProvider>
  );
}

/** The editor with `initial` text and the part between the two `|` selected. */
function setup(marked: string) {
  const [before = '', selected = '', after = ''] = marked.split('|');
  renderScreen(<Editor initial={before + selected + after} />);
  const text = screen.getByLabelText('Body') as HTMLTextAreaElement;
  text.setSelectionRange(before.length, before.length + selected.length);
  const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));
  return { text, click };
}

describe('markdown toolbar', () => {
  it('Bold wraps the selected word, and Bold again unwraps it', async () => {
    const { text, click } = setup('Open |roles| today');
    await click('Bold');
    expect(text.value).toBe('Open **roles** today');
    expect(text.value.slice(text.selectionStart, text.selectionEnd)).toBe('roles');
    await click('Bold');
    expect(text.value).toBe('Open roles today');
    await click('Italic');
    expect(text.value).toBe('Open _roles_ today');
  });

  it('a selection that includes its markers is unwrapped; spaces stay outside new markers', async () => {
    const { text, click } = setup('Open |**roles**| today');
    await click('Bold');
    expect(text.value).toBe('Open roles today');
    text.setSelectionRange(4, 11);
    await click('Bold');
    expect(text.value).toBe('Open **roles** today');
  });

  it('with nothing selected, Bold inserts a selected placeholder', async () => {
    const { text, click } = setup('Hi |');
    await click('Bold');
    expect(text.value).toBe('Hi **bold text**');
    expect(text.value.slice(text.selectionStart, text.selectionEnd)).toBe('bold text');
  });

  it('heading levels replace each other; the same level again removes it', async () => {
    const { text, click } = setup('Intro\nOpen ro|le|s\nMore');
    await click('Heading 2');
    expect(text.value).toBe('Intro\n## Open roles\nMore');
    await click('Heading 3');
    expect(text.value).toBe('Intro\n### Open roles\nMore');
    await click('Heading 1');
    expect(text.value).toBe('Intro\n# Open roles\nMore');
    await click('Heading 1');
    expect(text.value).toBe('Intro\nOpen roles\nMore');
  });

  it('lists number their lines, replace each other and toggle off; a quote prefixes each line', async () => {
    const { text, click } = setup('|One\nTwo|');
    await click('Bullet List');
    expect(text.value).toBe('- One\n- Two');
    await click('Numbered List');
    expect(text.value).toBe('1. One\n2. Two');
    await click('Numbered List');
    expect(text.value).toBe('One\nTwo');
    await click('Quote');
    expect(text.value).toBe('> One\n> Two');
    await click('Quote');
    expect(text.value).toBe('One\nTwo');
  });

  // Issue 25 item 3: a block format never leaves the line selected, so the next key does not erase it.
  it.each([
    ['Heading 2', '## Open roles'],
    ['Bullet List', '- Open roles'],
    ['Numbered List', '1. Open roles'],
    ['Quote', '> Open roles'],
  ])('%s puts the caret at the end of the line; typing continues it', async (button, formatted) => {
    const { text, click } = setup('Intro\nOpen ro|le|s\nMore');
    await click(button);
    expect(text.value).toBe(`Intro\n${formatted}\nMore`);
    const end = `Intro\n${formatted}`.length;
    expect([text.selectionStart, text.selectionEnd]).toEqual([end, end]);
    await userEvent.type(text, ' now', { skipClick: true });
    expect(text.value).toBe(`Intro\n${formatted} now\nMore`);
  });

  it.each([
    ['Heading 1', '# Heading', 'Heading'],
    ['Bullet List', '- List item', 'List item'],
    ['Numbered List', '1. List item', 'List item'],
    ['Quote', '> Quote', 'Quote'],
  ])('%s on an empty line selects only the placeholder', async (button, line, placeholder) => {
    const { text, click } = setup('Intro\n|');
    await click(button);
    expect(text.value).toBe(`Intro\n${line}`);
    expect(text.value.slice(text.selectionStart, text.selectionEnd)).toBe(placeholder);
    await userEvent.type(text, 'Typed', { skipClick: true });
    expect(text.value).toBe(`Intro\n${line.slice(0, -placeholder.length)}Typed`);
  });

  it('Insert Link asks in a dialog, with the selection as its text, and refuses unsafe addresses', async () => {
    const { text, click } = setup('Read the |guide|.');
    await click('Insert Link');
    const dialog = await screen.findByRole('dialog', { name: 'Insert Link' });
    expect((within(dialog).getByLabelText('Link Text') as HTMLInputElement).value).toBe('guide');
    await userEvent.type(within(dialog).getByLabelText('URL'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert Link' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/http\(s\), mailto: or tel:/);
    expect(text.value).toBe('Read the guide.');
    await userEvent.clear(within(dialog).getByLabelText('URL'));
    await userEvent.type(within(dialog).getByLabelText('URL'), '/resources');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert Link' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(text.value).toBe('Read the [guide](/resources).');
  });

  it('counts the characters of the text and previews it as the public site renders it', async () => {
    const { click } = setup('## Plan\n\n**Bold** <img src=x onerror=alert(1)>|');
    expect(screen.getByText('46 characters')).toBeTruthy();
    await click('Preview');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
    expect(preview.querySelector('strong')?.textContent).toBe('Bold');
    expect(preview.innerHTML).not.toContain('onerror');
    expect((screen.getByRole('button', { name: 'Bold' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

// Issue 41 defect 7: Enter in a list item continues the list; Enter in an empty item ends it.
describe('lists in the markdown editor', () => {
  /** Types `keys` into the editor holding `marked`, the caret at its `|`. */
  async function typeAt(marked: string, keys: string) {
    const caret = marked.indexOf('|');
    const { text } = setup(marked);
    text.focus();
    text.setSelectionRange(caret, caret);
    await userEvent.keyboard(keys);
    return text.value;
  }

  it('Enter at the end of a "- " item starts the next item with the same marker', async () => {
    expect(await typeAt('- First|', '{Enter}Second')).toBe('- First\n- Second');
  });

  it('Enter at the end of a "* " item starts the next item with the same marker', async () => {
    expect(await typeAt('Intro\n\n* One|', '{Enter}Two')).toBe('Intro\n\n* One\n* Two');
  });

  it('Enter at the end of a numbered item numbers the next one; Enter on an empty item ends the list', async () => {
    expect(await typeAt('Steps:\n1. Plan|', '{Enter}Build{Enter}{Enter}After the list')).toBe(
      'Steps:\n1. Plan\n2. Build\nAfter the list',
    );
  });
});
